import {
  OFFLINE_CHECK_MAX,
  type BookType,
  type ChapterContent,
  type OfflineAccess,
  type OfflineChapterCheck,
  type OfflineCheckResult,
} from '@inkstream/contracts';
import { ErrorCode } from '@inkstream/contracts/error-codes';
import { ApiError } from '../../lib/api-client';
import { effectiveNow } from './offline-clock';
import { offlineContent, pagesToSave, savedImageUrl, textBytes } from './saved-content';
import type { OfflineStorage, SavedChapter } from './saved-chapter';

/**
 * Saving chapters for offline reading (issue 47), one state machine for every button:
 *
 * 1. One check of the whole batch (POST /reader/offline/check): what is readable now, and until when.
 *    Unreadable chapters are skipped, each with its reason.
 * 2. The chapters' answers, as the reader asks for them (the same signed page addresses, the lighter
 *    pages with the data saver). On a metered connection the reader is asked first, with the size.
 * 3. Per chapter: the record is written with state 'saving', then every page image is stored, then the
 *    record becomes 'saved'. Anything that fails on the way deletes that chapter's pages and record:
 *    no half-saved chapter is ever 'saved', and one interrupted by a closed tab stays 'saving' for
 *    the next start to finish or delete (offline-maintenance.ts).
 *
 * Storage full, the connection gone, or a cancel stops the whole run; a chapter refused on its own
 * (its membership ended between the check and its answer) is skipped and the run goes on.
 */

export interface SaveBook {
  book_uuid: string;
  title: string;
  book_type: BookType;
  cover_image: string | null;
}

export interface SaveTarget {
  chapter_uuid: string;
  chapter_number: number;
  title: string;
}

export interface SaveRequest {
  book: SaveBook;
  chapters: SaveTarget[];
  language: string;
  /** The data saver's lighter pages. */
  lighter: boolean;
}

/** Why a chapter was not saved: the check's refusal, or 'failed' (its answer or a page could not be fetched). */
export type SkipReason = Exclude<OfflineAccess, 'free' | 'member' | 'granted' | 'admin'> | 'failed';
export interface Skipped {
  chapter_number: number;
  reason: SkipReason;
}

/** Why a run ended before its last chapter. */
export type StopReason = 'quota' | 'offline' | 'cancelled' | 'declined' | 'failed';

export interface SaveProgress {
  phase: 'checking' | 'preparing' | 'saving';
  /** Chapters dealt with (saved or skipped) of `total`. */
  done: number;
  total: number;
}

export interface SaveOutcome {
  /** Chapters saved now or found saved already (their end re-checked). */
  saved: number;
  skipped: Skipped[];
  stopped?: StopReason;
}

export interface SaveDeps {
  storage: OfflineStorage;
  check(chapterUuids: string[]): Promise<OfflineCheckResult>;
  content(chapterUuid: string, language: string, lighter: boolean): Promise<ChapterContent>;
  image(url: string, signal?: AbortSignal): Promise<Blob>;
  /** Whether to ask before saving (Save-Data or a metered connection: connection.ts). */
  isMetered(): boolean;
  now(): number;
}

export interface SaveOptions {
  signal?: AbortSignal | undefined;
  onProgress?(progress: SaveProgress): void;
  /** Asked on a metered connection before any page is fetched: save `chapters` of about `bytes`? */
  confirm?(estimate: { chapters: number; bytes: number }): Promise<boolean>;
  /** Told after each chapter saved (the screens' saved marks follow). */
  onSaved?(chapterUuid: string): void;
}

/**
 * For a member's copy, the membership's end the check gave; for a rented chapter (issue 59, access
 * `granted` with an end), the rental's end; no end for free, a grant for good and admin.
 */
export function readableUntilOf(answer: Pick<OfflineChapterCheck, 'access' | 'readable_until'>): number | null {
  if ((answer.access !== 'member' && answer.access !== 'granted') || answer.readable_until === null) return null;
  const end = Date.parse(answer.readable_until);
  // An end that cannot be read is no end in the future: the copy would not open.
  return Number.isFinite(end) ? end : 0;
}

/** Asks the check for any number of chapters, OFFLINE_CHECK_MAX at a time. */
export async function checkChapters(
  check: SaveDeps['check'],
  chapterUuids: readonly string[],
): Promise<{ answers: Map<string, OfflineChapterCheck>; checkedAt: number }> {
  const answers = new Map<string, OfflineChapterCheck>();
  let checkedAt = 0;
  for (let i = 0; i < chapterUuids.length; i += OFFLINE_CHECK_MAX) {
    const result = await check(chapterUuids.slice(i, i + OFFLINE_CHECK_MAX));
    checkedAt = Math.max(checkedAt, Date.parse(result.checked_at) || 0);
    for (const answer of result.chapters) answers.set(answer.chapter_uuid.toLowerCase(), answer);
  }
  return { answers, checkedAt };
}

/** Deletes a chapter's copy: the record first (never shown half there), then its pages. */
export async function removeSaved(storage: OfflineStorage, chapter: Pick<SavedChapter, 'chapter_uuid' | 'page_count'>): Promise<void> {
  await storage.store.remove(chapter.chapter_uuid);
  await storage.pages.removeChapter(chapter.chapter_uuid, chapter.page_count);
}

/** What a failure means for the run: stop it (and why), or skip the chapter (and why). */
export function failureOf(error: unknown, signal?: AbortSignal): { stop: StopReason } | { skip: SkipReason } {
  if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) return { stop: 'cancelled' };
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return { stop: 'quota' };
  if (!(error instanceof ApiError)) return error instanceof TypeError ? { stop: 'offline' } : { stop: 'failed' };
  if (error.code === ErrorCode.MEMBERSHIP_REQUIRED) return { skip: 'members_only' };
  if (error.code === ErrorCode.MEMBERSHIP_EXPIRED) return { skip: 'expired' };
  if (error.code === ErrorCode.EARLY_ACCESS) return { skip: 'early_access' };
  if (error.status === 404) return { skip: 'missing' };
  return { skip: 'failed' };
}

/** The chapters' answers a ready chapter is saved from, with what the check said. */
interface Ready {
  target: SaveTarget;
  answer: OfflineChapterCheck;
  content: ChapterContent;
}

/**
 * About how many bytes the chapters' pages take, from their pixels: WebP of drawn pages at the
 * pipeline's quality is about 0.15 byte a pixel (1.2 bits), the lighter ones about half. Flat art
 * (the demo's) takes far less, so the question errs on the high side.
 */
export function estimateBytes(contents: readonly ChapterContent[], lighter: boolean): number {
  const perPixel = lighter ? 0.08 : 0.15;
  return contents.reduce(
    (sum, content) =>
      sum + textBytes(content) + pagesToSave(content).reduce((pages, page) => pages + page.width * page.height * perPixel, 0),
    0,
  );
}

export async function saveChapters(deps: SaveDeps, request: SaveRequest, options: SaveOptions = {}): Promise<SaveOutcome> {
  const { signal, onProgress, confirm, onSaved } = options;
  const { storage, now } = deps;
  const total = request.chapters.length;
  const skipped: Skipped[] = [];
  let saved = 0;
  const report = (phase: SaveProgress['phase']) => onProgress?.({ phase, done: saved + skipped.length, total });
  const stopWith = (stopped: StopReason): SaveOutcome => ({ saved, skipped, stopped });

  // 1. What is readable now, and until when.
  report('checking');
  let answers: Map<string, OfflineChapterCheck>;
  try {
    const checked = await checkChapters(
      deps.check,
      request.chapters.map((chapter) => chapter.chapter_uuid),
    );
    answers = checked.answers;
    await effectiveNow(storage.store, Math.max(now(), checked.checkedAt));
  } catch (error) {
    const failure = failureOf(error, signal);
    return stopWith('stop' in failure ? failure.stop : 'failed');
  }

  // 2. The answers of the readable chapters; a copy already saved in the same form only takes the new end.
  report('preparing');
  const ready: Ready[] = [];
  for (const target of request.chapters) {
    if (signal?.aborted) return stopWith('cancelled');
    const answer = answers.get(target.chapter_uuid.toLowerCase());
    if (!answer?.readable) {
      skipped.push({ chapter_number: target.chapter_number, reason: answer ? (answer.access as SkipReason) : 'missing' });
      report('preparing');
      continue;
    }
    const existing = await storage.store.get(target.chapter_uuid);
    if (existing?.state === 'saved' && existing.language === request.language && existing.lighter === request.lighter) {
      await storage.store.put({ ...existing, access: answer.access, readable_until: readableUntilOf(answer), checked_at: now() });
      saved += 1;
      report('preparing');
      continue;
    }
    try {
      ready.push({ target, answer, content: await deps.content(target.chapter_uuid, request.language, request.lighter) });
    } catch (error) {
      const failure = failureOf(error, signal);
      if ('stop' in failure) return stopWith(failure.stop);
      skipped.push({ chapter_number: target.chapter_number, reason: failure.skip });
      report('preparing');
    }
  }

  // Save-Data or a metered connection: the reader says yes to this many chapters of about this size first.
  if (ready.length > 0 && deps.isMetered()) {
    const bytes = estimateBytes(
      ready.map((item) => item.content),
      request.lighter,
    );
    if (!confirm || !(await confirm({ chapters: ready.length, bytes }))) return stopWith('declined');
  }

  // 3. Each chapter: 'saving', its pages, 'saved'; on any failure its copy goes.
  for (const item of ready) {
    if (signal?.aborted) return stopWith('cancelled');
    report('saving');
    try {
      await saveOne(deps, request, item, signal);
      saved += 1;
      onSaved?.(item.target.chapter_uuid);
    } catch (error) {
      const failure = failureOf(error, signal);
      if ('stop' in failure) return stopWith(failure.stop);
      skipped.push({ chapter_number: item.target.chapter_number, reason: failure.skip });
    }
  }
  report('saving');
  return { saved, skipped };
}

async function saveOne(deps: SaveDeps, request: SaveRequest, { target, answer, content }: Ready, signal: AbortSignal | undefined) {
  const { storage } = deps;
  const pages = pagesToSave(content);
  // A copy in another language or form is replaced whole: its pages go first.
  const existing = await storage.store.get(target.chapter_uuid);
  if (existing) await removeSaved(storage, existing);
  const at = await effectiveNow(storage.store, deps.now());
  const record: SavedChapter = {
    chapter_uuid: content.chapter_uuid,
    book_uuid: content.book_uuid,
    language: request.language,
    state: 'saving',
    readable_until: readableUntilOf(answer),
    access: answer.access,
    saved_at: at,
    checked_at: at,
    bytes: textBytes(content),
    page_count: pages.length,
    lighter: request.lighter,
    book_title: content.title || request.book.title,
    book_type: content.book_type,
    cover_image: request.book.cover_image,
    chapter_number: content.chapter_number,
    chapter_title: content.chapter_title,
    content: offlineContent(content),
  };
  await storage.store.put(record);
  try {
    let bytes = record.bytes;
    for (const [index, page] of pages.entries()) {
      signal?.throwIfAborted();
      const image = await deps.image(savedImageUrl(page), signal);
      await storage.pages.put(record.chapter_uuid, index, image);
      bytes += image.size;
    }
    signal?.throwIfAborted();
    await storage.store.put({ ...record, state: 'saved', bytes });
    await storage.store.forgetEnded({ chapterUuid: record.chapter_uuid });
  } catch (error) {
    await removeSaved(storage, record).catch(() => undefined);
    throw error;
  }
}
