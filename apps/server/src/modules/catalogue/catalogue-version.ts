import type { Db } from '../../db/database.js';
import type { CacheTopic } from '../../http/cache-rules.js';
import type { InvalidationBus } from '../cluster/invalidation-bus.js';
import { readVersion } from './catalogue-version.repository.js';

/**
 * The catalogue version (`app_state.catalogue_version`) held in memory, so a search or a cached
 * public answer costs no database read to know whether the catalogue changed. The versions of the
 * site settings and of the legal texts are held the same way (`topic`), for the caches that show them.
 *
 * It learns of a change three ways: `changedHere()` once this process committed one (the change's
 * handler calls it after the commit, catalogue-changes.ts), a broadcast on the invalidation bus
 * from another process that committed one (every node and the admin CLI publish theirs), and a
 * poll of `app_state` (every second when started: the backstop for a broadcast lost while Redis
 * or the LISTEN connection was down).
 */
export interface CatalogueVersion {
  /** The version last seen, or undefined before the first read succeeded. */
  peek(): string | undefined;
  /** The version, read from the database only when none is known yet. */
  get(): Promise<string>;
  /** Reads the database now (coalesced with a read under way). */
  refresh(): Promise<string>;
  /** Takes a version pushed from elsewhere (a broadcast); listeners hear of it if it is new. */
  set(version: string): void;
  subscribe(listener: (version: string) => void): () => void;
  /** Hears other processes' changes on the bus, and tells them of this process's own. */
  connect(bus: InvalidationBus): void;
  /** Re-reads after this process committed a new version, then broadcasts it to the other processes. */
  changedHere(): Promise<void>;
  start(): void;
  stop(): void;
}

export function createCatalogueVersion(db: Db, options: { intervalMs?: number; topic?: CacheTopic } = {}): CatalogueVersion {
  const intervalMs = options.intervalMs ?? 1000;
  const topic = options.topic ?? 'catalogue';
  // The bus channel is the topic's name ('catalogue' as before); its message is the new version
  // (receivers re-read it: versions are not ordered).
  const channel: string = topic;
  const listeners = new Set<(version: string) => void>();
  let current: string | undefined;
  let reading: Promise<string> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let bus: InvalidationBus | undefined;
  let unsubscribeBus: (() => void) | undefined;

  function set(version: string): void {
    if (version === current) return;
    current = version;
    for (const listener of listeners) listener(version);
  }

  function refresh(): Promise<string> {
    reading ??= readVersion(db, topic)
      .then((version) => {
        set(version);
        return version;
      })
      .finally(() => (reading = undefined));
    return reading;
  }

  const watcher: CatalogueVersion = {
    peek: () => current,
    get: () => (current === undefined ? refresh() : Promise.resolve(current)),
    refresh,
    set,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connect(next) {
      unsubscribeBus?.();
      bus = next;
      // Our own publication is delivered to us as well: nothing to read when we already have it.
      unsubscribeBus = next.subscribe(channel, (version) => {
        if (version !== current) void refresh().catch(() => undefined);
      });
    },
    async changedHere() {
      const version = await refresh();
      await bus?.publish(channel, version);
    },
    start() {
      if (timer) return;
      // unref: the poll must never keep a finished process (tests, CLI) alive.
      timer = setInterval(() => void refresh().catch(() => undefined), intervalMs).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      unsubscribeBus?.();
      unsubscribeBus = undefined;
      bus = undefined;
    },
  };
  return watcher;
}
