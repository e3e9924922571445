import type { DbExecutor } from '../../../db/database.js';

/** The `import` rows of the jobs table, as the console reads them (jobs/jobs.repository.ts claims and finishes them). */

export const IMPORT_JOB_KIND = 'import';

export const findBookForUpload = (db: DbExecutor, uuid: string) =>
  db.selectFrom('books').select(['id', 'book_type']).where('uuid', '=', uuid).executeTakeFirst();

export const findImportJob = (db: DbExecutor, uuid: string) =>
  db.selectFrom('jobs').selectAll().where('uuid', '=', uuid).where('kind', '=', IMPORT_JOB_KIND).executeTakeFirst();

/**
 * Newest first. A payload starts with `{"book_uuid":"…"` (import-jobs.service.ts writes it so), which
 * filters by book on both databases without JSON functions; a uuid holds no LIKE wildcards.
 */
export async function listImportJobs(db: DbExecutor, bookUuid: string | undefined, page: number, pageSize: number) {
  let query = db.selectFrom('jobs').where('kind', '=', IMPORT_JOB_KIND);
  if (bookUuid !== undefined) query = query.where('payload', 'like', `{"book_uuid":"${bookUuid.toLowerCase()}",%`);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(page * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Progress the console polls every second (the runner itself stores it only with its lease renewals). */
export const writeImportProgress = (db: DbExecutor, uuid: string, progress: string, now: number) =>
  db
    .updateTable('jobs')
    .set({ progress, updated_at: now })
    .where('uuid', '=', uuid)
    .where('kind', '=', IMPORT_JOB_KIND)
    .where('state', '=', 'running')
    .execute();

/**
 * Gives a job this node cannot run (its files are on the node that received the upload) back to
 * the queue, a moment later, without counting the attempt; the runner's own finish then matches
 * no row (it finishes only rows it still holds).
 */
export const handBackImportJob = (db: DbExecutor, uuid: string, runAt: number, now: number) =>
  db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'queued',
      lease_owner: null,
      lease_until: null,
      run_at: runAt,
      attempts: eb('attempts', '-', 1),
      updated_at: now,
    }))
    .where('uuid', '=', uuid)
    .where('kind', '=', IMPORT_JOB_KIND)
    .where('state', '=', 'running')
    .execute();
