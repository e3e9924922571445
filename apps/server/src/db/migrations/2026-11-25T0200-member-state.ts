import type { Kysely } from 'kysely';

// Frozen history: membership state kept beside the grants ledger, so the console reads it from an
// index instead of grouping every grant (issue 27; membership/member-state.repository.ts keeps it).
// - users.member_since: created_at of the user's first unrevoked grant; users.member_until: the
//   largest ends_at of their unrevoked grants; null when none stands. Each indexed.
// - member_days(day, new_members, memberships_ending): per UTC day (epoch ms / 86400000), how many
//   users have member_since / member_until on it.
// Existing grants are folded in here, users by id in batches (an index range of the grants per batch).

const BATCH = 1000;
const DAY_MS = 86_400_000;

interface Tables {
  users: { id: number; member_since: number | null; member_until: number | null };
  membership_grants: { user_id: number; created_at: number; ends_at: number; revoked_at: number | null };
  member_days: { day: number; new_members: number; memberships_ending: number };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('member_since', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('member_until', 'bigint').execute();
  await db.schema
    .createTable('member_days')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .addColumn('new_members', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('memberships_ending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await backfillMemberState(db as unknown as Kysely<Tables>);
  await db.schema.createIndex('users_member_since_idx').on('users').column('member_since').execute();
  await db.schema.createIndex('users_member_until_idx').on('users').column('member_until').execute();
}

async function backfillMemberState(db: Kysely<Tables>): Promise<void> {
  const days = new Map<number, { new_members: number; memberships_ending: number }>();
  const count = (at: number, field: 'new_members' | 'memberships_ending') => {
    const day = Math.floor(at / DAY_MS);
    const entry = days.get(day) ?? { new_members: 0, memberships_ending: 0 };
    entry[field] += 1;
    days.set(day, entry);
  };
  for (let afterId = 0; ;) {
    const users = await db.selectFrom('users').select('id').where('id', '>', afterId).orderBy('id').limit(BATCH).execute();
    if (users.length === 0) break;
    const lastId = users[users.length - 1]!.id;
    const states = await db
      .selectFrom('membership_grants')
      .select((eb) => ['user_id', eb.fn.min<number | string>('created_at').as('since'), eb.fn.max<number | string>('ends_at').as('until')])
      .where('user_id', '>', afterId)
      .where('user_id', '<=', lastId)
      .where('revoked_at', 'is', null)
      .groupBy('user_id')
      .execute();
    for (const state of states) {
      const since = Number(state.since);
      const until = Number(state.until);
      await db.updateTable('users').set({ member_since: since, member_until: until }).where('id', '=', state.user_id).execute();
      count(since, 'new_members');
      count(until, 'memberships_ending');
    }
    afterId = lastId;
  }
  const rows = [...days].sort(([a], [b]) => a - b).map(([day, n]) => ({ day, ...n }));
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto('member_days')
      .values(rows.slice(i, i + BATCH))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_member_until_idx').execute();
  await db.schema.dropIndex('users_member_since_idx').execute();
  await db.schema.dropTable('member_days').execute();
  await db.schema.alterTable('users').dropColumn('member_until').execute();
  await db.schema.alterTable('users').dropColumn('member_since').execute();
}
