import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen history: coin amounts that cannot overflow (issue 56 item 14). The coin ledger's running
// figures were `integer` on PostgreSQL (32 bits): a wallet past 2,147,483,647 coins made every
// further credit fail with "integer out of range" (a 500), and a paid pack's credit cannot be
// refused once the money has arrived, so bounding the balance was no answer. Now 64 bits, as the
// timestamps are: coin_lots.coins/remaining (what a lot holds) and coin_entries.coins/balance_after
// (each movement and the balance after it). The pg driver reads int8 as a JS number
// (postgres-driver.ts), exact up to 2^53: about 9 billion of the largest grants away.
// Single movements (coin_spends.coins, a chapter's share; payment_orders.coins, one pack) are bounded
// by the contract's maxima (COIN_PRICE_MAX, COIN_GRANT_MAX) and stay `integer`.
// SQLite stores every INTEGER in up to 8 bytes whatever the declared type, so there is nothing to
// change there (and SQLite cannot alter a column's type in place).
const COLUMNS = [
  ['coin_lots', 'coins'],
  ['coin_lots', 'remaining'],
  ['coin_entries', 'coins'],
  ['coin_entries', 'balance_after'],
] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, column] of COLUMNS) {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type bigint`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, column] of COLUMNS) {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type integer`.execute(db);
  }
}
