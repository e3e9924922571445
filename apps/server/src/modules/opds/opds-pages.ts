import { ErrorCode, type Language } from '@inkstream/contracts';
import sharp from 'sharp';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/request-user.js';
import { notFound } from '../../lib/app-error.js';
import type { ProgressService } from '../library/progress.service.js';
import { userReaderKey } from '../library/reader-key.js';
import { MediaNotFoundError, type MediaStorage } from '../media/media-storage.js';
import type { AccessService } from '../access/access.service.js';
import { mayRead } from '../access/chapter-access.js';
import { readSharedChapter, type StoredPage } from '../reading/shared-chapter.js';
import { lockedChapterError } from './opds-locked.js';

/**
 * OPDS-PSE 1.1 page streaming (docs/OPDS.md "Page streaming"): one page of a comic chapter as a
 * JPEG at most `maxWidth` wide. The access rule (modules/access) is asked at every page, so a
 * membership that ends mid-chapter stops the next page; a page fetch moves the reader's progress.
 */

/** The narrowest and widest page an app may ask for; outside, the route answers 400. */
export const PSE_MIN_WIDTH = 64;
export const PSE_MAX_WIDTH = 2000;
/** Progress is written at most once per reader and chapter in this interval (a reader turns pages fast). */
export const PSE_PROGRESS_INTERVAL_MS = 10_000;
/** Pages transcoded at once by this process: each holds a decoded page, so they are bounded. */
const TRANSCODE_CONCURRENCY = 2;
/** A stored page larger than this is not read into memory (pages are at most 1,600 px wide). */
const MAX_PAGE_BYTES = 32 * 1024 * 1024;
const JPEG_QUALITY = 82;
/** As the import pipeline: a stored page over 100 megapixels is not decoded. */
const MAX_INPUT_PIXELS = 100_000_000;

const chapterNotFound = () => notFound(ErrorCode.CHAPTER_NOT_FOUND, 'This chapter does not exist');
const pageNotFound = () => notFound(ErrorCode.NOT_FOUND, 'This chapter has no such page');

/** A small gate: at most `limit` tasks run, the rest wait in order. */
function createGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

async function readAll(storage: MediaStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await storage.read(key)) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > MAX_PAGE_BYTES) throw new Error(`Page ${key} is larger than ${MAX_PAGE_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function createOpdsPages(deps: {
  db: Db;
  storage: MediaStorage;
  access: Pick<AccessService, 'chapterAccess'>;
  progress: Pick<ProgressService, 'save' | 'bookProgress'>;
  now?: () => number;
  onError?: (error: unknown) => void;
}) {
  const { db, storage, access: accessRule, progress } = deps;
  const now = deps.now ?? Date.now;
  const gate = createGate(TRANSCODE_CONCURRENCY);
  /** `${userId}:${chapterUuid}` → when its progress was last written and to which page. */
  const written = new Map<string, { at: number; page: number }>();

  /** The chapter's pages for the reader's language (the site's choice), or a 404/403 as the site answers. */
  async function pagesOf(chapterUuid: string, user: AuthUser, language: Language) {
    const access = await accessRule.chapterAccess(chapterUuid, user);
    if (access === 'missing') throw chapterNotFound();
    if (!mayRead(access)) throw lockedChapterError(access, language);
    const shared = await readSharedChapter(db, chapterUuid, language);
    if (!shared || shared.bookType !== 'comic') throw chapterNotFound();
    // Free to everyone is the rule's first answer, whoever asks: no second read to know it.
    return { shared, free: access === 'free' };
  }

  /** The stored form to decode: WebP (decodes fast), else the fallback. AVIF is slowest to decode. */
  const sourceKey = (page: StoredPage) => page.webp_key ?? page.media_key;

  /**
   * One page as a JPEG at most `maxWidth` wide (aspect ratio kept, never enlarged). Entitlement is
   * checked first, at this moment; progress is recorded after, without waiting for it.
   */
  async function page(
    chapterUuid: string,
    pageNumber: number,
    maxWidth: number,
    user: AuthUser,
    language: Language,
  ): Promise<{ jpeg: Buffer; free: boolean }> {
    const { shared, free } = await pagesOf(chapterUuid, user, language);
    const stored = shared.pages[pageNumber];
    if (!stored) throw pageNotFound();
    // A page row whose file is gone (a storage cleanup mid-read) is a missing page, not a failure.
    const bytes = await readAll(storage, sourceKey(stored)).catch((error: unknown) => {
      throw error instanceof MediaNotFoundError ? pageNotFound() : error;
    });
    const jpeg = await gate(() =>
      sharp(bytes, { failOn: 'error', animated: false, sequentialRead: true, limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: maxWidth, withoutEnlargement: true })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
        .toBuffer(),
    );
    record(user, shared.bookUuid, chapterUuid, pageNumber);
    return { jpeg, free };
  }

  /** Moves the reader's position to this page when further on (throttled, never awaited by the page). */
  function record(user: AuthUser, bookUuid: string, chapterUuid: string, pageNumber: number) {
    const key = `${user.id}:${chapterUuid}`;
    const at = now();
    const last = written.get(key);
    if (last && (at - last.at < PSE_PROGRESS_INTERVAL_MS || last.page >= pageNumber)) return;
    written.set(key, { at, page: pageNumber });
    if (written.size > 10_000) written.delete(written.keys().next().value as string);
    const reader = userReaderKey(user.id);
    void (async () => {
      const current = await progress.bookProgress(bookUuid, undefined, reader, async () => false);
      const resume = current.resume;
      if (resume?.chapter_uuid === chapterUuid && (resume.page_index ?? 0) >= pageNumber) return;
      await progress.save({ progress: [{ book_uuid: bookUuid, chapter_uuid: chapterUuid, page_index: pageNumber }] }, reader);
    })().catch((error: unknown) => deps.onError?.(error));
  }

  /**
   * A readable comic chapter for its Divina manifest (docs/OPDS.md "OPDS 2.0"): its book, titles
   * and page sizes in the reader's language, or the same 404/403 as a page. `free` says whether
   * anyone may read it (then it may be cached like a free page).
   */
  async function chapter(chapterUuid: string, user: AuthUser, language: Language) {
    const { shared, free } = await pagesOf(chapterUuid, user, language);
    return {
      bookUuid: shared.bookUuid,
      number: shared.number,
      title: shared.title,
      chapterTitle: shared.chapterTitle,
      pages: shared.pages.map(({ width, height }) => ({ width, height })),
      direction: shared.reading.direction,
      free,
    };
  }

  /**
   * Forgets what this process last wrote for a reader's chapter: after an app set the position
   * explicitly (OPDS Progression, possibly backward), the next page fetched is compared with the
   * stored position again, not with the page this process wrote before.
   */
  function forget(userId: number, chapterUuid: string) {
    written.delete(`${userId}:${chapterUuid}`);
  }

  return { page, chapter, forget };
}

export type OpdsPages = ReturnType<typeof createOpdsPages>;
