import type { Db } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';

/** How many rows a table holds (a number on both dialects: PostgreSQL answers count(*) as a string). */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
