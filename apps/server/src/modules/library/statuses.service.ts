import {
  ErrorCode,
  READING_STATUSES,
  STATUSES_MAX,
  type BookReadingStatus,
  type ReadingStatus,
  type StatusCounts,
  type StatusesQuery,
  type StatusItem,
} from '@inkstream/contracts';
import type { Audiences } from '../access/audiences.js';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { resolveLanguage } from '../../lib/language.js';
import { toIso } from '../../lib/time.js';
import type { MediaUrls } from '../media/media-urls.js';
import { refuseLeftReader } from '../users/account-guard.js';
import { findPublishedBook } from './follows.repository.js';
import { cardFields, loadTexts } from './library-texts.js';
import type { ProgressService } from './progress.service.js';
import { userReaderKey } from './reader-key.js';
import { createStatusImportService } from './status-import/import.service.js';
import * as repo from './statuses.repository.js';

/**
 * Issue 61: the reader's reading statuses (docs/READER-JOURNEY.md "Statuses and lists"): one per
 * book, set by the reader from the book page, the end of the last chapter or the library; the site
 * sets "reading" when the reader opens a chapter of a book under no status or planned
 * (progress.service.ts). Following stays its own switch (alerts).
 */
export function createStatusesService(deps: {
  db: Db;
  media: MediaUrls;
  progress: ProgressService;
  /** Issue 61: an import matches only books the content rating rule lets the reader open. */
  audiences: Pick<Audiences, 'of'>;
  now?: () => number;
}) {
  const { db, media, progress } = deps;
  const now = deps.now ?? Date.now;

  async function publishedBook(bookUuid: string) {
    const book = await findPublishedBook(db, bookUuid);
    if (!book) throw notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');
    return book;
  }

  async function get(userId: number, bookUuid: string): Promise<BookReadingStatus> {
    const book = await publishedBook(bookUuid);
    const row = await repo.findStatus(db, userId, book.id);
    return row
      ? { status: row.status as ReadingStatus, chosen: row.chosen === 1, updated_at: toIso(Number(row.updated_at)) }
      : { status: null, chosen: false, updated_at: null };
  }

  async function set(userId: number, bookUuid: string, status: ReadingStatus): Promise<BookReadingStatus> {
    const book = await publishedBook(bookUuid);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await refuseLeftReader(trx, userId);
      if (!(await repo.findStatus(trx, userId, book.id)) && (await repo.countAllStatuses(trx, userId)) >= STATUSES_MAX) {
        throw new AppError(ErrorCode.STATUS_LIMIT_REACHED, 409, `You can file at most ${STATUSES_MAX} books; clear some statuses first`);
      }
      await repo.upsertStatus(trx, { userId, bookId: book.id, status, chosen: true, at });
    });
    return { status, chosen: true, updated_at: toIso(at) };
  }

  /** Takes a published book out of every status (an unpublished book is out of every tab already). */
  async function clear(userId: number, bookUuid: string): Promise<BookReadingStatus> {
    const book = await publishedBook(bookUuid);
    await repo.deleteStatus(db, userId, book.id);
    return { status: null, chosen: false, updated_at: null };
  }

  async function counts(userId: number): Promise<StatusCounts> {
    const rows = await repo.countStatuses(db, userId);
    const counted = new Map(rows.map((row) => [row.status, Number(row.n)]));
    return Object.fromEntries(READING_STATUSES.map((status) => [status, counted.get(status) ?? 0])) as StatusCounts;
  }

  async function list(userId: number, query: StatusesQuery): Promise<{ items: StatusItem[]; total: number; counts: StatusCounts }> {
    const language = resolveLanguage(query.language);
    const [page, tally] = await Promise.all([
      repo.findStatusPage(db, userId, {
        status: query.status,
        sort: query.sort,
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
      }),
      counts(userId),
    ]);
    const ids = page.map((row) => row.book_id);
    const [texts, resume] = await Promise.all([
      loadTexts(db, media, language, ids, []),
      progress.resumeByBook(userReaderKey(userId), ids, language),
    ]);
    const items = page.flatMap((row) => {
      const book = texts.books.get(row.book_id);
      if (!book) return [];
      return [
        {
          ...cardFields(book),
          total_chapters: book.total_chapters,
          status: query.status,
          status_changed_at: toIso(Number(row.status_changed_at)),
          updated_at: toIso(Number(row.updated_at)),
          resume: resume.get(row.book_id) ?? null,
        },
      ];
    });
    return { items, total: tally[query.status], counts: tally };
  }

  // Import from MyAnimeList, AniList or MangaDex (status-import/).
  const { importStatuses } = createStatusImportService({ db, now, audiences: deps.audiences });

  return { get, set, clear, counts, list, importStatuses };
}

export type StatusesService = ReturnType<typeof createStatusesService>;
