import type { Db } from '../../db/database.js';
import { CONTENT_CHANGES, type ContentChangeType, type DomainEvent, type DomainEvents } from '../../db/domain-events.js';
import { CACHE_TOPICS, type CacheTopic } from '../../http/cache-rules.js';
import type { InvalidationBus } from '../cluster/invalidation-bus.js';
import { createCatalogueVersion, type CatalogueVersion } from './catalogue-version.js';
import { moveVersion } from './catalogue-version.repository.js';

/**
 * "What changed", in one place (docs/ARCHITECTURE.md, "After a commit"). A write raises what it
 * changed (`book-changed`, `chapter-changed`, `site-settings-changed`, `legal-text-published`) in
 * its transaction; this handler moves the version of what that is, inside the same transaction
 * just before it commits (so other processes, which poll the versions, see the change and its
 * version together or neither), and after the commit tells this process's watcher, which drops
 * what is kept by that version here and broadcasts it on the invalidation bus to the others.
 * No other file moves a version (lint: scripts/check-imports-server.mjs).
 */

/** Which version each kind of change moves. A cache keyed by the others keeps what it holds. */
const VERSION_MOVED_BY: Record<ContentChangeType, CacheTopic> = {
  'book-changed': 'catalogue',
  'chapter-changed': 'catalogue',
  'site-settings-changed': 'site-settings',
  'content-rules-changed': 'catalogue',
  'legal-text-published': 'legal-texts',
};

/** Every version, and all of them as the public cache and the page renderer read them (by topic). */
export interface ContentVersions {
  /** The catalogue (books and chapters): most caches are kept by it. */
  catalogue: CatalogueVersion;
  'site-settings': CatalogueVersion;
  'legal-texts': CatalogueVersion;
  /** The version of `topic` last seen; undefined before the first read (which this then starts, in the background). */
  peek(topic: CacheTopic): string | undefined;
  /** Called with the topic whose version moved. */
  subscribe(listener: (topic: CacheTopic) => void): () => void;
  /** Reads every version not known yet (at start, so the first answers can be kept). */
  warm(): Promise<void>;
  /** Polls every version (the backstop for a lost broadcast). */
  start(): void;
  stop(): void;
}

/** The watchers of every version, each hearing the others' processes on `bus` and telling them of its own. */
export function createContentVersions(db: Db, bus: InvalidationBus, options: { intervalMs?: number | undefined } = {}): ContentVersions {
  const watchers: Record<CacheTopic, CatalogueVersion> = {
    catalogue: createCatalogueVersion(db, { intervalMs: options.intervalMs, topic: 'catalogue' }),
    'site-settings': createCatalogueVersion(db, { intervalMs: options.intervalMs, topic: 'site-settings' }),
    'legal-texts': createCatalogueVersion(db, { intervalMs: options.intervalMs, topic: 'legal-texts' }),
  };
  for (const topic of CACHE_TOPICS) watchers[topic].connect(bus);
  return {
    ...watchers,
    peek(topic) {
      const version = watchers[topic].peek();
      // Unknown (no poll started, or the database was down at start): read it for the next request.
      if (version === undefined) void watchers[topic].get().catch(() => undefined);
      return version;
    },
    subscribe(listener) {
      const stops = CACHE_TOPICS.map((topic) => watchers[topic].subscribe(() => listener(topic)));
      return () => stops.forEach((stop) => stop());
    },
    async warm() {
      await Promise.all(CACHE_TOPICS.map((topic) => watchers[topic].get()));
    },
    start: () => CACHE_TOPICS.forEach((topic) => watchers[topic].start()),
    stop: () => CACHE_TOPICS.forEach((topic) => watchers[topic].stop()),
  };
}

/** The versions that `events` move, each once. */
const versionsMovedBy = (events: readonly DomainEvent<ContentChangeType>[]) => [
  ...new Set(events.map((event) => VERSION_MOVED_BY[event.type])),
];

/**
 * The one handler of content changes, listened to by the wiring root: a transaction that changed
 * a hundred books moves the catalogue version once, and a legal text moves only its own version.
 * A version this process does not watch (none at all for the cluster primary's demo seed, which
 * keeps no cache) still moves in the database, where every other process reads it.
 */
export function handleContentChanges(
  domainEvents: Pick<DomainEvents, 'handle'>,
  versions: Partial<Record<CacheTopic, Pick<CatalogueVersion, 'changedHere'>>>,
): () => void {
  return domainEvents.handle(CONTENT_CHANGES, {
    async beforeCommit(trx, events) {
      for (const topic of versionsMovedBy(events)) await moveVersion(trx, topic);
    },
    async afterCommit(events) {
      for (const topic of versionsMovedBy(events)) await versions[topic]?.changedHere();
    },
  });
}
