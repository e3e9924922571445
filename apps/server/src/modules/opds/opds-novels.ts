import type { Readable } from 'node:stream';
import type { Audience } from '../access/content-rating.js';
import { ErrorCode, type Language } from '@inkstream/contracts';
import sharp from 'sharp';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/request-user.js';
import { notFound } from '../../lib/app-error.js';
import { pickTranslation } from '../../lib/language.js';
import type { MediaStorage } from '../media/media-storage.js';
import type { AccessService } from '../access/access.service.js';
import { mayRead } from '../access/chapter-access.js';
import { readSharedChapter } from '../reading/shared-chapter.js';
import { epubStream, type EpubBook, type EpubChapter, type EpubText } from './opds-epub.js';
import { lockedChapterError } from './opds-locked.js';
import { renderChapterXhtml } from './opds-novel-text.js';
import type { FeedTexts } from './opds-texts.js';
import * as repo from './opds-novel.repository.js';
import type { OpdsService } from './opds.service.js';

/**
 * What a reading app downloads of a novel (docs/OPDS.md "Novels"): one chapter as XHTML, or the
 * book as an EPUB of the chapters the reader may read at that moment. Entitlement is the access
 * module's own decision (`chapterAccess`), asked at each download as the page route asks it at
 * each page.
 */

/** Chapters in one EPUB at most (the book's first ones): bounds the statements and bytes of one download. */
export const EPUB_MAX_CHAPTERS = 500;
/** A cover larger than this is left out of the EPUB rather than decoded. */
const MAX_COVER_BYTES = 15 * 1024 * 1024;
const MAX_COVER_PIXELS = 40_000_000;

const chapterNotFound = () => notFound(ErrorCode.CHAPTER_NOT_FOUND, 'This chapter does not exist');
const bookNotFound = () => notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');

const headingOf = (number: number, title: string) => (title ? `${number}. ${title}` : String(number));

export function createOpdsNovels(deps: {
  db: Db;
  storage: MediaStorage;
  access: Pick<AccessService, 'chapterAccess'>;
  opds: Pick<OpdsService, 'book'>;
  siteName: string;
  onError?: (error: unknown) => void;
}) {
  const { db, storage, access: accessRule, opds } = deps;

  /**
   * One novel chapter as XHTML, in the reader's language with the site's fallback. Unknown,
   * unpublished or not a novel's: 404; a chapter the reader may not read now: 403.
   */
  async function chapterText(chapterUuid: string, user: AuthUser, language: Language): Promise<{ xhtml: string; free: boolean }> {
    const access = await accessRule.chapterAccess(chapterUuid, user);
    if (access === 'missing') throw chapterNotFound();
    const shared = await readSharedChapter(db, chapterUuid, language);
    if (!shared || shared.bookType !== 'novel') throw chapterNotFound();
    if (!mayRead(access)) throw lockedChapterError(access, language);
    const heading = headingOf(shared.number, shared.chapterTitle);
    const xhtml = renderChapterXhtml({
      title: shared.title ? `${shared.title}: ${heading}` : heading,
      heading,
      language: shared.textLanguage ?? language,
      html: shared.text,
    });
    // Free to everyone is the rule's first answer, whoever asks: no second read to know it.
    return { xhtml, free: access === 'free' };
  }

  /** The stored cover as a JPEG (what every EPUB reader shows), or null when it cannot be read. */
  async function coverOf(key: string | null): Promise<EpubBook['cover']> {
    if (!key) return null;
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of await storage.read(key)) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += buffer.length;
        if (size > MAX_COVER_BYTES) return null;
        chunks.push(buffer);
      }
      const bytes = await sharp(Buffer.concat(chunks), { failOn: 'error', animated: false, limitInputPixels: MAX_COVER_PIXELS })
        .rotate()
        .resize({ width: 1600, withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer();
      return { bytes, mediaType: 'image/jpeg' };
    } catch (error) {
      // A missing or broken cover never costs the reader their book.
      deps.onError?.(error);
      return null;
    }
  }

  /** Each chapter's text in the reader's language, else the fallback (as the site reads it). */
  async function textsOf(chapters: readonly EpubChapter[], language: Language, original: string): Promise<Map<string, EpubText>> {
    const rows = await repo.findChapterTexts(
      db,
      chapters.map((chapter) => chapter.uuid),
    );
    const found = new Map<string, EpubText>();
    for (const chapter of chapters) {
      const chosen = pickTranslation(
        rows.filter((row) => row.chapter_uuid === chapter.uuid),
        language,
        original,
      );
      if (chosen) found.set(chapter.uuid, { language: chosen.language, html: chosen.html });
    }
    return found;
  }

  /**
   * A novel as an EPUB: its first EPUB_MAX_CHAPTERS chapters, of which the free ones for everyone
   * and the paid ones only when the reader may read them at this moment (the book feed's
   * decision, opds.service.ts `book`). Left out chapters are counted on a last page. Whether any
   * paid chapter is in it is returned for the cache headers.
   */
  async function epub(
    bookUuid: string,
    user: AuthUser,
    language: Language,
    texts: FeedTexts,
    audience: Audience,
  ): Promise<{ stream: Readable; title: string; paid: boolean }> {
    const stored = await repo.findEpubBook(db, bookUuid);
    if (!stored || stored.book_type !== 'novel') throw bookNotFound();
    const found = await opds.book(bookUuid, user, { page: 0, pageSize: EPUB_MAX_CHAPTERS, language, audience });
    const included = found.chapters.filter((chapter) => chapter.readable);
    const chapters = included.map((chapter) => ({
      uuid: chapter.uuid,
      number: chapter.number,
      heading: headingOf(chapter.number, chapter.title),
    }));
    const locked = found.chapters.length - included.length;
    const pastCap = found.total - found.chapters.length;
    const say = (line: string, n: number) => line.replace('{n}', String(n));
    const lines = [
      ...(locked > 0 ? [say(texts.novels.membersOnly, locked)] : []),
      ...(pastCap > 0 ? [say(texts.novels.pastCap, EPUB_MAX_CHAPTERS)] : []),
      ...(chapters.length === 0 && locked === 0 ? [texts.novels.none] : []),
    ];
    // The package's language is the first chapter's text's (the fallback may give another than the reader's).
    const [first, cover] = await Promise.all([
      chapters[0] ? textsOf([chapters[0]], language, stored.original_language) : new Map<string, EpubText>(),
      coverOf(stored.cover_key),
    ]);
    const book: EpubBook = {
      uuid: found.book.uuid,
      title: found.book.title,
      author: found.book.author,
      summary: found.book.summary,
      language: (chapters[0] && first.get(chapters[0].uuid)?.language) ?? stored.original_language,
      updated: found.book.updated,
      publisher: deps.siteName,
      cover,
      chapters,
      notice: lines.length > 0 ? { title: texts.novels.leftOut, lines } : null,
    };
    const stream = epubStream(book, (batch) => textsOf(batch, language, stored.original_language));
    return { stream, title: book.title, paid: included.some((chapter) => !chapter.free) };
  }

  return { chapterText, epub };
}

export type OpdsNovels = ReturnType<typeof createOpdsNovels>;
