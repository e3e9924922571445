import type { Insertable, Updateable } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import type { MailOutboxTable, MailState } from '../../db/schema.js';

/** How many messages went into the outbox for one address since `since` (the hourly cap). */
export async function countOutboxSince(db: DbExecutor, recipientKey: string, since: number): Promise<number> {
  const recent = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recipient_key', '=', recipientKey)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(recent.n);
}

export const insertOutboxRow = (db: DbExecutor, row: Insertable<MailOutboxTable>) => db.insertInto('mail_outbox').values(row).execute();

export const findOutboxRowByUuid = (db: DbExecutor, uuid: string) =>
  db.selectFrom('mail_outbox').selectAll().where('uuid', '=', uuid).executeTakeFirst();

/** The claim's compare-and-swap: the row as it was read, or nothing. True when this call won it. */
export async function claimOutboxRow(
  db: DbExecutor,
  seen: { id: number; state: MailState; next_attempt_at: number; attempts: number },
  claimUntil: number,
  now: number,
): Promise<boolean> {
  const claimed = await db
    .updateTable('mail_outbox')
    .set({ state: 'sending', next_attempt_at: claimUntil, attempts: seen.attempts + 1, updated_at: now })
    .where('id', '=', seen.id)
    .where('state', '=', seen.state)
    .where('next_attempt_at', '=', seen.next_attempt_at)
    .where('attempts', '=', seen.attempts)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Settles a message this sender still holds (sending, under its claim); the count of rows changed. */
export async function settleClaimedOutboxRow(
  db: DbExecutor,
  id: number,
  claimUntil: number,
  set: Updateable<MailOutboxTable>,
): Promise<number> {
  const result = await db
    .updateTable('mail_outbox')
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('next_attempt_at', '=', claimUntil)
    .set(set)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The oldest outbox rows created before `before`, a batch of `limit` (mail_outbox_list_idx). */
export const listOutboxIdsCreatedBefore = (db: DbExecutor, before: number, limit: number) =>
  db.selectFrom('mail_outbox').select('id').where('created_at', '<', before).orderBy('created_at').limit(limit).execute();

/** Deletes those of `ids` that are finished; the count deleted. */
export async function deleteFinishedOutboxRows(db: DbExecutor, ids: number[]): Promise<number> {
  const deleted = await db
    .deleteFrom('mail_outbox')
    .where('id', 'in', ids)
    .where('state', 'in', ['sent', 'failed', 'suppressed'])
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** The console's view of outbox messages, with the account each one went to (null when none). */
const outboxListing = (db: DbExecutor) =>
  db
    .selectFrom('mail_outbox as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.uuid',
      'm.kind',
      'm.state',
      'm.recipient',
      'm.language',
      'm.list',
      'm.attempts',
      'm.next_attempt_at',
      'm.last_error',
      'm.created_at',
      'm.sent_at',
      'u.uuid as user_uuid',
      'u.username as user_name',
    ]);
export type OutboxListingRow = Awaited<ReturnType<ReturnType<typeof outboxListing>['executeTakeFirstOrThrow']>>;

export interface OutboxFilter {
  state?: MailState;
  kind?: string;
}

/** A page of the console's Outbox, newest first: below `beforeId` (a cursor) or from `offset`. */
export function listOutboxPage(
  db: DbExecutor,
  filter: OutboxFilter,
  page: { beforeId: number | null; limit: number; offset: number },
): Promise<OutboxListingRow[]> {
  let filtered = outboxListing(db);
  if (filter.state) filtered = filtered.where('m.state', '=', filter.state);
  if (filter.kind) filtered = filtered.where('m.kind', '=', filter.kind);
  if (page.beforeId !== null) filtered = filtered.where('m.id', '<', page.beforeId);
  return filtered.orderBy('m.id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/** How many matching messages lie below `beforeId`, counted up to `limit`. */
export async function countOutboxBelow(db: DbExecutor, filter: OutboxFilter, beforeId: number, limit: number): Promise<number> {
  let counting = db.selectFrom('mail_outbox').select('id').where('id', '<', beforeId);
  if (filter.state) counting = counting.where('state', '=', filter.state);
  if (filter.kind) counting = counting.where('kind', '=', filter.kind);
  const past = await db
    .selectFrom(counting.orderBy('id', 'desc').limit(limit).as('past'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(past.n);
}

export const findOutboxListingByUuid = (db: DbExecutor, uuid: string) => outboxListing(db).where('m.uuid', '=', uuid).executeTakeFirst();

/** What a resend needs to know of a message (read in the resend's transaction). */
export const findOutboxForResend = (db: DbExecutor, uuid: string) =>
  db
    .selectFrom('mail_outbox')
    .select(['id', 'uuid', 'state', 'kind', 'secret_fields', 'attempts'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();

/** Puts a message back in the queue with a fresh set of tries, if its state is still `seenState`. True when it was. */
export async function requeueOutboxRow(db: DbExecutor, id: number, seenState: MailState, at: number): Promise<boolean> {
  const changed = await db
    .updateTable('mail_outbox')
    .set({ state: 'queued', attempts: 0, next_attempt_at: at, last_error: null, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', seenState)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}
