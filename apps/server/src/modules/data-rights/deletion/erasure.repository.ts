import { sql } from 'kysely';
import type { DbExecutor } from '../../../db/database.js';

/**
 * The statements of an account's erasure (erasure.ts), each on one table of ERASURE_TABLES
 * (erasure-tables.ts). Every one is safe to run again: a resumed erasure finds nothing left to do.
 */

export const findErasable = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'uuid', 'username', 'email', 'email_confirmed_at', 'language', 'erased_at', 'disabled_at'])
    .where('id', '=', userId)
    .executeTakeFirst();

/** Rows that are simply the reader's own: deleted outright. */
export async function deleteOwnRows(db: DbExecutor, userId: number): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await db.deleteFrom('feed_keys').where('user_id', '=', userId).execute();
  await db.deleteFrom('sign_in_events').where('user_id', '=', userId).execute();
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  await db.deleteFrom('webauthn_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('linked_identities').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('external_sign_in_flows')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('target_user_id', '=', userId)]))
    .execute();
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('book_follows').where('user_id', '=', userId).execute();
  await db.deleteFrom('reading_statuses').where('user_id', '=', userId).execute();
  const ownLists = db.selectFrom('reader_lists').select('id').where('user_id', '=', userId);
  await db
    .deleteFrom('reader_list_follows')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('list_id', 'in', ownLists)]))
    .execute();
  await db.deleteFrom('reader_list_books').where('list_id', 'in', ownLists).execute();
  await db.deleteFrom('reader_lists').where('user_id', '=', userId).execute();
  await db.deleteFrom('reader_settings').where('user_id', '=', userId).execute();
  await db.deleteFrom('book_reading_overrides').where('user_id', '=', userId).execute();
  await db.deleteFrom('auto_unlocks').where('user_id', '=', userId).execute();
  await db.deleteFrom('comment_alerts').where('user_id', '=', userId).execute();
  await db.deleteFrom('comment_bans').where('user_id', '=', userId).execute();
  await db.deleteFrom('reading_progress').where('reader_key', '=', `u:${userId}`).execute();
  await db.deleteFrom('chapter_reads').where('reader_key', '=', `u:${userId}`).execute();
  await db.deleteFrom('reading_events').where('user_id', '=', userId).execute();
  await db.deleteFrom('reading_event_days').where('reader_key', '=', `user:${userId}`).execute();
  await db.deleteFrom('reader_changes').where('user_id', '=', userId).execute();
}

/** Reports the reader filed: the open ones leave the moderators' queue count. */
export async function deleteReports(db: DbExecutor, userId: number): Promise<void> {
  const open = await db
    .selectFrom('comment_reports')
    .select('comment_id')
    .where('reporter_id', '=', userId)
    .where('resolved_at', 'is', null)
    .execute();
  for (const report of open) {
    await db
      .updateTable('comments')
      .set({ open_reports: sql`open_reports - 1` })
      .where('id', '=', report.comment_id)
      .where('open_reports', '>', 0)
      .execute();
  }
  await db.deleteFrom('comment_reports').where('reporter_id', '=', userId).execute();
}

export const chapterLikesOf = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('chapter_likes')
    .innerJoin('chapters', 'chapters.id', 'chapter_likes.chapter_id')
    .select(['chapter_likes.chapter_id', 'chapters.book_id'])
    .where('chapter_likes.user_id', '=', userId)
    .orderBy('chapter_likes.chapter_id')
    .execute();

export const commentLikesOf = (db: DbExecutor, userId: number) =>
  db.selectFrom('comment_likes').select('comment_id').where('user_id', '=', userId).orderBy('comment_id').execute();

export const ratingsOf = (db: DbExecutor, userId: number) =>
  db.selectFrom('book_ratings').select(['book_id', 'score']).where('user_id', '=', userId).orderBy('book_id').execute();

/** The reader's comments not deleted yet, top-level ones first (the lock order of comment-state.repository.ts). */
export const liveCommentsOf = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('comments')
    .select(['id', 'parent_id'])
    .where('user_id', '=', userId)
    .where('state', '!=', 'deleted')
    .orderBy(sql`case when parent_id is null then 0 else 1 end`)
    .orderBy('id')
    .execute();

/** A removed comment keeps no trace of its text (the hash of the text would let a guess be checked). */
export const blankDeletedComments = (db: DbExecutor, userId: number) =>
  db.updateTable('comments').set({ body: '', body_hash: '' }).where('user_id', '=', userId).where('state', '=', 'deleted').execute();

/**
 * Messages to or about the reader: their address and contents go; one not sent yet is not sent
 * (suppressed). The row stays for the outbox's counts until its retention removes it. Answers the
 * messages' uuids (their .eml files go once the erasure has committed).
 */
export async function scrubOutbox(db: DbExecutor, userId: number, emailKey: string | null, at: number): Promise<string[]> {
  const outboxRows = () => db.updateTable('mail_outbox');
  const mine = (query: ReturnType<typeof outboxRows>) =>
    emailKey === null
      ? query.where('user_id', '=', userId)
      : query.where((eb) => eb.or([eb('user_id', '=', userId), eb('recipient_key', '=', emailKey)]));
  await mine(outboxRows())
    .set({ state: 'suppressed', last_error: 'account erased', updated_at: at })
    .where('state', 'in', ['queued', 'sending'])
    .execute();
  const scrubbed = await mine(outboxRows())
    .set({ recipient: '', recipient_key: '', data: '{}', secret_fields: null, user_id: null })
    .returning('uuid')
    .execute();
  return scrubbed.map((row) => row.uuid);
}

/** Payment incidents whose detail names the reader's address: the address is taken out of the JSON. */
export async function scrubIncidentAddresses(db: DbExecutor, email: string): Promise<void> {
  const rows = await db
    .selectFrom('payment_incidents')
    .select(['id', 'detail'])
    .where(sql<boolean>`lower(detail) like ${`%${escapeLike(email.toLowerCase())}%`} escape '\\'`)
    .execute();
  for (const row of rows) {
    const detail = replaceInsensitive(row.detail, email, '[erased]');
    await db.updateTable('payment_incidents').set({ detail }).where('id', '=', row.id).execute();
  }
}

/**
 * Audit entries by or about the reader: written by them (as an operator), targeting their account,
 * or naming them in a value (an incident granted to them names them as `"user": "<name>"`).
 */
export const auditRowsOf = (db: DbExecutor, user: { id: number; uuid: string; username: string; email: string | null }) =>
  db
    .selectFrom('audit_log')
    .select(['id', 'actor_user_id', 'actor_name', 'target_id', 'before_json', 'after_json'])
    .where((eb) =>
      eb.or([
        eb('actor_user_id', '=', user.id),
        eb('target_id', '=', user.uuid),
        eb('target_id', '=', String(user.id)),
        ...[JSON.stringify(user.username), ...(user.email ? [user.email] : [])].flatMap((needle) => {
          const pattern = `%${escapeLike(needle.toLowerCase())}%`;
          return [
            eb(sql<string>`lower(before_json)`, 'like', sql<string>`${pattern} escape '\\'`),
            eb(sql<string>`lower(after_json)`, 'like', sql<string>`${pattern} escape '\\'`),
          ];
        }),
      ]),
    )
    .execute();

export const updateAuditRow = (
  db: DbExecutor,
  id: number,
  values: { actor_name: string; before_json: string | null; after_json: string | null },
) => db.updateTable('audit_log').set(values).where('id', '=', id).execute();

/** Operators' notes on the reader's grants and coin gifts (they may name the reader). */
export const grantNotesOf = (db: DbExecutor, userId: number) =>
  db.selectFrom('membership_grants').select(['id', 'note as text']).where('user_id', '=', userId).where('note', 'is not', null).execute();
export const setGrantNote = (db: DbExecutor, id: number, text: string) =>
  db.updateTable('membership_grants').set({ note: text }).where('id', '=', id).execute();
export const coinReasonsOf = (db: DbExecutor, userId: number) =>
  db.selectFrom('coin_entries').select(['id', 'reason as text']).where('user_id', '=', userId).where('reason', 'is not', null).execute();
export const setCoinReason = (db: DbExecutor, id: number, text: string) =>
  db.updateTable('coin_entries').set({ reason: text }).where('id', '=', id).execute();

/** The readable lines of the reader's orders' provider events (an incident resolved for them names them). */
export const orderEventSummariesOf = (db: DbExecutor, userId: number) =>
  db
    .selectFrom('payment_events')
    .innerJoin('payment_orders', 'payment_orders.order_id', 'payment_events.order_id')
    .select(['payment_events.provider', 'payment_events.event_id', 'payment_events.summary as text'])
    .where('payment_orders.user_id', '=', userId)
    .where('payment_events.summary', 'is not', null)
    .execute();
export const setEventSummary = (db: DbExecutor, provider: string, eventId: string, text: string) =>
  db.updateTable('payment_events').set({ summary: text }).where('provider', '=', provider).where('event_id', '=', eventId).execute();

/** Incident resolutions naming the reader ("granted month to <name> as order …"). */
export const incidentResolutionsNaming = (db: DbExecutor, username: string) =>
  db
    .selectFrom('payment_incidents')
    .select(['id', 'resolution as text'])
    .where(sql<boolean>`lower(resolution) like ${`%${escapeLike(username.toLowerCase())}%`} escape '\\'`)
    .execute();
export const setIncidentResolution = (db: DbExecutor, id: number, text: string) =>
  db.updateTable('payment_incidents').set({ resolution: text }).where('id', '=', id).execute();

/** The users row itself: only the uuid and the pseudonym are left; no secret anything can match. */
export const pseudonymiseUser = (
  db: DbExecutor,
  userId: number,
  values: { pseudonym: string; skeleton: string; passwordHash: string; inviteCode: string; at: number },
) =>
  db
    .updateTable('users')
    .set((eb) => ({
      username: values.pseudonym,
      username_key: values.pseudonym,
      username_skeleton: values.skeleton,
      password_hash: values.passwordHash,
      invite_code: values.inviteCode,
      invited_by: null,
      email: null,
      email_key: null,
      email_confirmed_at: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
      mail_reminders: 0,
      mail_digest: 0,
      notify_replies: 0,
      reminded_until: null,
      digest_through: null,
      disabled_at: eb.fn.coalesce('disabled_at', sql<number>`${values.at}`),
      erased_at: values.at,
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();

/** The reader's data archives (data-rights/export/): the bytes first, then the rows naming them. */
export async function deleteDataExports(db: DbExecutor, userId: number): Promise<void> {
  const exports = db.selectFrom('data_exports').select('id').where('user_id', '=', userId);
  await db.deleteFrom('data_export_archives').where('export_id', 'in', exports).execute();
  await db.deleteFrom('data_exports').where('user_id', '=', userId).execute();
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function replaceInsensitive(text: string, needle: string, replacement: string): string {
  if (needle === '') return text;
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  return text.replace(pattern, replacement);
}
