import { CompiledQuery, type LogEvent } from 'kysely';
import { expect } from 'vitest';
import { TEST_DIALECT, type TestContext } from './test-context.js';

/**
 * The plan of a statement the app ran (as Kysely logged it, with its parameters): EXPLAIN QUERY
 * PLAN on SQLite; EXPLAIN on PostgreSQL with sequential scans and sorts priced out, so that on the
 * test's small tables the plan shows whether an index *can* serve the statement, not whether the
 * planner prefers one at this size.
 */
export async function explainStatement(ctx: TestContext, query: LogEvent['query']): Promise<string[]> {
  if (TEST_DIALECT === 'sqlite') {
    const result = await ctx.db.executeQuery<{ id: number; parent: number; detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
    );
    // Indented by depth, so a co-routine's own reads sit under it.
    const depth = new Map<number, number>([[0, 0]]);
    return result.rows.map((row) => {
      depth.set(row.id, (depth.get(row.parent) ?? 0) + 1);
      return `${'  '.repeat(depth.get(row.id)! - 1)}${row.detail}`;
    });
  }
  return ctx.db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
    await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_sort = off'));
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
    return result.rows.map((row) => row['QUERY PLAN']);
  });
}

/**
 * Fails when the plan reads any of `tables` in full (SQLite `SCAN t` without an index, PostgreSQL
 * `Seq Scan on t`) or sorts (the index should give the order) unless `allowSort`. `rowidOrder` lets
 * SQLite read a table in its rowid order (newest first by id, stopped by LIMIT): never with a sort.
 */
export function indexedPlan(
  plan: string[],
  tables: string[],
  label: string,
  options: { allowSort?: boolean; rowidOrder?: boolean } = {},
): void {
  const text = plan.join('\n');
  for (const line of plan) {
    const scanned = /^(?:.*\s)?SCAN (\w+)(?: AS (\w+))?(.*)$/.exec(line.trim());
    // SQLite reading a co-routine (a sub-query's rows) at its own level is not a table scan.
    const indent = /^ */.exec(line)![0];
    if (scanned && plan.includes(`${indent}CO-ROUTINE ${scanned[1]}`)) continue;
    // `rowidOrder`: a SCAN of the table in its own (rowid) order that a LIMIT ends, with no sort.
    if (TEST_DIALECT === 'sqlite' && scanned && !/USING/.test(scanned[3] ?? '') && !options.rowidOrder) {
      expect(tables.some((t) => t === scanned[1] || line.includes(` ${t} `)) ? line : null, `${label}\n${text}`).toBeNull();
    }
    if (TEST_DIALECT === 'postgres') {
      const seq = /Seq Scan on (\w+)/.exec(line);
      expect(seq && tables.includes(seq[1]!) ? line : null, `${label}\n${text}`).toBeNull();
    }
  }
  if (!options.allowSort) {
    const sorts = plan.filter((line) => /TEMP B-TREE FOR ORDER BY|(^|->\s*)(Incremental )?Sort\b/.test(line.trim()));
    expect(sorts, `${label}\n${text}`).toEqual([]);
  }
}
