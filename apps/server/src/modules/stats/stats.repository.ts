import type { DbExecutor } from '../../db/database.js';
import { DAY_MS } from '../../lib/time.js';
import { revenueDaysFrom } from '../payments/revenue-days.repository.js';

/**
 * Paid amounts per provider, plan and UTC day of payment (refunded orders were paid too), read
 * from revenue_days (kept with every order-status change): a few rows per day of the window,
 * whatever the number of orders.
 */
export const paidByDay = async (db: DbExecutor, from: number) =>
  (await revenueDaysFrom(db, Math.floor(from / DAY_MS)))
    .filter((row) => Number(row.paid_amount) !== 0)
    .map((row) => ({ provider: row.provider, plan: row.plan, day: row.day, amount: row.paid_amount }));

/** Refunded amounts per provider, plan and UTC day of the refund, from revenue_days. */
export const refundedByDay = async (db: DbExecutor, from: number) =>
  (await revenueDaysFrom(db, Math.floor(from / DAY_MS)))
    .filter((row) => Number(row.refunded_amount) !== 0)
    .map((row) => ({ provider: row.provider, plan: row.plan, day: row.day, amount: row.refunded_amount }));

/**
 * New members per day: users whose first membership grant that still stands was made that day.
 * Read from member_days (kept with every grant write, membership/member-state.repository.ts): one
 * row per day of the window, whatever the number of members.
 */
export const newMembersByDay = (db: DbExecutor, from: number) =>
  db
    .selectFrom('member_days')
    .select(['day', 'new_members as n'])
    .where('day', '>=', Math.floor(from / DAY_MS))
    .where('new_members', '>', 0)
    .execute();

/**
 * Users with a grant running now. Grants are stacked end to end from the moment they are made (a
 * new one starts at the later of now and the current end; a re-stack after a refund starts each at
 * the later of its purchase time and the previous end, both in the past or contiguous), so a user
 * whose last standing grant ends after now has one running now: member_until > now.
 * Counted without visiting members: the users ending on a later day are summed from member_days
 * (one row per day), and only today's endings are read from users, an index range on member_until.
 */
export async function countActiveMembers(db: DbExecutor, now: number): Promise<number> {
  const tomorrow = (Math.floor(now / DAY_MS) + 1) * DAY_MS;
  const later = await db
    .selectFrom('member_days')
    .select((eb) => eb.fn.sum<number | string | null>('memberships_ending').as('n'))
    .where('day', '>=', tomorrow / DAY_MS)
    .executeTakeFirst();
  const today = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('member_until', '>', now)
    .where('member_until', '<', tomorrow)
    .executeTakeFirstOrThrow();
  return Number(later?.n ?? 0) + Number(today.n);
}

/**
 * Members whose membership (the end of their last standing grant) ends within the window: an index
 * range on users.member_until, read in index order up to the limit (no sort of the whole range).
 */
export const expiringBetween = (db: DbExecutor, now: number, until: number, limit: number) =>
  db
    .selectFrom('users as u')
    .select(['u.uuid', 'u.username', 'u.member_until as expire_at'])
    .where('u.member_until', '>', now)
    .where('u.member_until', '<=', until)
    .orderBy('u.member_until')
    .limit(limit)
    .execute();

/**
 * Renewals paid since `from`: invoices that became paid in the window (paid is final: a refund
 * leaves the invoice paid and refunds its order) and are not a subscription's first. An index range
 * on (status, updated_at); the orders are never read here (revenue comes from revenue_days).
 */
export async function countRenewalsSince(db: DbExecutor, from: number): Promise<number> {
  const row = await db
    .selectFrom('subscription_invoices')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'paid')
    .where('updated_at', '>=', from)
    .where((eb) => eb.or([eb('billing_reason', 'is', null), eb('billing_reason', '!=', 'subscription_create')]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Subscriptions ended since `from` (an index range on canceled_at). */
export async function countCancellationsSince(db: DbExecutor, from: number): Promise<number> {
  const row = await db
    .selectFrom('membership_subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('canceled_at', '>=', from)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Invoices whose payment failed, first recorded since `from` (an index range on status, created_at). */
export async function countFailedPaymentsSince(db: DbExecutor, from: number): Promise<number> {
  const row = await db
    .selectFrom('subscription_invoices')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'failed')
    .where('created_at', '>=', from)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Subscriptions running now (active, including renewal stopped, or past due) per plan. */
export const runningSubscriptionsByPlan = (db: DbExecutor) =>
  db
    .selectFrom('membership_subscriptions')
    .select(['plan', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('status', 'in', ['active', 'past_due'])
    .groupBy('plan')
    .execute();
