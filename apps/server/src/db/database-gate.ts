/**
 * Whether the database is ready for the app: reached, migrated (and, on a first start, seeded).
 * A process started while PostgreSQL is down listens at once and keeps the gate closed until its
 * start-up work has succeeded (serve.ts): meanwhile /readyz and the API answer 503 with
 * Retry-After, pages are served for the browser to render, and background work waits.
 */
export interface DatabaseGate {
  isOpen(): boolean;
  open(): void;
  /** Resolves when the gate opens (at once when it is open). */
  readonly opened: Promise<void>;
}

export function createDatabaseGate(options: { open?: boolean } = {}): DatabaseGate {
  let isOpen = false;
  let resolve: () => void = () => undefined;
  const opened = new Promise<void>((done) => (resolve = done));
  const gate: DatabaseGate = {
    isOpen: () => isOpen,
    open() {
      isOpen = true;
      resolve();
    },
    opened,
  };
  if (options.open) gate.open();
  return gate;
}

/** Waits before start-up attempt `attempt` + 1 after a failure: 1 s, 2 s, 4 s … at most 30 s. */
export function startRetryDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt - 1));
}
