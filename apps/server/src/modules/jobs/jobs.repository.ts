import type { DbExecutor } from '../../db/database.js';
import type { JobState } from '../../db/schema.js';

export interface NewJob {
  uuid: string;
  kind: string;
  payload: string;
  runAt: number;
  createdBy: number | null;
  now: number;
}

export const insertJob = (db: DbExecutor, job: NewJob) =>
  db
    .insertInto('jobs')
    .values({
      uuid: job.uuid,
      kind: job.kind,
      payload: job.payload,
      run_at: job.runAt,
      created_by: job.createdBy,
      created_at: job.now,
      updated_at: job.now,
    })
    .execute();

export const findJobByUuid = (db: DbExecutor, uuid: string) =>
  db.selectFrom('jobs').selectAll().where('uuid', '=', uuid).executeTakeFirst();

/** The oldest due job of these kinds: queued and due, or running under a lease that lapsed (its node died). */
export const findDueJob = (db: DbExecutor, kinds: string[], now: number) =>
  db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
        eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
      ]),
    )
    .orderBy('run_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/** Compare-and-swap: only one node wins a job, even when several saw it due at once. */
export async function claimJob(
  db: DbExecutor,
  job: { id: number; state: JobState; lease_until: number | null },
  owner: string,
  leaseUntil: number,
  now: number,
): Promise<boolean> {
  let query = db
    .updateTable('jobs')
    .set((eb) => ({ state: 'running', lease_owner: owner, lease_until: leaseUntil, attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', '=', job.id)
    .where('state', '=', job.state);
  query = job.lease_until === null ? query.where('lease_until', 'is', null) : query.where('lease_until', '=', job.lease_until);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Extends the lease and stores progress; false when the job is no longer ours (taken over, cancelled). */
export async function renewJob(db: DbExecutor, id: number, owner: string, leaseUntil: number, progress: string | null, now: number) {
  const result = await db
    .updateTable('jobs')
    .set({ lease_until: leaseUntil, updated_at: now, ...(progress !== null ? { progress } : {}) })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const finishJob = (
  db: DbExecutor,
  id: number,
  owner: string,
  outcome: { state: 'succeeded' | 'failed'; result: string | null; error: string | null; progress: string | null },
  now: number,
) =>
  db
    .updateTable('jobs')
    .set({
      state: outcome.state,
      result: outcome.result,
      error: outcome.error,
      ...(outcome.progress !== null ? { progress: outcome.progress } : {}),
      lease_owner: null,
      lease_until: null,
      finished_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();

/** Gives a running job back (shutdown): another node, or this one after a restart, runs it again. */
export const releaseJob = (db: DbExecutor, id: number, owner: string, now: number) =>
  db
    .updateTable('jobs')
    .set({ state: 'queued', lease_owner: null, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .execute();

export const cancelQueuedJob = async (db: DbExecutor, uuid: string, now: number) =>
  Number(
    (
      await db
        .updateTable('jobs')
        .set({ state: 'cancelled', finished_at: now, updated_at: now })
        .where('uuid', '=', uuid)
        .where('state', '=', 'queued')
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

/** The oldest jobs of a kind created before `before`, a batch of `limit` (jobs_kind_idx). */
export const listJobIdsOfKindCreatedBefore = (db: DbExecutor, kind: string, before: number, limit: number) =>
  db.selectFrom('jobs').select('id').where('kind', '=', kind).where('created_at', '<', before).orderBy('created_at').limit(limit).execute();

/** Deletes those of `ids` that are finished; the count deleted. */
export async function deleteFinishedJobs(db: DbExecutor, ids: number[]): Promise<number> {
  const deleted = await db
    .deleteFrom('jobs')
    .where('id', 'in', ids)
    .where('state', 'in', ['succeeded', 'failed', 'cancelled'])
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
