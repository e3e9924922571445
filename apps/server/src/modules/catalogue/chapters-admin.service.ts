import { ErrorCode, type AdminChapterItem, type Paged } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError } from '../../lib/app-error.js';
import { fromIsoOrNull, toIso } from '../../lib/time.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { EnqueueInput, JobContext } from '../jobs/job-runner.js';
import * as read from './catalogue-admin.repository.js';
import { refreshBookChapters } from './catalogue-write.repository.js';
import * as write from './chapters-admin.repository.js';

export const PUBLISH_CHAPTER_JOB = 'publish_chapter';
/** Who publishes a scheduled chapter in the audit log. */
export const SCHEDULER_ACTOR: Actor = { userId: null, name: 'scheduler' };

export interface ChaptersAdminDeps {
  db: Db;
  /** Every change here is a transaction of it that raises `chapter-changed` (the catalogue version moves). */
  domainEvents: DomainEvents;
  audit: AuditService;
  /** A scheduled release is a job (its `job-queued` wakes the runner once committed). */
  jobs: { enqueue(executor: DbExecutor, input: EnqueueInput): Promise<string> };
  push: { notifyNewChapters(bookId: number, chapterIds: readonly number[]): Promise<unknown> };
  /** Early access (coins/early-access.ts): a chapter that comes out may start in it, in the same transaction. */
  earlyAccess?: {
    startWithin(trx: DbExecutor, chapter: { id: number; uuid: string; number: number; bookId: number }, at: number): Promise<void>;
  };
  now?: () => number;
}

type ChapterRow = NonNullable<Awaited<ReturnType<typeof read.findChapterByUuid>>>;

const chapterNotFound = () => new AppError(ErrorCode.CHAPTER_NOT_FOUND, 404, 'Chapter not found');
/** A release time in the past would publish at once what the operator meant to hold back: refused with its own code. */
export const releaseTimePast = () =>
  new AppError(ErrorCode.RELEASE_TIME_PAST, 400, 'The release time has already passed; choose a time in the future', [
    { field: 'publish_at', message: 'must be in the future' },
  ]);
const invalid = (field: string, message: string) => new AppError(ErrorCode.VALIDATION_FAILED, 400, message, [{ field, message }]);

/** Chapters in the console: titles, order, publication and scheduled releases. Every change is audited. */
export function createChaptersAdminService(deps: ChaptersAdminDeps) {
  const { db, audit } = deps;
  const now = deps.now ?? Date.now;
  const { transact } = deps.domainEvents;

  async function present(executor: DbExecutor, rows: ChapterRow[], originalLanguage: string): Promise<AdminChapterItem[]> {
    const ids = rows.map((row) => row.id);
    const [titles, pages, words] = await Promise.all([
      read.findChapterTitles(executor, ids),
      read.countPages(executor, ids, originalLanguage),
      read.findWordCounts(executor, ids, originalLanguage),
    ]);
    const pagesOf = new Map(pages.map((row) => [row.chapter_id, Number(row.n)]));
    const wordsOf = new Map(words.map((row) => [row.chapter_id, row.word_count]));
    return rows.map((row) => ({
      chapter_uuid: row.uuid,
      number: row.number,
      titles: Object.fromEntries(titles.filter((t) => t.chapter_id === row.id).map((t) => [t.language, t.title])),
      is_published: row.is_published === 1,
      publish_at: row.publish_at === null ? null : toIso(row.publish_at),
      page_count: pagesOf.get(row.id) ?? 0,
      word_count: wordsOf.get(row.id) ?? null,
      coin_price: row.coin_price,
      created_at: toIso(row.created_at),
    }));
  }

  async function presentOne(executor: DbExecutor, uuid: string): Promise<AdminChapterItem> {
    const row = await requireChapter(executor, uuid);
    const book = await read.findBookOfChapter(executor, row.book_id);
    return (await present(executor, [row], book.original_language))[0]!;
  }

  async function requireChapter(executor: DbExecutor, uuid: string): Promise<ChapterRow> {
    const row = await read.findChapterByUuid(executor, uuid);
    if (!row) throw chapterNotFound();
    return row;
  }

  async function list(bookUuid: string, page = 0, pageSize = 50): Promise<Paged<AdminChapterItem>> {
    const book = await read.findBookByUuid(db, bookUuid);
    if (!book) throw new AppError(ErrorCode.BOOK_NOT_FOUND, 404, 'Book not found');
    const [total, rows] = await Promise.all([
      read.countChapters(db, book.id),
      read.findChapterPage(db, book.id, page * pageSize, pageSize),
    ]);
    return { total, items: await present(db, rows, book.original_language) };
  }

  async function updateTitles(actor: Actor, uuid: string, titles: Partial<Record<string, string>>): Promise<AdminChapterItem> {
    return transact(async (trx) => {
      const current = await presentOne(trx, uuid);
      const changed = Object.entries(titles).filter(
        (entry): entry is [string, string] => entry[1] !== undefined && current.titles[entry[0]] !== entry[1],
      );
      if (changed.length === 0) return current;
      const row = await requireChapter(trx, uuid);
      await write.upsertChapterTitles(
        trx,
        row.id,
        changed.map(([language, title]) => ({ language, title })),
      );
      await audit.recordWithin(trx, actor, {
        action: 'chapter.update',
        targetType: 'chapter',
        targetId: uuid,
        before: { titles: Object.fromEntries(changed.map(([language]) => [language, current.titles[language] ?? null])) },
        after: { titles: Object.fromEntries(changed) },
      });
      await deps.domainEvents.raise(trx, { type: 'chapter-changed', bookId: Number(row.book_id) });
      return presentOne(trx, uuid);
    });
  }

  async function reorder(actor: Actor, bookUuid: string, uuids: readonly string[]): Promise<number> {
    return transact(async (trx) => {
      const book = await read.findBookByUuid(trx, bookUuid);
      if (!book) throw new AppError(ErrorCode.BOOK_NOT_FOUND, 404, 'Book not found');
      const chapters = await read.findChapterIdsOfBook(trx, book.id);
      const byUuid = new Map(chapters.map((row) => [row.uuid, row]));
      if (uuids.length !== chapters.length || uuids.some((uuid) => !byUuid.has(uuid))) {
        throw invalid('chapter_uuids', 'List every chapter of the book exactly once');
      }
      const before: Record<string, number> = {};
      const after: Record<string, number> = {};
      uuids.forEach((uuid, index) => {
        const was = byUuid.get(uuid)!.number;
        if (was !== index + 1) {
          before[uuid] = was;
          after[uuid] = index + 1;
        }
      });
      if (Object.keys(after).length === 0) return 0;
      await write.renumberChapters(
        trx,
        book.id,
        uuids.map((uuid) => byUuid.get(uuid)!.id),
      );
      await audit.recordWithin(trx, actor, { action: 'chapter.reorder', targetType: 'book', targetId: bookUuid, before, after });
      await deps.domainEvents.raise(trx, { type: 'chapter-changed', bookId: Number(book.id) });
      return Object.keys(after).length;
    });
  }

  async function setPublished(actor: Actor, uuid: string, isPublished: boolean): Promise<AdminChapterItem> {
    let published: { bookId: number; chapterId: number } | null = null;
    const result = await transact(async (trx) => {
      const row = await requireChapter(trx, uuid);
      if ((row.is_published === 1) === isPublished && row.publish_at === null) return presentOne(trx, uuid);
      const at = now();
      if (isPublished) {
        // A chapter that comes out now counts as new: followers' unread counts and the book's update time see it.
        await write.setChapterRelease(trx, row.id, { is_published: true, publish_at: null, created_at: at });
        await refreshBookChapters(trx, row.book_id, at);
        await deps.earlyAccess?.startWithin(trx, { id: row.id, uuid: row.uuid, number: row.number, bookId: row.book_id }, at);
        published = { bookId: row.book_id, chapterId: row.id };
      } else {
        await write.setChapterRelease(trx, row.id, { is_published: false, publish_at: null });
        await refreshBookChapters(trx, row.book_id);
      }
      await audit.recordWithin(trx, actor, {
        action: isPublished ? 'chapter.publish' : 'chapter.unpublish',
        targetType: 'chapter',
        targetId: uuid,
        before: { is_published: row.is_published === 1, publish_at: row.publish_at === null ? null : toIso(row.publish_at) },
        after: { is_published: isPublished, publish_at: null },
      });
      await deps.domainEvents.raise(trx, { type: 'chapter-changed', bookId: Number(row.book_id) });
      return presentOne(trx, uuid);
    });
    if (published) notify(published);
    return result;
  }

  function notify(release: { bookId: number; chapterId: number }): void {
    // Delivery never throws and must not hold up the operator's request.
    void deps.push.notifyNewChapters(release.bookId, [release.chapterId]).catch(() => undefined);
  }

  async function schedule(actor: Actor, uuid: string, publishAtIso: string | null): Promise<AdminChapterItem> {
    const publishAt = publishAtIso === null ? null : fromIsoOrNull(publishAtIso);
    if (publishAtIso !== null && publishAt === null) throw invalid('publish_at', 'publish_at is not a real instant');
    if (publishAt !== null && publishAt <= now()) throw releaseTimePast();
    const result = await transact(async (trx) => {
      const row = await requireChapter(trx, uuid);
      if (publishAt !== null && row.is_published === 1) {
        throw new AppError(ErrorCode.CONFLICT, 409, 'The chapter is already published; unpublish it before scheduling it');
      }
      if (row.publish_at === publishAt) return presentOne(trx, uuid);
      await write.setChapterRelease(trx, row.id, { publish_at: publishAt });
      // A later or cancelled schedule leaves the old job behind: it finds publish_at changed and does nothing.
      if (publishAt !== null) {
        await deps.jobs.enqueue(trx, {
          kind: PUBLISH_CHAPTER_JOB,
          payload: { chapter_uuid: uuid, publish_at: publishAt },
          runAt: publishAt,
          createdBy: actor.userId,
        });
      }
      await audit.recordWithin(trx, actor, {
        action: 'chapter.schedule',
        targetType: 'chapter',
        targetId: uuid,
        before: { publish_at: row.publish_at === null ? null : toIso(row.publish_at) },
        after: { publish_at: publishAt === null ? null : toIso(publishAt) },
      });
      // The calendar and the book page's next release show scheduled chapters (issue 46): they are
      // kept per catalogue version, which a chapter change moves.
      await deps.domainEvents.raise(trx, { type: 'chapter-changed', bookId: Number(row.book_id) });
      return presentOne(trx, uuid);
    });
    return result;
  }

  /** The `publish_chapter` job: publishes the chapter if it is still scheduled for exactly this time. */
  async function runScheduledRelease(job: Pick<JobContext, 'payload'>): Promise<{ published: boolean }> {
    const payload = job.payload as { chapter_uuid?: unknown; publish_at?: unknown } | null;
    if (typeof payload?.chapter_uuid !== 'string' || typeof payload.publish_at !== 'number') return { published: false };
    const publishAt = payload.publish_at;
    const release = await transact(async (trx) => {
      const row = await read.findChapterByUuid(trx, payload.chapter_uuid as string);
      if (!row || row.is_published === 1 || row.publish_at !== publishAt) return null;
      const at = Math.max(now(), publishAt);
      if (!(await write.publishScheduledChapter(trx, row.id, publishAt, at))) return null;
      await refreshBookChapters(trx, row.book_id, at);
      await deps.earlyAccess?.startWithin(trx, { id: row.id, uuid: row.uuid, number: row.number, bookId: row.book_id }, at);
      await audit.recordWithin(trx, SCHEDULER_ACTOR, {
        action: 'chapter.publish',
        targetType: 'chapter',
        targetId: row.uuid,
        before: { is_published: false, publish_at: toIso(publishAt) },
        after: { is_published: true, publish_at: null },
      });
      await deps.domainEvents.raise(trx, { type: 'chapter-changed', bookId: Number(row.book_id) });
      return { bookId: row.book_id, chapterId: row.id };
    });
    if (!release) return { published: false };
    await deps.push.notifyNewChapters(release.bookId, [release.chapterId]);
    return { published: true };
  }

  return { list, updateTitles, reorder, setPublished, schedule, runScheduledRelease };
}

export type ChaptersAdminService = ReturnType<typeof createChaptersAdminService>;
