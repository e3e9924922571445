import type { DbExecutor } from '../../../db/database.js';
import type { DataExportState } from '../../../db/schema.js';

/** The columns a reader's export is shown with (never the archive's bytes). */
const EXPORT_COLUMNS = [
  'id',
  'uuid',
  'user_id',
  'state',
  'requested_by',
  'requested_at',
  'ready_at',
  'expires_at',
  'size_bytes',
  'last_download_at',
] as const;

export type DataExportRow = {
  id: number;
  uuid: string;
  user_id: number;
  state: DataExportState;
  requested_by: number | null;
  requested_at: number;
  ready_at: number | null;
  expires_at: number | null;
  size_bytes: number | null;
  last_download_at: number | null;
};

/** The reader's newest export (data_exports_user_idx). */
export const findNewestExport = (db: DbExecutor, userId: number): Promise<DataExportRow | undefined> =>
  db
    .selectFrom('data_exports')
    .select(EXPORT_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The reader's newest export that counts towards "one a day": a failed one gave them nothing. */
export const findNewestCountedExport = (db: DbExecutor, userId: number): Promise<DataExportRow | undefined> =>
  db
    .selectFrom('data_exports')
    .select(EXPORT_COLUMNS)
    .where('user_id', '=', userId)
    .where('state', '!=', 'failed')
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findExportById = (db: DbExecutor, id: number): Promise<DataExportRow | undefined> =>
  db.selectFrom('data_exports').select(EXPORT_COLUMNS).where('id', '=', id).executeTakeFirst();

/** The reader's export with this uuid; another reader's answers nothing. */
export const findOwnExport = (db: DbExecutor, userId: number, uuid: string): Promise<DataExportRow | undefined> =>
  db.selectFrom('data_exports').select(EXPORT_COLUMNS).where('uuid', '=', uuid).where('user_id', '=', userId).executeTakeFirst();

export async function insertExport(
  db: DbExecutor,
  row: { uuid: string; user_id: number; requested_by: number | null; reason: string | null; requested_at: number },
): Promise<number> {
  const inserted = await db
    .insertInto('data_exports')
    .values({ ...row, state: 'queued' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** queued → building (a job taken over after a crash finds it building already: it goes on). */
export const markBuilding = (db: DbExecutor, id: number) =>
  db.updateTable('data_exports').set({ state: 'building' }).where('id', '=', id).where('state', 'in', ['queued', 'building']).execute();

export async function storeArchive(db: DbExecutor, id: number, bytes: Buffer, readyAt: number, expiresAt: number): Promise<boolean> {
  const updated = await db
    .updateTable('data_exports')
    .set({ state: 'ready', ready_at: readyAt, expires_at: expiresAt, size_bytes: bytes.length, error: null })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'building'])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await db.insertInto('data_export_archives').values({ export_id: id, bytes }).execute();
  return true;
}

export const markFailed = (db: DbExecutor, id: number, error: string) =>
  db
    .updateTable('data_exports')
    .set({ state: 'failed', error: error.slice(0, 2000) })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'building'])
    .execute();

/**
 * Records a download unless the last one was less than `minIntervalMs` ago: one conditional UPDATE,
 * so two downloads at once (on any nodes) cannot both pass. True when this download may go on.
 */
export async function claimDownload(db: DbExecutor, id: number, now: number, minIntervalMs: number): Promise<boolean> {
  const updated = await db
    .updateTable('data_exports')
    .set({ last_download_at: now })
    .where('id', '=', id)
    .where('state', '=', 'ready')
    .where((eb) => eb.or([eb('last_download_at', 'is', null), eb('last_download_at', '<=', now - minIntervalMs)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function readArchive(db: DbExecutor, id: number): Promise<Buffer | undefined> {
  const row = await db.selectFrom('data_export_archives').select('bytes').where('export_id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : undefined;
}

/** Ready archives past their 7 days (data_exports_state_idx), a batch at a time. */
export const listExpiredReady = (db: DbExecutor, now: number, limit: number) =>
  db
    .selectFrom('data_exports')
    .select('id')
    .where('state', '=', 'ready')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();

/** Forgets the archives' bytes and marks their rows expired (the rows stay: dates only). */
export async function expireExports(db: DbExecutor, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  await db.deleteFrom('data_export_archives').where('export_id', 'in', ids).execute();
  const updated = await db
    .updateTable('data_exports')
    .set({ state: 'expired' })
    .where('id', 'in', ids)
    .where('state', '=', 'ready')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/**
 * Exports still queued or building long after they were asked for: their job ended without them
 * (its node stopped too many times). Marked failed so the reader can ask again.
 */
export const failStuckExports = (db: DbExecutor, requestedBefore: number) =>
  db
    .updateTable('data_exports')
    .set({ state: 'failed', error: 'the build did not finish' })
    .where('state', 'in', ['queued', 'building'])
    .where('requested_at', '<', requestedBefore)
    .executeTakeFirst();

/** The reader's user id by uuid (the console names readers by uuid). */
export const findUserIdByUuid = async (db: DbExecutor, uuid: string): Promise<number | undefined> =>
  (await db.selectFrom('users').select('id').where('uuid', '=', uuid).executeTakeFirst())?.id;
