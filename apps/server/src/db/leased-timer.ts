import { randomUUID } from 'node:crypto';
import type { DbExecutor } from './database.js';
import { releaseLease } from './lease.js';

/**
 * A background pass every `intervalMs` on one node at a time: `run` takes the lease named `name`
 * (acquireLease with `owner`) before it works; a pass never starts while the previous one runs;
 * stop waits for a running pass, then gives the lease up so another node takes over at once.
 */
export function leasedTimer(options: {
  db: DbExecutor;
  name: string;
  intervalMs: number;
  run: (owner: string) => Promise<unknown>;
  onError: (error: unknown) => void;
}) {
  const owner = randomUUID();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  function start(): void {
    if (timer) return;
    timer = setInterval(() => {
      if (running) return;
      running = options
        .run(owner)
        .catch(options.onError)
        .finally(() => (running = null));
    }, options.intervalMs);
    timer.unref();
  }

  async function stop(): Promise<void> {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
    await releaseLease(options.db, options.name, owner).catch(() => undefined);
  }

  return { owner, start, stop };
}
