import type { DbExecutor } from '../../../db/database.js';
import { DAY_MS } from '../../../lib/time.js';
import * as repo from './data-export.repository.js';

/** An export still queued or building this long after it was asked for lost its job: marked failed. */
export const STUCK_EXPORT_MS = DAY_MS;

/**
 * The housekeeping pass (housekeeping/housekeeping.ts): removes the bytes of archives past their
 * 7 days and marks them expired (the rows stay: dates only), a batch of `limit` at a time; first
 * marks failed the exports whose job ended without them (the reader may then ask again). Returns
 * the archives removed.
 */
export async function expireDataExports(executor: DbExecutor, now: number, limit: number): Promise<number> {
  await repo.failStuckExports(executor, now - STUCK_EXPORT_MS);
  const due = await repo.listExpiredReady(executor, now, limit);
  return repo.expireExports(
    executor,
    due.map((row) => Number(row.id)),
  );
}
