/**
 * Whether an error means "the database cannot serve right now" (down, unreachable, overloaded,
 * timed out, locked) rather than a bug or bad input. Such errors are answered 503 with
 * Retry-After, so clients and load balancers wait and retry instead of reporting a server fault.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  // The disk under the database (or the media and data folder) is full or read-only: writes wait
  // for an operator, reads go on (storage-health.ts).
  'ENOSPC',
  'EDQUOT',
  'EROFS',
]);

/** PostgreSQL SQLSTATEs of unavailability: class 08 (connection), 53 (resources), 57 (operator intervention, including statement_timeout 57014), 55P03 (lock timeout), 3D000 (database gone). */
const POSTGRES_STATE = /^(08|53|57)[0-9A-Z]{3}$|^55P03$|^3D000$/;

/** node-postgres raises these without a code when a connection breaks or the pool cannot hand one out in time. */
const POSTGRES_CLIENT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'connection terminated',
  'query read timeout',
  'client has encountered a connection error',
  'cannot use a pool after calling end',
  'connection timeout',
];

/** SQLite: the file is locked by another writer past busy_timeout, cannot be opened, or the disk failed or is full. */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_STATE.test(code) || SQLITE_CODES.test(code))) return true;
    if (typeof message === 'string') {
      const lower = message.toLowerCase();
      if (POSTGRES_CLIENT_MESSAGES.some((text) => lower.includes(text))) return true;
    }
    current = cause;
  }
  return false;
}
