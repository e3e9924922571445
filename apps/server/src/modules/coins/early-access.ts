import type { DbExecutor } from '../../db/database.js';
import type { EventRaiser } from '../../db/domain-events.js';
import type { EnqueueInput } from '../jobs/job-runner.js';
import { isOpenToEveryone } from '../access/chapter-access.js';
import * as repo from './early-access.repository.js';

const HOUR_MS = 3_600_000;
export const EARLY_ACCESS_END_JOB = 'early_access_end';

/**
 * Early access (issue 42, docs/PAYMENTS.md "Early access"). A book with `early_access_count` K > 0
 * puts each paid chapter it publishes in early access for `early_access_hours`: until then the
 * access rule (modules/access) opens it to coin unlocks, and to members only where the book says
 * so. At most the newest K chapters are in early access: publishing one more ends the oldest's at
 * once. The rule compares the time itself, so every node agrees at the instant; a job at that
 * instant clears the chapter's mark and raises `chapter-changed` (the catalogue version moves), exactly once (a compare-and-swap
 * on the time it was scheduled for), so lists and cached pages that show the mark are rebuilt.
 */
export function createEarlyAccess(deps: {
  domainEvents: EventRaiser;
  jobs: { enqueue(executor: DbExecutor, input: EnqueueInput): Promise<string> };
  /**
   * Coins are on for the site (settings): early access without a way to unlock would only lock.
   * Read through `executor`, the publishing transaction.
   */
  coinsOn: (executor: DbExecutor) => Promise<boolean>;
}) {
  /** Called in the transaction that publishes the chapter (console, schedule, import). */
  async function startWithin(trx: DbExecutor, chapter: { id: number; uuid: string; number: number; bookId: number }, at: number) {
    const book = await repo.findBookEarlyAccess(trx, chapter.bookId);
    // A free chapter stays free: early access is a paid chapter's state.
    // Only where a reader can unlock it: the book sells chapters and coins are on.
    if (!book || book.early_access_count <= 0 || book.coin_price === null || !(await deps.coinsOn(trx))) return;
    if (isOpenToEveryone({ number: chapter.number, publicFreeChapters: book.public_free_chapters })) return;
    const until = at + book.early_access_hours * HOUR_MS;
    await repo.setEarlyAccessUntil(trx, chapter.id, until);
    await deps.jobs.enqueue(trx, { kind: EARLY_ACCESS_END_JOB, payload: { chapter_uuid: chapter.uuid, until }, runAt: until });
    // Only the newest K: the older ones leave early access now.
    const inEarlyAccess = await repo.chaptersInEarlyAccess(trx, chapter.bookId, at);
    for (const older of inEarlyAccess.slice(book.early_access_count)) await repo.setEarlyAccessUntil(trx, older.id, at);
    // The publishing caller raises it too; said here as well, since this write is the change (one event all the same).
    await deps.domainEvents.raise(trx, { type: 'chapter-changed', bookId: chapter.bookId });
  }

  /** The `early_access_end` job: ends the chapter's early access if it still ends at this time. */
  async function runEnd(trx: DbExecutor, payload: unknown): Promise<{ ended: boolean }> {
    const job = payload as { chapter_uuid?: unknown; until?: unknown } | null;
    // Claimed at its run time (the jobs table's run_at): no second clock to compare with here.
    if (typeof job?.chapter_uuid !== 'string' || typeof job.until !== 'number') return { ended: false };
    const ended = await repo.endEarlyAccessOnce(trx, job.chapter_uuid, job.until);
    if (!ended) return { ended: false };
    await deps.domainEvents.raise(trx, { type: 'chapter-changed', bookId: ended.bookId });
    return { ended: true };
  }

  return { startWithin, runEnd };
}

export type EarlyAccess = ReturnType<typeof createEarlyAccess>;
