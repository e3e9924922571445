import type { Kysely } from 'kysely';
import unhomoglyph from 'unhomoglyph';

// Frozen history: look-alike user names (a Cyrillic а, full-width letters) are refused as taken.
// users.username_skeleton holds each name's confusable skeleton (Unicode TS #39 after NFKC,
// case-folded) under a unique index. The function is copied here, not imported, so this migration
// keeps doing what it did when it shipped (the server's is users/username-skeleton.ts).
//
// Existing rows are filled in here. Two existing accounts whose names already look alike both keep
// working (a reader logs in by the exact name): the older keeps the plain skeleton, and each later
// one gets it suffixed with `#<id>`, which no name can produce, so the index can be created.
const skeleton = (username: string) => {
  const once = unhomoglyph(username.normalize('NFKC').normalize('NFD')).normalize('NFD').toLowerCase();
  return unhomoglyph(once).normalize('NFD').toLowerCase();
};

interface UsersRow {
  id: number;
  username: string;
  username_skeleton: string | null;
}

const BATCH = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_skeleton', 'text').execute();
  const users = db as unknown as Kysely<{ users: UsersRow }>;
  const seen = new Set<string>();
  for (let afterId = 0; ;) {
    const rows = await users.selectFrom('users').select(['id', 'username']).where('id', '>', afterId).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const plain = skeleton(row.username);
      const value = seen.has(plain) ? `${plain}#${row.id}` : plain;
      seen.add(plain);
      await users.updateTable('users').set({ username_skeleton: value }).where('id', '=', row.id).execute();
    }
    afterId = rows[rows.length - 1]!.id;
  }
  await db.schema.createIndex('users_username_skeleton_idx').unique().on('users').column('username_skeleton').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_username_skeleton_idx').execute();
  await db.schema.alterTable('users').dropColumn('username_skeleton').execute();
}
