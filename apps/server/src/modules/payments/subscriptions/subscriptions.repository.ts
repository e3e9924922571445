import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../../db/database.js';
import type { MembershipSubscriptionsTable, SubscriptionInvoicesTable } from '../../../db/schema.js';

export type SubscriptionRow = Selectable<MembershipSubscriptionsTable>;
export type SubscriptionProvider = MembershipSubscriptionsTable['provider'];
export type InvoiceRow = Selectable<SubscriptionInvoicesTable>;

/** A subscription row as it reads back (PostgreSQL's BIGINT arrives as a string). */
const normalised = (row: SubscriptionRow): SubscriptionRow => ({
  ...row,
  current_period_end: row.current_period_end === null ? null : Number(row.current_period_end),
  grace_until: row.grace_until === null ? null : Number(row.grace_until),
  canceled_at: row.canceled_at === null ? null : Number(row.canceled_at),
  last_event_at: Number(row.last_event_at),
  notice_for: row.notice_for === null ? null : Number(row.notice_for),
  attempted_at: row.attempted_at === null ? null : Number(row.attempted_at),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
});

export async function findSubscription(db: DbExecutor, provider: SubscriptionProvider, ref: string): Promise<SubscriptionRow | undefined> {
  const row = await db
    .selectFrom('membership_subscriptions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
  return row && normalised(row);
}

/**
 * The subscription of `provider`/`ref`, created as given unless it exists (unique provider +
 * provider_ref: two events racing create one row), then locked until the transaction ends (a no-op
 * update: PostgreSQL's row lock, SQLite's write lock), so every read-modify-write of one
 * subscription runs after the previous one committed. Returns the row as it stands under the lock.
 */
export async function ensureAndLockSubscription(
  db: DbExecutor,
  fresh: Omit<
    SubscriptionRow,
    'id' | 'grace_ref' | 'grace_until' | 'cancel_reason' | 'canceled_at' | 'last_event_at' | 'notice_for' | 'attempted_at'
  >,
): Promise<SubscriptionRow> {
  await db
    .insertInto('membership_subscriptions')
    .values({
      ...fresh,
      grace_ref: null,
      grace_until: null,
      cancel_reason: null,
      canceled_at: null,
      last_event_at: 0,
      notice_for: null,
      attempted_at: null,
    })
    .onConflict((oc) => oc.columns(['provider', 'provider_ref']).doNothing())
    .execute();
  await db
    .updateTable('membership_subscriptions')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('provider', '=', fresh.provider)
    .where('provider_ref', '=', fresh.provider_ref)
    .execute();
  const row = await findSubscription(db, fresh.provider, fresh.provider_ref);
  if (!row) throw new Error(`subscription ${fresh.provider}/${fresh.provider_ref} vanished`);
  return row;
}

/** A reader's new subscription, `incomplete` until its first period is paid (shown on the profile only then). */
export const startIncompleteSubscription = (
  db: DbExecutor,
  start: { provider: SubscriptionProvider; ref: string; userId: number; plan: SubscriptionRow['plan']; now: number },
) =>
  ensureAndLockSubscription(db, {
    provider: start.provider,
    provider_ref: start.ref,
    user_id: start.userId,
    plan: start.plan,
    status: 'incomplete',
    cancel_at_period_end: 0,
    current_period_end: null,
    customer_ref: null,
    created_at: start.now,
    updated_at: start.now,
  });

/** Locks an existing subscription (see ensureAndLockSubscription) and reads it; undefined when none. */
export async function lockSubscription(db: DbExecutor, provider: SubscriptionProvider, ref: string): Promise<SubscriptionRow | undefined> {
  await db
    .updateTable('membership_subscriptions')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .execute();
  return findSubscription(db, provider, ref);
}

export type SubscriptionPatch = Partial<Omit<SubscriptionRow, 'id' | 'provider' | 'provider_ref' | 'created_at'>>;

export const updateSubscription = (db: DbExecutor, id: number, patch: SubscriptionPatch, now: number) =>
  db
    .updateTable('membership_subscriptions')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .execute();

/** The reader's subscription to show: the newest one not ended, else the newest; undefined when none. */
export async function subscriptionOfReader(db: DbExecutor, userId: number): Promise<SubscriptionRow | undefined> {
  const row = await db
    .selectFrom('membership_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    // Started but never paid (a sandbox checkout abandoned): nothing to show or manage.
    .where('status', '!=', 'incomplete')
    .orderBy((eb) => eb.case().when('status', '=', 'canceled').then(1).else(0).end())
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && normalised(row);
}

/** Every subscription of a reader, newest first (the data export, the console). */
export const subscriptionsOfReader = async (db: DbExecutor, userId: number): Promise<SubscriptionRow[]> =>
  (
    await db
      .selectFrom('membership_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
  ).map(normalised);

export const findInvoice = (db: DbExecutor, provider: SubscriptionProvider, ref: string) =>
  db.selectFrom('subscription_invoices').selectAll().where('provider', '=', provider).where('invoice_ref', '=', ref).executeTakeFirst();

/** Records an invoice once (unique provider + invoice_ref); returns whether it was new. */
export async function recordInvoiceOnce(db: DbExecutor, invoice: Omit<InvoiceRow, 'id'>): Promise<boolean> {
  const row = await db
    .insertInto('subscription_invoices')
    .values(invoice)
    .onConflict((oc) => oc.columns(['provider', 'invoice_ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export const setInvoiceState = (
  db: DbExecutor,
  provider: SubscriptionProvider,
  ref: string,
  patch: Partial<Pick<InvoiceRow, 'status' | 'order_id' | 'amount' | 'currency' | 'payment_ref'>>,
  now: number,
) =>
  db
    .updateTable('subscription_invoices')
    .set({ ...patch, updated_at: now })
    .where('provider', '=', provider)
    .where('invoice_ref', '=', ref)
    .execute();

/** Invoices paid before the subscription's reader was known, oldest first. */
export const parkedInvoices = (db: DbExecutor, subscriptionId: number) =>
  db
    .selectFrom('subscription_invoices')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'parked')
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Marks an order as the payment of a subscription's invoice. */
export const linkOrderToSubscription = (db: DbExecutor, orderId: string, subscriptionId: number) =>
  db.updateTable('payment_orders').set({ subscription_id: subscriptionId }).where('order_id', '=', orderId).execute();

export async function findSubscriptionById(db: DbExecutor, id: number): Promise<SubscriptionRow | undefined> {
  const row = await db.selectFrom('membership_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  return row && normalised(row);
}

/** The invoices of these subscriptions with their orders' states, newest first (the console). */
export const invoicesWithOrders = (db: DbExecutor, subscriptionIds: number[]) =>
  subscriptionIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('subscription_invoices as si')
        .leftJoin('payment_orders as po', 'po.order_id', 'si.order_id')
        .select([
          'si.subscription_id',
          'si.invoice_ref',
          'si.status',
          'si.amount',
          'si.currency',
          'si.billing_reason',
          'si.created_at',
          'si.order_id',
          'po.status as order_status',
        ])
        .where('si.subscription_id', 'in', subscriptionIds)
        .orderBy('si.created_at', 'desc')
        .orderBy('si.id', 'desc')
        .execute();

/**
 * Issue 43 and 59: an account's erasure ends its subscriptions and removes the reasons it gave;
 * returns the ones that were still running (the provider must stop charging them).
 */
export async function endForErasure(db: DbExecutor, userId: number, at: number): Promise<SubscriptionRow[]> {
  const running = (
    await db.selectFrom('membership_subscriptions').selectAll().where('user_id', '=', userId).where('status', '!=', 'canceled').execute()
  ).map(normalised);
  await db
    .updateTable('membership_subscriptions')
    .set({ status: 'canceled', canceled_at: at, cancel_at_period_end: 1, grace_ref: null, grace_until: null, updated_at: at })
    .where('user_id', '=', userId)
    .where('status', '!=', 'canceled')
    .execute();
  await db.updateTable('membership_subscriptions').set({ cancel_reason: null }).where('user_id', '=', userId).execute();
  return running;
}

/** The running subscriptions of one provider (WeChat's contracts: the deduction job walks them), oldest first. */
export const runningSubscriptions = async (db: DbExecutor, provider: SubscriptionProvider, afterId: number, limit: number) =>
  (
    await db
      .selectFrom('membership_subscriptions')
      .selectAll()
      .where('provider', '=', provider)
      .where('status', 'in', ['active', 'past_due'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map(normalised);

/** The order of a subscription still waiting for its provider's answer (a WeChat deduction asked for). */
export const pendingOrderOf = (db: DbExecutor, subscriptionId: number) =>
  db
    .selectFrom('payment_orders')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
