import type { DbExecutor } from '../../db/database.js';
import { DAY_MS } from '../../lib/time.js';
import { MAIL_SEND_JOB } from './mail-queue.js';

/** Finished messages (sent, failed, refused) stay in the console's Outbox this long. */
export const OUTBOX_KEPT_MS = 90 * DAY_MS;
/** A message's send jobs (one per attempt) are kept this long after they were queued. */
export const MAIL_JOBS_KEPT_MS = 7 * DAY_MS;

/**
 * Forgets finished outbox rows older than OUTBOX_KEPT_MS, oldest first, a batch of `limit` at a
 * time: a range of mail_outbox_list_idx (created_at, id). Rows still queued or sending are never
 * touched (none lives that long: retries end after about 26 hours); the count is of rows deleted,
 * so a batch holding one stops this run.
 */
export async function deleteOldOutboxRows(executor: DbExecutor, now: number, limit: number): Promise<number> {
  const rows = await executor
    .selectFrom('mail_outbox')
    .select('id')
    .where('created_at', '<', now - OUTBOX_KEPT_MS)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  // The state is checked here, on the batch's ids: in the read, the planner would take the state
  // index and sort every sent message ever.
  const deleted = await executor
    .deleteFrom('mail_outbox')
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .where('state', 'in', ['sent', 'failed', 'suppressed'])
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/**
 * Forgets finished send jobs older than MAIL_JOBS_KEPT_MS (a range of jobs_kind_idx (kind,
 * created_at)): one job row is written per attempt, so without this the jobs table would grow
 * with every message.
 */
export async function deleteOldMailJobs(executor: DbExecutor, now: number, limit: number): Promise<number> {
  const rows = await executor
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', MAIL_SEND_JOB)
    .where('created_at', '<', now - MAIL_JOBS_KEPT_MS)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  const deleted = await executor
    .deleteFrom('jobs')
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .where('state', 'in', ['succeeded', 'failed', 'cancelled'])
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
