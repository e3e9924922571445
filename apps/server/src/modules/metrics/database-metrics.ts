import { Counter, Gauge, type Registry } from 'prom-client';
import { hotHistogram, type HistogramChild } from './hot-path-metrics.js';
import type { QueryEvent } from '../../db/database.js';

/**
 * `select books`, `update payment_orders`, `insert mail_outbox`: the first keyword and the main table
 * of a statement, never its values; `other` for anything else. Kept per SQL text (Kysely's texts
 * are few: the values are parameters), so a statement is parsed once.
 */
const KEYWORDS = new Set(['select', 'insert', 'update', 'delete', 'with']);
const TABLE_AFTER: Record<string, RegExp> = {
  select: /\sfrom\s+"?([a-z_][a-z0-9_]*)"?/i,
  with: /\sfrom\s+"?([a-z_][a-z0-9_]*)"?/i,
  insert: /^insert\s+(?:or\s+\w+\s+)?into\s+"?([a-z_][a-z0-9_]*)"?/i,
  update: /^update\s+"?([a-z_][a-z0-9_]*)"?/i,
  delete: /^delete\s+from\s+"?([a-z_][a-z0-9_]*)"?/i,
};

export function statementLabel(sql: string): string {
  const keyword = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase();
  if (!keyword) return 'other';
  if (!KEYWORDS.has(keyword)) return ['begin', 'commit', 'rollback', 'savepoint', 'release'].includes(keyword) ? keyword : 'other';
  const table = TABLE_AFTER[keyword]!.exec(sql.trimStart())?.[1]?.toLowerCase();
  return table ? `${keyword === 'with' ? 'select' : keyword} ${table}` : keyword;
}

export interface DatabaseSources {
  /** PostgreSQL's pool (node-postgres counts); null on SQLite. */
  pool: (() => { total: number; idle: number; waiting: number }) | null;
}

/**
 * Query durations by statement (from Kysely's log, installed only when metrics are on), SQLite's
 * busy failures, PostgreSQL's pool.
 */
export function createDatabaseMetrics(registry: Registry, sources: DatabaseSources): (event: QueryEvent) => void {
  const registers = [registry];
  const durations = hotHistogram(registry, {
    name: 'inkstream_db_query_duration_seconds',
    help: 'Time a database statement took, by statement (first keyword and main table).',
    labelNames: ['statement'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  });
  const labels = new Map<string, HistogramChild>();
  const busy = sources.pool
    ? null
    : new Counter({
        name: 'inkstream_db_busy_total',
        help: 'SQLite statements that failed with SQLITE_BUSY after the busy timeout.',
        registers,
      });
  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: 'inkstream_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle).',
      labelNames: ['state'],
      registers,
      collect() {
        const { total, idle } = pool();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
      },
    });
    new Gauge({
      name: 'inkstream_db_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection.',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
  }
  return (event) => {
    let child = labels.get(event.sql);
    if (!child) {
      // Bounded: a text seen past the limit is labelled but not remembered.
      child = durations.child(statementLabel(event.sql));
      if (labels.size < 2_000) labels.set(event.sql, child);
    }
    child.observe(event.seconds);
    if (busy && event.errorCode?.startsWith('SQLITE_BUSY')) busy.inc();
  };
}
