import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';

/** Days since 1970-01-01 UTC, computed in SQL the same way on both dialects (integer division of epoch ms). */
const dayOf = (column: string) => sql<number | string>`(${sql.ref(column)} / 86400000)`;

/** Paid amounts per provider, plan and UTC day of payment (refunded orders were paid too). */
export const paidByDay = (db: DbExecutor, from: number) =>
  db
    .selectFrom('payment_orders')
    .select((eb) => ['provider', 'plan', dayOf('paid_at').as('day'), eb.fn.sum<number | string>('amount_fen').as('amount')])
    .where('paid_at', '>=', from)
    .where('status', 'in', ['paid', 'refunded'])
    .groupBy(['provider', 'plan', dayOf('paid_at')])
    .execute();

/** Refunded amounts per provider, plan and UTC day of the refund. */
export const refundedByDay = (db: DbExecutor, from: number) =>
  db
    .selectFrom('payment_orders')
    .select((eb) => ['provider', 'plan', dayOf('refunded_at').as('day'), eb.fn.sum<number | string>('amount_fen').as('amount')])
    .where('refunded_at', '>=', from)
    .where('status', '=', 'refunded')
    .groupBy(['provider', 'plan', dayOf('refunded_at')])
    .execute();

/** New members per day: users whose first membership grant that still stands was made that day. */
export async function newMembersByDay(db: DbExecutor, from: number) {
  const firsts = db
    .selectFrom('membership_grants')
    .select((eb) => ['user_id', eb.fn.min<number | string>('created_at').as('first_at')])
    .where('revoked_at', 'is', null)
    .groupBy('user_id')
    .as('f');
  return db
    .selectFrom(firsts)
    .select((eb) => [sql<number | string>`(f.first_at / 86400000)`.as('day'), eb.fn.countAll<number | string>().as('n')])
    .where('f.first_at', '>=', from)
    .groupBy(sql`(f.first_at / 86400000)`)
    .execute();
}

/** Users with a grant running now (grants are stacked end to end, so one covers now for every member). */
export async function countActiveMembers(db: DbExecutor, now: number): Promise<number> {
  const row = await db
    .selectFrom('membership_grants')
    .select((eb) => eb.fn.count<number | string>('user_id').distinct().as('n'))
    .where('revoked_at', 'is', null)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Members whose membership (the end of their last standing grant) ends within the window. */
export const expiringBetween = (db: DbExecutor, now: number, until: number, limit: number) =>
  db
    .selectFrom('membership_grants as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select((eb) => ['u.uuid', 'u.username', eb.fn.max<number | string>('g.ends_at').as('expire_at')])
    .where('g.revoked_at', 'is', null)
    .groupBy(['u.id', 'u.uuid', 'u.username'])
    .having((eb) => eb.and([eb(eb.fn.max('g.ends_at'), '>', now), eb(eb.fn.max('g.ends_at'), '<=', until)]))
    .orderBy(sql`max(g.ends_at)`)
    .limit(limit)
    .execute();
