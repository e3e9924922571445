import { sql, type Kysely } from 'kysely';

// Frozen history: reading events sent again (issue 47, offline reading). The web app queues events
// while offline and sends them later, and repeats a send whose answer it never got.
// - reading_events.client_at: the client's own `at` as sent (epoch ms), null for an event sent
//   without one. occurred_at keeps only a plausible client time (the last day), so it cannot tell
//   a repeated send of an older event from a new one; this column can. Nullable with no default:
//   adding it writes no row on either database, whatever the table's size.
// - Two partial indexes, one per kind of reader, holding only the events that carry a client time
//   (the web app sends one only with queued events): the check before a batch is stored reads the
//   reader's events at the batch's instants, a few rows of one reader. Built on the existing rows
//   they read the table once and store nothing, as reading_events_visitor_idx was (2026-11-28T0920).
//   The statement repeats each predicate literally (both databases match a partial index only then).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reading_events').addColumn('client_at', 'bigint').execute();
  await sql`create index reading_events_user_client_at_idx on reading_events (user_id, client_at)
            where client_at is not null and user_id is not null`.execute(db);
  await sql`create index reading_events_visitor_client_at_idx on reading_events (visitor_id, client_at)
            where client_at is not null and visitor_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('reading_events_visitor_client_at_idx').execute();
  await db.schema.dropIndex('reading_events_user_client_at_idx').execute();
  await db.schema.alterTable('reading_events').dropColumn('client_at').execute();
}
