/**
 * Whether the database's storage has room for writes. A full disk (SQLite's SQLITE_FULL, a file
 * system's ENOSPC or EDQUOT, PostgreSQL's disk_full 53100) refuses every write while reads go on:
 * the requests it touches are answered 503 with Retry-After by the error handler (database-errors.ts
 * counts it as unavailable), this tracker logs the cause once when it starts and once when it ends,
 * and /readyz reports it (probing with a small write until one succeeds), so an operator's monitor
 * sees it before readers do.
 */
const FULL_CODES = /^SQLITE_FULL|^ENOSPC$|^EDQUOT$|^53100$/;

export function isStorageFull(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && FULL_CODES.test(code)) return true;
    current = cause;
  }
  return false;
}

interface StorageLog {
  error(fields: object, message: string): void;
  info(message: string): void;
}

export interface StorageHealth {
  /** Notes a failed request's error; the first sign of a full disk is logged with its cause. */
  noteFailure(error: unknown, log: StorageLog): void;
  isFull(): boolean;
  /** A write went through again (the readiness probe's): logged once. */
  noteWritable(log: StorageLog): void;
}

export function createStorageHealth(): StorageHealth {
  let full = false;
  return {
    noteFailure(error, log) {
      if (full || !isStorageFull(error)) return;
      full = true;
      log.error({ err: error }, 'database storage is full: writes are refused (503) until space is freed; reads go on');
    },
    isFull: () => full,
    noteWritable(log) {
      if (!full) return;
      full = false;
      log.info('database storage writable again');
    },
  };
}
