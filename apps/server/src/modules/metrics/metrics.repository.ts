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

/**
 * The coin economy as the ledger holds it (coin-metrics.ts): coins readers hold now by lot source
 * (the liability: unrevoked lots with coins left, not past their expiry; the rule of the console's
 * coin report), standing chapter unlocks by kind (coins, wait_free), and every coin ever expired.
 */
export async function coinFigures(db: DbExecutor, now: number) {
  const [held, unlocks, expired] = await Promise.all([
    db
      .selectFrom('coin_lots')
      .select(['source', (eb) => eb.fn.sum<number | string>('remaining').as('coins')])
      .where('revoked_at', 'is', null)
      .where('remaining', '>', 0)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .groupBy('source')
      .execute(),
    db
      .selectFrom('chapter_grants')
      .select(['kind', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('kind', 'in', ['coins', 'wait_free'])
      .where('revoked_at', 'is', null)
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('coin_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('coins'), eb.lit(0)).as('coins'))
      .where('kind', '=', 'expiry')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    held: new Map(held.map((row) => [row.source, Number(row.coins)])),
    unlocks: new Map(unlocks.map((row) => [row.kind, Number(row.n)])),
    expired: -Number(expired.coins),
  };
}
