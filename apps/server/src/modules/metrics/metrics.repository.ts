import type { DbExecutor } from '../../db/database.js';

/** The reads behind the gauges a scrape takes from the database (the same on every node: aggregator `first`). */

/** Open incidents, as the console's list counts them (resolved_at null). */
export async function countOpenIncidents(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('payment_incidents')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('resolved_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countJobs(db: DbExecutor): Promise<{ kind: string; state: string; n: number }[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('state', 'in', ['queued', 'running', 'failed'])
    .groupBy(['kind', 'state'])
    .execute();
  return rows.map((row) => ({ kind: row.kind, state: row.state, n: Number(row.n) }));
}

/** Per kind, the run_at of the oldest queued job already due. */
export async function oldestDueJobs(db: DbExecutor, now: number): Promise<{ kind: string; runAt: number }[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', (eb) => eb.fn.min('run_at').as('run_at')])
    .where('state', '=', 'queued')
    .where('run_at', '<=', now)
    .groupBy('kind')
    .execute();
  return rows.map((row) => ({ kind: row.kind, runAt: Number(row.run_at) }));
}

export async function countMail(db: DbExecutor): Promise<{ state: string; n: number }[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('state')
    .execute();
  return rows.map((row) => ({ state: row.state, n: Number(row.n) }));
}

/** created_at of the oldest message not sent yet (queued or sending); null when none. */
export async function oldestUnsentMail(db: DbExecutor): Promise<number | null> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.min('created_at').as('created_at'))
    .where('state', 'in', ['queued', 'sending'])
    .executeTakeFirst();
  return row?.created_at == null ? null : Number(row.created_at);
}

/** Pages the lighter-image backfill has not looked at yet (lite_key null). */
export async function countPagesWithoutLite(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('chapter_pages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('lite_key', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
