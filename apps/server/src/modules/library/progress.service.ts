import { fileAsReading } from './statuses.repository.js';
import {
  ErrorCode,
  type BookProgress,
  type ContinueReadingItem,
  type ContinueReadingQuery,
  type HistoryItem,
  type HistoryQuery,
  type ProgressBody,
  type ResumePoint,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { ChapterReadsTable, ReadingProgressTable } from '../../db/schema.js';
import { AppError, badRequest, notFound, type ErrorDetail } from '../../lib/app-error.js';
import { resolveLanguage } from '../../lib/language.js';
import { DAY_MS, toIso } from '../../lib/time.js';
import type { MediaUrls } from '../media/media-urls.js';
import { cardFields, loadTexts } from './library-texts.js';
import * as repo from './progress.repository.js';
import { userIdOfKey, userReaderKey, type ReaderKey } from './reader-key.js';
import { refuseLeftReaderKey } from '../users/account-guard.js';

/** A client clock may be off: positions dated in the future count as now, older than this as this old. */
const MAX_CLIENT_AGE_MS = 30 * DAY_MS;

type RecentRow = Awaited<ReturnType<typeof repo.findRecentProgress>>[number];

/** The chapter and position a row resumes at: the row's own, or the next chapter's start once it is finished. */
async function resumeTarget(executor: DbExecutor, row: RecentRow) {
  const next = row.finished_at !== null ? await repo.findNextChapter(executor, row.book_id, row.chapter_number) : undefined;
  const isComic = row.book_type === 'comic';
  return next
    ? {
        bookId: row.book_id,
        chapterId: next.id,
        uuid: next.uuid,
        number: next.number,
        page: isComic ? 0 : null,
        offset: isComic ? 0 : null,
        fraction: isComic ? null : 0,
        row,
      }
    : {
        bookId: row.book_id,
        chapterId: row.chapter_id,
        uuid: row.chapter_uuid,
        number: row.chapter_number,
        page: row.page_index,
        offset: row.page_offset,
        fraction: row.text_fraction,
        row,
      };
}

export function createProgressService(deps: { db: Db; media: MediaUrls; now?: () => number }) {
  const { db, media } = deps;
  const now = deps.now ?? Date.now;

  /**
   * Saves positions and opened/finished chapters, all or nothing: a chapter that does not exist,
   * is not published or belongs to another book, or a position outside the chapter, refuses the
   * whole batch. One upsert per book: within a batch the newest entry of a book is its position.
   */
  async function save(body: ProgressBody, reader: ReaderKey | null): Promise<number> {
    if (!reader) throw new AppError(ErrorCode.READER_REQUIRED, 401, 'Log in or send X-VISITOR-ID to keep reading progress');
    const receivedAt = now();
    const chapterUuids = [...new Set(body.progress.map((e) => e.chapter_uuid))];
    const chapters = new Map((await repo.findChaptersForProgress(db, chapterUuids)).map((c) => [c.chapter_uuid, c]));
    const pages = await repo.countPages(
      db,
      [...chapters.values()].filter((c) => c.book_type === 'comic').map((c) => c.chapter_id),
    );
    const details: ErrorDetail[] = [];
    const progress = new Map<number, ReadingProgressTable>();
    const reads = new Map<number, ChapterReadsTable>();
    body.progress.forEach((entry, index) => {
      const chapter = chapters.get(entry.chapter_uuid);
      const field = `progress/${index}`;
      if (!chapter || chapter.book_uuid !== entry.book_uuid) {
        details.push({ field: `${field}/chapter_uuid`, message: 'No such chapter in this book' });
        return;
      }
      if (chapter.book_type === 'comic') {
        const lastPage = Math.max((pages.get(chapter.chapter_id) ?? 0) - 1, 0);
        if (entry.text_fraction !== undefined)
          details.push({ field: `${field}/text_fraction`, message: 'A comic chapter has pages, not text' });
        if ((entry.page_index ?? 0) > lastPage)
          details.push({ field: `${field}/page_index`, message: `This chapter has pages 0 to ${lastPage}` });
      } else if (entry.page_index !== undefined || entry.page_offset !== undefined) {
        details.push({ field: `${field}/page_index`, message: 'A novel chapter has text, not pages' });
      }
      // Some valid date-times do not parse (a leap second, "…T23:59:60Z"): those count as arrival time.
      const claimed = entry.at ? Date.parse(entry.at) : NaN;
      const at = Number.isFinite(claimed) ? Math.max(Math.min(claimed, receivedAt), receivedAt - MAX_CLIENT_AGE_MS) : receivedAt;
      const current = progress.get(chapter.book_id);
      if (!current || current.updated_at <= at) {
        progress.set(chapter.book_id, {
          reader_key: reader,
          book_id: chapter.book_id,
          chapter_id: chapter.chapter_id,
          page_index: chapter.book_type === 'comic' ? (entry.page_index ?? 0) : null,
          page_offset: chapter.book_type === 'comic' ? (entry.page_offset ?? 0) : null,
          text_fraction: chapter.book_type === 'novel' ? (entry.text_fraction ?? 0) : null,
          updated_at: at,
        });
      }
      const read = reads.get(chapter.chapter_id);
      reads.set(chapter.chapter_id, {
        reader_key: reader,
        chapter_id: chapter.chapter_id,
        book_id: chapter.book_id,
        read_at: Math.max(read?.read_at ?? 0, at),
        finished_at: read?.finished_at ?? (entry.finished ? at : null),
      });
    });
    if (details.length > 0) {
      const missing = details.every((d) => d.field.endsWith('/chapter_uuid'));
      if (missing) throw new AppError(ErrorCode.CHAPTER_NOT_FOUND, 404, 'A chapter in this batch does not exist in its book', details);
      throw badRequest(ErrorCode.VALIDATION_FAILED, 'A position in this batch is out of range', details);
    }
    await db.transaction().execute(async (trx) => {
      await refuseLeftReaderKey(trx, reader);
      await repo.upsertProgress(trx, [...progress.values()]);
      await repo.upsertChapterReads(trx, [...reads.values()]);
      // Issue 61: a reader who opens a book under no status (or planned) is now reading it.
      const userId = userIdOfKey(reader);
      if (userId !== null) await fileAsReading(trx, userId, [...new Set([...reads.values()].map((read) => read.book_id))], receivedAt);
    });
    return body.progress.length;
  }

  /**
   * Where "Continue" leads for each row: the remembered chapter and position; once that chapter is
   * finished, the start of the next published one (when there is one).
   */
  async function resumePoints(executor: DbExecutor, rows: RecentRow[], language: string) {
    const targets = await Promise.all(rows.map((row) => resumeTarget(executor, row)));
    const texts = await loadTexts(
      executor,
      media,
      language,
      targets.map((t) => t.bookId),
      targets.map((t) => ({ chapterId: t.chapterId, bookId: t.bookId })),
    );
    return targets.map((target) => {
      const resume: ResumePoint = {
        chapter_uuid: target.uuid,
        chapter_number: target.number,
        chapter_title: texts.chapterTitles.get(target.chapterId) ?? '',
        page_index: target.page,
        page_offset: target.offset,
        text_fraction: target.fraction,
      };
      return { bookId: target.bookId, book: texts.books.get(target.bookId), resume, updatedAt: target.row.updated_at };
    });
  }

  async function continueReading(query: ContinueReadingQuery, reader: ReaderKey | null): Promise<ContinueReadingItem[]> {
    const language = resolveLanguage(query.language);
    if (!reader) return [];
    const rows = await repo.findRecentProgress(db, reader, query.limit);
    return (await resumePoints(db, rows, language)).flatMap(({ book, resume, updatedAt }) =>
      book
        ? [
            {
              ...cardFields(book),
              total_chapters: book.total_chapters,
              resume,
              updated_at: toIso(updatedAt),
            },
          ]
        : [],
    );
  }

  /** Resume points of some books (the library), keyed by book id. */
  async function resumeByBook(reader: ReaderKey, bookIds: number[], language: string): Promise<Map<number, ResumePoint>> {
    if (bookIds.length === 0) return new Map();
    const rows = await repo.findRecentProgress(db, reader, bookIds.length, bookIds);
    return new Map((await resumePoints(db, rows, language)).map((point) => [point.bookId, point.resume]));
  }

  async function bookProgress(
    bookUuid: string,
    language: string | undefined,
    reader: ReaderKey | null,
    isFollowing: (bookId: number) => Promise<boolean>,
  ): Promise<BookProgress> {
    const lang = resolveLanguage(language);
    const [book] = await repo.findPublishedBookIdsByUuid(db, [bookUuid]);
    if (!book) throw notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');
    if (!reader) return { resume: null, updated_at: null, finished_chapters: [], following: false };
    const [rows, finished, following] = await Promise.all([
      repo.findRecentProgress(db, reader, 1, [book.id]),
      repo.findFinishedChapterNumbers(db, reader, book.id),
      isFollowing(book.id),
    ]);
    const [point] = await resumePoints(db, rows, lang);
    return {
      resume: point?.resume ?? null,
      updated_at: point ? toIso(point.updatedAt) : null,
      finished_chapters: toRanges(finished),
      following,
    };
  }

  /**
   * Where a reader resumes one book (the chapter and its page, as bookProgress's resume) without
   * the titles and finished chapters bookProgress also reads: the OPDS book feed's pse:lastRead.
   */
  async function resumePlace(
    bookId: number,
    reader: ReaderKey,
  ): Promise<{ chapter_uuid: string; page_index: number | null; updated_at: string } | null> {
    const [row] = await repo.findRecentProgress(db, reader, 1, [bookId]);
    if (!row) return null;
    const target = await resumeTarget(db, row);
    return { chapter_uuid: target.uuid, page_index: target.page, updated_at: toIso(row.updated_at) };
  }

  async function history(query: HistoryQuery, reader: ReaderKey | null): Promise<{ result: HistoryItem[]; total: number }> {
    const language = resolveLanguage(query.language);
    if (!reader) return { result: [], total: 0 };
    const [rows, total] = await Promise.all([
      repo.findHistoryPage(db, reader, query.page * query.page_size, query.page_size),
      repo.countHistory(db, reader),
    ]);
    const texts = await loadTexts(
      db,
      media,
      language,
      rows.map((r) => r.book_id),
      rows.map((r) => ({ chapterId: r.chapter_id, bookId: r.book_id })),
    );
    const result = rows.flatMap((row) => {
      const book = texts.books.get(row.book_id);
      if (!book) return [];
      return [
        {
          ...cardFields(book),
          chapter_uuid: row.chapter_uuid,
          chapter_number: row.chapter_number,
          chapter_title: texts.chapterTitles.get(row.chapter_id) ?? '',
          read_at: toIso(row.read_at),
          finished: row.finished_at !== null,
        },
      ];
    });
    return { result, total };
  }

  async function clearHistory(reader: ReaderKey | null): Promise<number> {
    if (!reader) return 0;
    return db.transaction().execute((trx) => repo.deleteReaderData(trx, reader));
  }

  /**
   * Moves a visitor's progress into the account that just logged in (or registered and logged
   * in): nothing is lost; for a book read on both, the newest position wins; read and finished
   * marks are combined. The visitor's rows are then deleted. `from` is null when the browser did
   * not prove it is that visitor (reader-key.ts): nothing moves.
   */
  async function mergeVisitor(userId: number, from: ReaderKey | null): Promise<{ merged_books: number; merged_chapters: number }> {
    if (!from) return { merged_books: 0, merged_chapters: 0 };
    const to = userReaderKey(userId);
    return db.transaction().execute(async (trx) => {
      await refuseLeftReaderKey(trx, to);
      const [progress, reads] = await Promise.all([repo.findProgressRows(trx, from), repo.findChapterReadRows(trx, from)]);
      for (const chunk of chunks(progress, 100))
        await repo.upsertProgress(
          trx,
          chunk.map((row) => ({ ...row, reader_key: to })),
        );
      for (const chunk of chunks(reads, 100))
        await repo.upsertChapterReads(
          trx,
          chunk.map((row) => ({ ...row, reader_key: to })),
        );
      await repo.deleteReaderData(trx, from);
      // What the visitor started is the account's reading now (issue 61), as if read signed in.
      await fileAsReading(trx, userId, [...new Set(progress.map((row) => row.book_id))], now());
      return { merged_books: progress.length, merged_chapters: reads.length };
    });
  }

  return { save, continueReading, resumeByBook, bookProgress, resumePlace, history, clearHistory, mergeVisitor };
}

export type ProgressService = ReturnType<typeof createProgressService>;

/** Sorted chapter numbers as inclusive ranges: [1,2,3,7] → [[1,3],[7,7]]. */
export function toRanges(numbers: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const n of numbers) {
    const last = ranges.at(-1);
    if (last && n === last[1] + 1) last[1] = n;
    else if (!last || n > last[1]) ranges.push([n, n]);
  }
  return ranges;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
