import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen history: the feed of changes to what a member's chapter read depends on (docs/SCALING.md,
// reading/reader-change-feed.ts). Every process keeps accounts, memberships and likes in memory and
// drops a user's entry when a row naming them appears here. The rows are written by triggers, in
// the transaction that made the change, so no code path (the server, the admin CLI, a hand-run
// UPDATE) can change an account and forget to say so.
//
// - users: a deleted account, or a change of the columns a read checks (token version, disabled,
//   role, username); the no-op update that serialises membership changes (membership.repository
//   lockUserMembership) writes nothing.
// - membership_grants: any insert, update or delete.
// - chapter_likes: any insert or delete, naming the chapter too (its like count moved).
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('reader_changes')
    .addColumn('id', isPostgres ? 'bigserial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'integer')
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reader_changes_changed_idx').on('reader_changes').column('changed_at').execute();
  if (isPostgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const USER_COLUMNS = ['token_version', 'disabled_at', 'role', 'username'];

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const nowMs = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
  const changed = USER_COLUMNS.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
  const statements = [
    `CREATE TRIGGER reader_changes_users AFTER UPDATE OF ${USER_COLUMNS.join(', ')} ON users
       WHEN ${changed}
       BEGIN INSERT INTO reader_changes (user_id, chapter_id, changed_at) VALUES (NEW.id, NULL, ${nowMs}); END`,
    `CREATE TRIGGER reader_changes_users_delete AFTER DELETE ON users
       BEGIN INSERT INTO reader_changes (user_id, chapter_id, changed_at) VALUES (OLD.id, NULL, ${nowMs}); END`,
    ...(['INSERT', 'UPDATE', 'DELETE'] as const).map(
      (event) => `CREATE TRIGGER reader_changes_grants_${event.toLowerCase()} AFTER ${event} ON membership_grants
       BEGIN INSERT INTO reader_changes (user_id, chapter_id, changed_at)
         VALUES (${event === 'DELETE' ? 'OLD' : 'NEW'}.user_id, NULL, ${nowMs}); END`,
    ),
    ...(['INSERT', 'DELETE'] as const).map(
      (event) => `CREATE TRIGGER reader_changes_likes_${event.toLowerCase()} AFTER ${event} ON chapter_likes
       BEGIN INSERT INTO reader_changes (user_id, chapter_id, changed_at)
         VALUES (${event === 'DELETE' ? 'OLD' : 'NEW'}.user_id, ${event === 'DELETE' ? 'OLD' : 'NEW'}.chapter_id, ${nowMs}); END`,
    ),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const changed = USER_COLUMNS.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
  const statements = [
    `CREATE FUNCTION reader_change() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE
       row_user integer;
       row_chapter integer;
     BEGIN
       IF TG_TABLE_NAME = 'users' AND TG_OP = 'DELETE' THEN
         row_user := OLD.id;
       ELSIF TG_TABLE_NAME = 'users' THEN
         row_user := NEW.id;
       ELSIF TG_OP = 'DELETE' THEN
         row_user := OLD.user_id;
         IF TG_TABLE_NAME = 'chapter_likes' THEN row_chapter := OLD.chapter_id; END IF;
       ELSE
         row_user := NEW.user_id;
         IF TG_TABLE_NAME = 'chapter_likes' THEN row_chapter := NEW.chapter_id; END IF;
       END IF;
       INSERT INTO reader_changes (user_id, chapter_id, changed_at)
         VALUES (row_user, row_chapter, (extract(epoch from clock_timestamp()) * 1000)::bigint);
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER reader_changes_users AFTER UPDATE OF ${USER_COLUMNS.join(', ')} ON users
       FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION reader_change()`,
    `CREATE TRIGGER reader_changes_users_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION reader_change()`,
    `CREATE TRIGGER reader_changes_grants AFTER INSERT OR UPDATE OR DELETE ON membership_grants
       FOR EACH ROW EXECUTE FUNCTION reader_change()`,
    `CREATE TRIGGER reader_changes_likes AFTER INSERT OR DELETE ON chapter_likes
       FOR EACH ROW EXECUTE FUNCTION reader_change()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
