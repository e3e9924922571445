import type { DbExecutor } from '../../db/database.js';
import { DAY_MS } from '../../lib/time.js';
import * as jobsRepo from '../jobs/jobs.repository.js';
import { MAIL_SEND_JOB } from './mail-queue.js';
import * as outboxRepo from './mail-outbox.repository.js';

/**
 * Finished messages (sent, failed, refused) stay in the console's Outbox this long by default; the
 * operator sets it (site setting retention_outbox_days, at least 7 days).
 */
export const OUTBOX_KEPT_MS = 90 * DAY_MS;
/** A message's send jobs (one per attempt) are kept this long after they were queued. */
export const MAIL_JOBS_KEPT_MS = 7 * DAY_MS;

/**
 * Forgets finished outbox rows older than `keptMs` (OUTBOX_KEPT_MS unless the operator chose), oldest first, a batch of `limit` at a
 * time: a range of mail_outbox_list_idx (created_at, id). Rows still queued or sending are never
 * touched (none lives that long: retries end after about 26 hours); the count is of rows deleted,
 * so a batch holding one stops this run.
 */
export async function deleteOldOutboxRows(executor: DbExecutor, now: number, limit: number, keptMs = OUTBOX_KEPT_MS): Promise<number> {
  const rows = await outboxRepo.listOutboxIdsCreatedBefore(executor, now - keptMs, limit);
  if (rows.length === 0) return 0;
  // The state is checked here, on the batch's ids: in the read, the planner would take the state
  // index and sort every sent message ever.
  return outboxRepo.deleteFinishedOutboxRows(
    executor,
    rows.map((row) => row.id),
  );
}

/**
 * Forgets finished send jobs older than MAIL_JOBS_KEPT_MS (a range of jobs_kind_idx (kind,
 * created_at)): one job row is written per attempt, so without this the jobs table would grow
 * with every message.
 */
export async function deleteOldMailJobs(executor: DbExecutor, now: number, limit: number): Promise<number> {
  const rows = await jobsRepo.listJobIdsOfKindCreatedBefore(executor, MAIL_SEND_JOB, now - MAIL_JOBS_KEPT_MS, limit);
  if (rows.length === 0) return 0;
  return jobsRepo.deleteFinishedJobs(
    executor,
    rows.map((row) => row.id),
  );
}
