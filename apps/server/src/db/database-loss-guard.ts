import { isDatabaseUnavailable } from './database-errors.js';

interface GuardLog {
  warn(fields: object, message: string): void;
  fatal(fields: object, message: string): void;
}

/** The part of `process` the guard uses (a test hands in an emitter of its own). */
export interface GuardedProcess {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown;
  exit(code: number): never;
}

/**
 * The last line of defence for losing the database: an error that means "the database cannot serve
 * right now" (a connection dropped by a failover, a restart or the network) that escaped every
 * handler, as an `'error'` event nobody listened to or a promise nobody awaited, is logged as a
 * warning and the process keeps serving: the requests it touched have had their 503, the pools open
 * new connections, and /readyz tells the load balancer. Anything else is a bug whose effect on the
 * process is unknown: it is logged and the process exits 1, as Node itself would, so the
 * supervisor starts a clean one.
 */
export function guardAgainstDatabaseLoss(log: GuardLog, target: GuardedProcess = process): void {
  const handle = (kind: string) => (error: unknown) => {
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error, kind }, 'database connection lost outside a request; still serving');
      return;
    }
    log.fatal({ err: error, kind }, 'unexpected error outside a request; exiting');
    target.exit(1);
  };
  target.on('uncaughtException', handle('uncaughtException'));
  target.on('unhandledRejection', handle('unhandledRejection'));
}
