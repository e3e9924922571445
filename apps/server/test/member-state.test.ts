import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbExecutor } from '../src/db/database.js';
import { migrateToLatest, migrateUpTo } from '../src/db/migrator.js';
import { DAY_MS } from '../src/lib/time.js';
import { insertGrantOnce } from '../src/modules/membership/membership.repository.js';
import { rebuildMemberState } from '../src/modules/membership/member-state.repository.js';
import { createMembershipService } from '../src/modules/membership/membership.service.js';
import * as stats from '../src/modules/stats/stats.repository.js';
import { adminCli } from './helpers/admin-cli.js';
import { authHeader, createUser, grantMembership, nextClientIp, type TestUser } from './helpers/factories.js';
import { createOrder as createPaymentOrder, sandboxPay } from './helpers/payment-flows.js';
import { createAdminContext } from './helpers/admin-context.js';
import { createTestDatabase, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * users.member_since / member_until and member_days are kept by every grant write
 * (membership/member-state.repository.ts); the console reads them instead of the grants.
 * Each test compares them with a recomputation from the whole grants ledger.
 */
let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => ({ ctx, admin } = await createAdminContext()));
afterAll(() => ctx.close());

type DayCounts = Record<number, { new_members: number; memberships_ending: number }>;

/** The state as the definitions say, from every grant: what the maintained copies must equal. */
async function recomputed(db: DbExecutor) {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('membership_grants as g', (join) => join.onRef('g.user_id', '=', 'u.id').on('g.revoked_at', 'is', null))
    .select((eb) => ['u.id', eb.fn.min('g.created_at').as('since'), eb.fn.max('g.ends_at').as('until')])
    .groupBy('u.id')
    .orderBy('u.id')
    .execute();
  const users = rows.map((r) => ({
    id: Number(r.id),
    since: r.since == null ? null : Number(r.since),
    until: r.until == null ? null : Number(r.until),
  }));
  const days: DayCounts = {};
  const count = (at: number | null, field: 'new_members' | 'memberships_ending') => {
    if (at === null) return;
    const day = Math.floor(at / 86_400_000);
    days[day] ??= { new_members: 0, memberships_ending: 0 };
    days[day][field] += 1;
  };
  for (const user of users) {
    count(user.since, 'new_members');
    count(user.until, 'memberships_ending');
  }
  return { users, days };
}

async function maintained(db: DbExecutor) {
  const rows = await db.selectFrom('users').select(['id', 'member_since', 'member_until']).orderBy('id').execute();
  const users = rows.map((r) => ({
    id: Number(r.id),
    since: r.member_since == null ? null : Number(r.member_since),
    until: r.member_until == null ? null : Number(r.member_until),
  }));
  const days: DayCounts = {};
  for (const row of await db.selectFrom('member_days').selectAll().execute()) {
    if (row.new_members === 0 && row.memberships_ending === 0) continue; // a day every count left
    days[Number(row.day)] = { new_members: Number(row.new_members), memberships_ending: Number(row.memberships_ending) };
  }
  return { users, days };
}

const expectConsistent = async (db: DbExecutor = ctx.db) => expect(await maintained(db)).toEqual(await recomputed(db));

const stateOf = async (user: TestUser) =>
  ctx.db.selectFrom('users').select(['member_since', 'member_until']).where('id', '=', user.id).executeTakeFirstOrThrow();

const createOrder = (user: TestUser, months = 1) => createPaymentOrder(ctx, user, months);
const pay = (user: TestUser, orderId: string) => sandboxPay(ctx, user, orderId);
const adminPost = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: authHeader(admin), payload });
const invite = (invitee: TestUser, inviter: TestUser) =>
  ctx.db.updateTable('users').set({ invited_by: inviter.id }).where('id', '=', invitee.id).execute();

describe(`maintained membership state on ${TEST_DIALECT}`, () => {
  it('stays equal to the grants after a payment, an invite reward, a coupon, admin grant and revoke, refunds and re-stacks', async () => {
    const [inviter, payer, other] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    await invite(payer, inviter);
    // Grants made on earlier days (the factory's writer), so days move, not only today's row.
    await grantMembership(ctx, other.id, { days: 10, startDaysAgo: 20 });
    await grantMembership(ctx, inviter.id, { days: 30, startDaysAgo: 5 });
    await expectConsistent();
    expect(Number((await stateOf(inviter)).member_since)).toBeLessThan(Date.now() - 4 * DAY_MS);

    const first = await createOrder(payer);
    expect((await pay(payer, first)).statusCode).toBe(200); // payment + the inviter's reward
    await expectConsistent();
    const second = await createOrder(payer, 3);
    expect((await pay(payer, second)).statusCode).toBe(200); // stacks after the first
    await expectConsistent();

    const code = `MSTATE${payer.id}`;
    expect((await adminCli(ctx)('coupon', 'create', code, '--days', '15')).code).toBe(0);
    const redeemed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/coupon/redeem',
      headers: authHeader(other),
      payload: { code },
      remoteAddress: nextClientIp(),
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    await expectConsistent();

    expect((await adminPost(`/users/${other.uuid}/grants`, { days: 40, reason: 'goodwill' })).statusCode).toBe(200);
    await expectConsistent();
    const untilBeforeRefund = Number((await stateOf(payer)).member_until);

    // Refund of the first order: its grant is revoked and the second moves back to start at once.
    const refunded = await adminPost(`/orders/${first}/refund`, { reason: 'asked' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(Number((await stateOf(payer)).member_until)).toBeLessThan(untilBeforeRefund);
    await expectConsistent();
    // Refund of the last paid order also takes the inviter's reward back.
    expect((await adminPost(`/orders/${second}/refund`, { reason: 'asked' })).statusCode).toBe(200);
    expect(await stateOf(payer)).toEqual({ member_since: null, member_until: null });
    await expectConsistent();

    // Revoke all: the running grants go, the expired one from 20 days ago still stands.
    expect((await adminPost(`/users/${other.uuid}/revoke`, { reason: 'chargeback' })).statusCode).toBe(200);
    const afterRevoke = await stateOf(other);
    expect(Number(afterRevoke.member_until)).toBeLessThan(Date.now());
    await expectConsistent();
  });

  it('stays exact under concurrent grants for one user and for many users on the same day', async () => {
    const target = await createUser(ctx);
    const others = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx)));
    const invitees = await Promise.all(Array.from({ length: 4 }, () => createUser(ctx)));
    for (const invitee of invitees) await invite(invitee, target);
    const orders = await Promise.all(invitees.map((u) => createOrder(u)));
    const membership = createMembershipService({ db: ctx.db, domainEvents: ctx.app.domainEvents });
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => membership.grant({ userId: target.id, length: { days: 3 }, source: 'admin' }).then(() => 200)),
      // Each invitee's payment also rewards the target: two users' state in one transaction.
      ...orders.map((orderId, i) => pay(invitees[i]!, orderId).then((r) => r.statusCode)),
      ...others.map((u) => membership.grant({ userId: u.id, length: { days: 7 }, source: 'admin' }).then(() => 200)),
      ...others.slice(0, 3).map((u) => membership.revokeAll(u.id).then(() => 200)),
    ]);
    expect(results).toEqual(results.map(() => 200));
    await expectConsistent();
    // The target's end is the sum of every grant, so no concurrent write lost its refresh.
    const grants = await ctx.db.selectFrom('membership_grants').select(['starts_at', 'ends_at']).where('user_id', '=', target.id).execute();
    expect(Number((await stateOf(target)).member_until)).toBe(Math.max(...grants.map((g) => Number(g.ends_at))));
  });

  it('stays exact when grants for one user are written at once without the membership lock (the refresh locks the row itself)', async () => {
    const user = await createUser(ctx);
    const now = Date.now();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        insertGrantOnce(ctx.db, {
          user_id: user.id,
          source: 'admin',
          source_ref: `bare-${user.id}-${i}`,
          starts_at: now - i * DAY_MS,
          ends_at: now + (i + 1) * DAY_MS,
          created_at: now - i * DAY_MS,
          grant_months: null,
          grant_days: 2 * i + 1,
        }),
      ),
    );
    expect(await stateOf(user)).toEqual({ member_since: now - 7 * DAY_MS, member_until: now + 8 * DAY_MS });
    await expectConsistent();
  });

  it('gives the dashboard the figures of the old definitions on a mixed data set', async () => {
    const now = Date.now();
    const membership = createMembershipService({ db: ctx.db, domainEvents: ctx.app.domainEvents });
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx)));
    await grantMembership(ctx, users[0]!.id, { days: 30, startDaysAgo: 40 }); // expired
    await grantMembership(ctx, users[1]!.id, { days: 3, startDaysAgo: 1 }); // expiring in 2 days
    await grantMembership(ctx, users[2]!.id, { days: 10, startDaysAgo: 2 });
    await membership.grant({ userId: users[2]!.id, length: { months: 1 }, source: 'admin' }); // stacked after
    await grantMembership(ctx, users[3]!.id, { days: 6, startDaysAgo: 0 });
    await membership.revokeAll(users[3]!.id); // revoked: neither member nor new
    const endsLaterToday = Math.min(now + 60 * 60 * 1000, (Math.floor(now / DAY_MS) + 1) * DAY_MS - 1);
    const endedEarlierToday = Math.max(now - 60 * 60 * 1000, Math.floor(now / DAY_MS) * DAY_MS);
    for (const [user, endsAt] of [
      [users[4]!, endsLaterToday],
      [users[5]!, endedEarlierToday],
    ] as const) {
      const startsAt = endsAt - 5 * DAY_MS;
      await ctx.db.transaction().execute(async (trx) => {
        await insertGrantOnce(trx, {
          user_id: user.id,
          source: 'admin',
          source_ref: `edge-${user.id}`,
          starts_at: startsAt,
          ends_at: endsAt,
          created_at: startsAt,
          grant_months: null,
          grant_days: 5,
        });
      });
    }
    await grantMembership(ctx, users[6]!.id, { days: 400, startDaysAgo: 3 });
    await grantMembership(ctx, users[7]!.id, { days: 6, startDaysAgo: 0 });
    await grantMembership(ctx, users[7]!.id, { days: 20, startDaysAgo: 25 }); // expired, older: since moves back
    await expectConsistent();

    // Asked after every grant was made, as the console asks: the old definition counts a grant
    // from its start, and a grant made after `at` would start after it.
    const at = Date.now();
    const from = (Math.floor(at / DAY_MS) - 89) * DAY_MS;
    const byDay = (rows: { day: number | string; n: number | string }[]) =>
      Object.fromEntries(rows.filter((r) => Number(r.n) > 0).map((r) => [Number(r.day), Number(r.n)]));
    expect(byDay(await stats.newMembersByDay(ctx.db, from))).toEqual(byDay(await oldNewMembersByDay(from)));
    expect(await stats.countActiveMembers(ctx.db, at)).toBe(await oldCountActiveMembers(at));
    const sorted = (rows: { uuid: string; username: string; expire_at: number | string | null }[]) =>
      rows
        .map((r) => ({ uuid: r.uuid, username: r.username, expire_at: Number(r.expire_at) }))
        .sort((a, b) => a.expire_at - b.expire_at || a.uuid.localeCompare(b.uuid));
    const expiring = sorted(await stats.expiringBetween(ctx.db, at, at + 7 * DAY_MS, 100));
    expect(expiring).toEqual(sorted(await oldExpiringBetween(at, at + 7 * DAY_MS)));
    expect(expiring.map((r) => r.uuid)).toEqual(expect.arrayContaining([users[1]!.uuid, users[4]!.uuid, users[7]!.uuid]));
    expect(expiring.map((r) => r.uuid)).not.toContain(users[5]!.uuid);
  });

  it('rebuilds the whole state from the grants after a bulk load that went around the writers', async () => {
    const user = await createUser(ctx);
    const now = Date.now();
    // A generator's bulk insert: no refresh ran, so the copies lag behind the ledger.
    await ctx.db
      .insertInto('membership_grants')
      .values({
        user_id: user.id,
        source: 'admin',
        source_ref: `bulk-${user.id}`,
        starts_at: now - 3 * DAY_MS,
        ends_at: now + 9 * DAY_MS,
        revoked_at: null,
        note: null,
        created_at: now - 3 * DAY_MS,
        grant_months: null,
        grant_days: 12,
      })
      .execute();
    await ctx.db.updateTable('users').set({ member_since: 1, member_until: 1 }).where('id', '=', admin.id).execute(); // and a stale copy
    expect(await maintained(ctx.db)).not.toEqual(await recomputed(ctx.db));
    await rebuildMemberState(ctx.db);
    await expectConsistent();
  });

  it('fills the state of grants that exist before the migration, and undoes it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'inkstream-member-state-'));
    const database = await createTestDatabase();
    const handle = openDatabase({ databaseUrl: database.databaseUrl, sqlitePath: path.join(dir, 'old.sqlite') });
    try {
      await migrateUpTo(handle.db, '2026-11-25T0110-username-skeletons');
      const now = Date.now();
      for (let i = 0; i < 12; i += 1) {
        await sql`INSERT INTO users (uuid, username, username_key, username_skeleton, password_hash, role, invite_code, user_type, created_at)
          VALUES (${crypto.randomUUID()}, ${`old${i}`}, ${`old${i}`}, ${`old${i}`}, 'x', 'user', ${`OLD${i}`}, 'inkstream', 0)`.execute(
          handle.db,
        );
      }
      const ids = (await handle.db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
      let ref = 0;
      const grant = (userId: number, createdDaysAgo: number, days: number, revoked = false) => {
        const start = now - createdDaysAgo * DAY_MS;
        ref += 1;
        return sql`INSERT INTO membership_grants (user_id, source, source_ref, starts_at, ends_at, revoked_at, created_at, grant_days)
          VALUES (${userId}, 'admin', ${`old-${ref}`}, ${start}, ${start + days * DAY_MS}, ${revoked ? start + 1 : null}, ${start}, ${days})`.execute(
          handle.db,
        );
      };
      for (const [index, id] of ids.entries()) {
        if (index % 4 === 3) continue; // never a member
        await grant(id, index, 30);
        if (index % 2 === 0) await grant(id, index + 40, 10); // an older expired grant: since moves back
        if (index % 3 === 0) await grant(id, 1, 90, true); // revoked: counts for nothing
      }
      await migrateToLatest(handle.db);
      await expectConsistent(handle.db);
      expect((await maintained(handle.db)).users.filter((u) => u.until !== null)).toHaveLength(9);

      await migrateUpTo(handle.db, '2026-11-25T0110-username-skeletons'); // down
      const columns = await sql<{ n: number }>`SELECT 1 AS n FROM users WHERE member_until IS NULL`.execute(handle.db).then(
        () => 'present',
        () => 'gone',
      );
      expect(columns).toBe('gone');
      await migrateToLatest(handle.db);
      await expectConsistent(handle.db);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});

// The dashboard's definitions before member-state: every grant grouped, kept here as the reference.
async function oldNewMembersByDay(from: number) {
  const firsts = ctx.db
    .selectFrom('membership_grants')
    .select((eb) => ['user_id', eb.fn.min<number | string>('created_at').as('first_at')])
    .where('revoked_at', 'is', null)
    .groupBy('user_id')
    .as('f');
  return ctx.db
    .selectFrom(firsts)
    .select((eb) => [sql<number | string>`(f.first_at / 86400000)`.as('day'), eb.fn.countAll<number | string>().as('n')])
    .where('f.first_at', '>=', from)
    .groupBy(sql`(f.first_at / 86400000)`)
    .execute();
}

async function oldCountActiveMembers(now: number) {
  const row = await ctx.db
    .selectFrom('membership_grants')
    .select((eb) => eb.fn.count<number | string>('user_id').distinct().as('n'))
    .where('revoked_at', 'is', null)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const oldExpiringBetween = (now: number, until: number) =>
  ctx.db
    .selectFrom('membership_grants as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .select((eb) => ['u.uuid', 'u.username', eb.fn.max<number | string>('g.ends_at').as('expire_at')])
    .where('g.revoked_at', 'is', null)
    .groupBy(['u.id', 'u.uuid', 'u.username'])
    .having((eb) => eb.and([eb(eb.fn.max('g.ends_at'), '>', now), eb(eb.fn.max('g.ends_at'), '<=', until)]))
    .execute();
