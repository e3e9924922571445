import type { LogEvent } from 'kysely';

/** One statement the app ran: its SQL and the values bound to it (to EXPLAIN it as it ran). */
export interface LoggedStatement {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * Counts the SQL statements the app runs, through Kysely's `log` option (the same on SQLite and
 * PostgreSQL): pass `logger` to createTestContext, then wrap a request in `during`. Kysely logs a
 * statement when it has finished (failed ones too), before its caller continues, so every
 * statement a request awaited is in the list once the response is back. `statements` keeps the
 * parameters too, so a statement can be explained as it ran (helpers/query-plans.ts).
 */
export function createQueryLog() {
  const logged: LoggedStatement[] = [];
  let quiet = false;
  return {
    logger: (event: LogEvent) => void (quiet || logged.push({ sql: event.query.sql, parameters: event.query.parameters })),
    /** Runs `work` without logging (a bulk load's statements would only fill memory). */
    async quietly<T>(work: () => Promise<T>): Promise<T> {
      quiet = true;
      try {
        return await work();
      } finally {
        quiet = false;
      }
    },
    async during<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[]; statements: LoggedStatement[] }> {
      const start = logged.length;
      const result = await work();
      const statements = logged.slice(start);
      return { result, queries: statements.map((s) => s.sql), statements };
    },
  };
}
