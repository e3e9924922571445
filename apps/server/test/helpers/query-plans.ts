import { appendFileSync } from 'node:fs';
import { CompiledQuery, PostgresAdapter } from 'kysely';
import type { Db } from '../../src/db/database.js';
import type { LoggedStatement } from './query-log.js';

/**
 * Tables that grow with the number of readers (issue 27): a statement may read them only through an
 * index. The catalogue (books, chapters, pages), settings, coupons, jobs and incidents grow with the
 * operator's work, not with readers, and daily aggregate tables hold one row per day and target:
 * those are small and may be scanned. Add every new per-reader table here.
 */
export const READER_TABLES = [
  'users',
  'membership_grants',
  'payment_orders',
  'payment_events',
  'reading_events',
  'reading_event_days',
  'reading_progress',
  'chapter_reads',
  'chapter_likes',
  'book_follows',
  'push_subscriptions',
  'audit_log',
  'reader_changes',
  'coupon_redemptions',
  'auth_throttle',
] as const;
const BIG = new Set<string>(READER_TABLES);

/**
 * Columns whose equality bounds a read to one reader, one order or one row: such a lookup reads a
 * handful of rows (a reader's grants, an order's events) whatever the number of readers.
 */
const SCOPED_COLUMNS = [
  'id',
  'rowid',
  'uuid',
  'user_id',
  'reader_key',
  'order_id',
  'username_key',
  'actor_user_id',
  'target_id',
  'source_ref',
  'invited_by',
  'event_id',
  'throttle_key',
  'endpoint',
];

export type PlanDialect = 'sqlite' | 'postgres';

/** What is wrong with one plan: the table read in full and how (empty: the plan is fine). */
export interface PlanDefect {
  table: string;
  reason: string;
}

export interface PlanFinding {
  statement: LoggedStatement;
  plan: string;
  defects: PlanDefect[];
}

/** A statement allowed to scan, with why it is bounded by design. */
export interface PlanAllowance {
  match: RegExp;
  why: string;
}

const isScopedCondition = (condition: string) =>
  SCOPED_COLUMNS.some((column) => new RegExp(`(^|[^a-z_.])${column}\\)?(::\\w+)? ?= ?`, 'i').test(condition.replace(/"/g, '')));

/**
 * The rules, the same on both databases. A table that grows with readers may be read
 * - by an equality on a column that bounds the read to one reader or row (SCOPED_COLUMNS), or
 * - by walking an index in the order the statement asks, stopped by its LIMIT (a page, keyset or
 *   first-n), with no sort or aggregate between the walk and the limit.
 * Anything else reads a part of the table that grows with readers: a full scan, a full index walk
 * (a COUNT(*) over a covering index), a range (every event of the last 30 days, every paid order)
 * that is sorted, grouped or counted.
 */

// ---------- SQLite: EXPLAIN QUERY PLAN ----------

/** Table names behind the aliases of a statement (`from "users" as "u"`): SQLite's plan names the alias. */
export function tableAliases(statementSql: string): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const match of statementSql.matchAll(/\b(?:from|join|update|into)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi)) {
    const table = match[1]!;
    const alias = match[2];
    aliases.set(table, table);
    if (alias && !/^(where|on|set|inner|left|right|join|group|order|limit|values|select|as|using)$/i.test(alias)) aliases.set(alias, table);
  }
  return aliases;
}

/** Defects of an SQLite plan given as EXPLAIN QUERY PLAN's `detail` lines (and the statement, for aliases and LIMIT). */
export function sqlitePlanDefects(details: readonly string[], statementSql = ''): PlanDefect[] {
  const aliases = tableAliases(statementSql);
  const tableOf = (name: string) => aliases.get(name) ?? name;
  // A LIMIT and no temporary B-tree: the walk stops after a page.
  // (A B-tree for the right part or last term of an ORDER BY sorts runs of the index order: the walk still stops.)
  const limitedWalk = /\blimit\b/i.test(statementSql) && !details.some((d) => /TEMP B-TREE FOR (ORDER BY|GROUP BY|DISTINCT)/.test(d));
  // A rowid table walked in its own order (ORDER BY its INTEGER PRIMARY KEY `id`) is a walk of the
  // table's B-tree: under a LIMIT with no sort in between it stops after a page, like an index walk.
  const rowidOrder = /\border by\s+("?\w+"?\.)?"?id"?(\s+(asc|desc))?\s*(,|limit\b|\)|$)/i.test(statementSql);
  const defects: PlanDefect[] = [];
  for (const detail of details) {
    const scan = /^SCAN (\w+)(?: AS \w+)?( USING (?:COVERING )?INDEX \w+)?/.exec(detail);
    if (scan && BIG.has(tableOf(scan[1]!))) {
      if (!scan[2] && !(rowidOrder && limitedWalk)) defects.push({ table: tableOf(scan[1]!), reason: `full scan (${detail})` });
      else if (!limitedWalk) defects.push({ table: tableOf(scan[1]!), reason: `whole index walked (${detail})` });
    }
    const search = /^SEARCH (\w+)(?: AS \w+)? USING [^(]*(?:\((.*?)\))?/.exec(detail);
    if (search && BIG.has(tableOf(search[1]!)) && !isScopedCondition(search[2] ?? '') && !limitedWalk) {
      defects.push({ table: tableOf(search[1]!), reason: `a range that grows with readers, sorted, grouped or counted (${detail})` });
    }
  }
  return defects;
}

/**
 * Drops the lines that read a sub-query's result (`SCAN u` beside `CO-ROUTINE u`): SQLite names them
 * like the table the sub-query reads, but they read the sub-query's rows, bounded by its own plan,
 * which the lines under the CO-ROUTINE/MATERIALIZE node describe and the rules still check.
 */
export function withoutSubqueryReads<T extends { id: number; parent: number; detail: string }>(rows: readonly T[]): T[] {
  const subqueries = new Map<number, string>();
  for (const row of rows) {
    const named = /^(?:CO-ROUTINE|MATERIALIZE) (\w+)/.exec(row.detail);
    if (named) subqueries.set(row.id, named[1]!);
  }
  const names = new Set(subqueries.values());
  return rows.filter((row) => {
    const scan = /^SCAN (\w+)$/.exec(row.detail);
    return !(scan && names.has(scan[1]!) && !subqueries.has(row.parent));
  });
}

// ---------- PostgreSQL: EXPLAIN (FORMAT JSON) ----------

interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PgPlanNode[];
}

/** Nodes that consume all their input before answering: a LIMIT above them does not bound the read below. */
// (An Incremental Sort sorts runs of an index order one at a time: the LIMIT still stops the walk.)
const CONSUMES_ALL = new Set(['Sort', 'Aggregate', 'Hash', 'Materialize', 'WindowAgg', 'SetOp', 'Unique']);

/** Defects of a PostgreSQL plan (the root node of EXPLAIN (FORMAT JSON)'s answer). */
export function postgresPlanDefects(root: PgPlanNode): PlanDefect[] {
  const defects: PlanDefect[] = [];
  const visit = (node: PgPlanNode, limited: boolean) => {
    const table = node['Relation Name'];
    // Scan nodes only: ModifyTable (the written table of an UPDATE or DELETE) names its table too.
    if (table && BIG.has(table) && node['Node Type'].includes('Scan')) {
      if (node['Node Type'] === 'Seq Scan') defects.push({ table, reason: 'Seq Scan' });
      else if (!limited && !isScopedCondition(node['Index Cond'] ?? node['Recheck Cond'] ?? '')) {
        defects.push({ table, reason: `${node['Node Type']} of a range that grows with readers, sorted, grouped or counted` });
      }
    }
    const next = node['Node Type'] === 'Limit' ? true : CONSUMES_ALL.has(node['Node Type']) ? false : limited;
    (node.Plans ?? []).forEach((child) => visit(child, next));
  };
  visit(root, false);
  return defects;
}

// ---------- Explaining logged statements ----------

/** Transaction control and the like: nothing to plan. */
const NOT_PLANNED = /^\s*(begin|start|commit|rollback|savepoint|release|pragma|set|show|analyze|select 1\b)/i;

export const dialectOf = (db: Db): PlanDialect => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');

/** The plan of one statement as it ran (its own parameters), as text and as defects. */
export async function explainStatement(db: Db, statement: LoggedStatement): Promise<{ plan: string; defects: PlanDefect[] }> {
  if (dialectOf(db) === 'sqlite') {
    const { rows } = await db.executeQuery<{ id: number; parent: number; detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]),
    );
    const details = withoutSubqueryReads(rows).map((row) => row.detail);
    return { plan: details.join('\n'), defects: sqlitePlanDefects(details, statement.sql) };
  }
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${statement.sql}`, [...statement.parameters]),
  );
  const raw = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PgPlanNode }[];
  const root = parsed[0]!.Plan;
  return { plan: renderPgPlan(root), defects: postgresPlanDefects(root) };
}

function renderPgPlan(node: PgPlanNode, depth = 0): string {
  const condition = node['Index Cond'] ?? node['Recheck Cond'];
  const line = `${'  '.repeat(depth)}${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}${condition ? ` (${condition})` : ''}`;
  return [line, ...(node.Plans ?? []).map((child) => renderPgPlan(child, depth + 1))].join('\n');
}

/** Explains each distinct statement (by SQL text) and returns those whose plan reads a reader table in full. */
export async function findFullScans(
  db: Db,
  statements: readonly LoggedStatement[],
  allowed: readonly PlanAllowance[] = [],
): Promise<PlanFinding[]> {
  const seen = new Set<string>();
  const findings: PlanFinding[] = [];
  for (const statement of statements) {
    if (NOT_PLANNED.test(statement.sql) || seen.has(statement.sql)) continue;
    seen.add(statement.sql);
    if (allowed.some((allowance) => allowance.match.test(statement.sql))) continue;
    const { plan, defects } = await explainStatement(db, statement);
    // QUERY_PLANS_DUMP=<file>: every plan explained, to review what passed as well as what failed.
    if (process.env.QUERY_PLANS_DUMP)
      appendFileSync(process.env.QUERY_PLANS_DUMP, `${describeFindings([{ statement, plan, defects }])}\n\n`);
    if (defects.length > 0) findings.push({ statement, plan, defects });
  }
  return findings;
}

/** The failure message: each offending statement, the tables it reads in full, and its whole plan. */
export function describeFindings(findings: readonly PlanFinding[]): string {
  return findings
    .map((finding, index) =>
      [
        `${index + 1}. ${finding.defects.map((d) => `${d.table}: ${d.reason}`).join('; ')}`,
        `   SQL: ${finding.statement.sql.replace(/\s+/g, ' ').trim()}`,
        `   parameters: ${JSON.stringify(finding.statement.parameters).slice(0, 300)}`,
        ...finding.plan.split('\n').map((line) => `   | ${line}`),
      ].join('\n'),
    )
    .join('\n\n');
}

/**
 * Throws, listing every offender with its plan, when any of `statements` reads a table that grows
 * with readers without an index. Housekeeping jobs and new routes call this with their statements.
 */
export async function assertPlansUseIndexes(
  db: Db,
  statements: readonly LoggedStatement[],
  allowed: readonly PlanAllowance[] = [],
): Promise<void> {
  const findings = await findFullScans(db, statements, allowed);
  if (findings.length > 0) {
    throw new Error(
      `${findings.length} statement(s) read a table that grows with readers without an index:\n\n${describeFindings(findings)}`,
    );
  }
}

// ---------- Foreign keys ----------

/**
 * Foreign keys of reader tables whose column leads no index: deleting the referenced row (an
 * account, a book) makes the database scan the whole referencing table to cascade or set null.
 */
export async function unindexedForeignKeys(db: Db): Promise<string[]> {
  const missing: string[] = [];
  if (dialectOf(db) === 'sqlite') {
    for (const table of READER_TABLES) {
      const keys = (
        await db.executeQuery<{ from: string; table: string }>(
          CompiledQuery.raw(`SELECT "from", "table" FROM pragma_foreign_key_list('${table}')`),
        )
      ).rows;
      const indexes = (await db.executeQuery<{ name: string }>(CompiledQuery.raw(`SELECT name FROM pragma_index_list('${table}')`))).rows;
      const leading = new Set<string>();
      for (const index of indexes) {
        const first = (
          await db.executeQuery<{ name: string }>(CompiledQuery.raw(`SELECT name FROM pragma_index_info('${index.name}') WHERE seqno = 0`))
        ).rows[0];
        if (first) leading.add(first.name);
      }
      for (const key of keys) if (!leading.has(key.from)) missing.push(`${table}.${key.from} → ${key.table}`);
    }
    return missing;
  }
  const { rows } = await db.executeQuery<{ table_name: string; column_name: string; referenced: string }>(
    CompiledQuery.raw(`
      SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name, c.confrelid::regclass::text AS referenced
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f'
        AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])`),
  );
  for (const row of rows) if (BIG.has(row.table_name)) missing.push(`${row.table_name}.${row.column_name} → ${row.referenced}`);
  return missing.sort();
}
