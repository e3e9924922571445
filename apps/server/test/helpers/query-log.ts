import type { LogEvent } from 'kysely';

/**
 * Counts the SQL statements the app runs, through Kysely's `log` option (the same on SQLite and
 * PostgreSQL): pass `logger` to createTestContext, then wrap a request in `during`. Kysely logs a
 * statement when it has finished (failed ones too), before its caller continues, so every
 * statement a request awaited is in the list once the response is back.
 */
export function createQueryLog() {
  const statements: string[] = [];
  return {
    logger: (event: LogEvent) => void statements.push(event.query.sql),
    async during<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
      const start = statements.length;
      const result = await work();
      return { result, queries: statements.slice(start) };
    },
  };
}
