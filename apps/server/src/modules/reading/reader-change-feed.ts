import type { Db } from '../../db/database.js';
import { changesAfter, deleteChangesBefore, latestChangeIdBefore } from './reader-changes.repository.js';

/** What one poll found: the users and the chapters (like counts) whose cached state must go. */
export interface ReaderChanges {
  userIds: ReadonlySet<number>;
  chapterIds: ReadonlySet<number>;
  /** Too much changed, or this process lost track for a while: drop everything. */
  all: boolean;
}

export interface ReaderChangeFeed {
  /**
   * True while what is cached from the feed can be trusted: the feed is started and its last poll
   * succeeded within `staleAfterMs`. Callers read the database instead whenever it says false.
   */
  isCurrent(): boolean;
  subscribe(listener: (changes: ReaderChanges) => void): () => void;
  /**
   * A change this process committed, named by its after-commit event (db/domain-events.ts, wired in
   * wiring/after-commit.ts): the listeners drop it at once rather than at the next poll, which names it again
   * to no effect. Other processes learn of it from their polls.
   */
  changedHere(changes: { userIds: Iterable<number>; chapterIds?: Iterable<number> }): void;
  /** Polls now (after a poll under way, which may have begun before the caller's commit). */
  pollNow(): Promise<void>;
  start(): void;
  stop(): void;
}

export interface ReaderChangeFeedOptions {
  /** Default 1 s: a change made elsewhere is seen within about this long. */
  intervalMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * Rows are written in the transaction that made the change, but on PostgreSQL a transaction that
 * took its id early may commit after later ids were seen. Each poll therefore reads again every row
 * above the highest id seen this long ago, and skips the ids it already handled.
 */
const LATE_COMMIT_WINDOW_MS = 10_000;
/** More rows than this in one poll: drop every cached entry rather than read them all. */
const MAX_ROWS_PER_POLL = 10_000;
/** Rows older than this are deleted (by any process, now and then): every reader is far past them. */
const KEEP_ROWS_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 60_000;

/**
 * Follows `reader_changes` (rows written by database triggers on users, membership_grants and
 * chapter_likes: migration 2026-11-24T1800) and tells the reader's caches whose state changed.
 * Works the same on SQLite (other processes: cluster workers, the admin CLI) and PostgreSQL
 * (other nodes); it needs neither Redis nor a listening connection, so it cannot miss a change
 * while one is down: a process that could not poll for a while stops trusting its caches
 * (isCurrent) and drops them when it can read again.
 */
export function createReaderChangeFeed(db: Db, options: ReaderChangeFeedOptions = {}): ReaderChangeFeed {
  const intervalMs = options.intervalMs ?? 1000;
  const staleAfterMs = Math.max(3 * intervalMs, 1500);
  const now = options.now ?? (() => Date.now());
  const listeners = new Set<(changes: ReaderChanges) => void>();
  /** Rows above this id are read on every poll; below it, everything was handled. */
  let floor: number | undefined;
  const handled = new Set<number>();
  /** (time, highest id seen) per poll of the last window: the floor is the oldest one's id. */
  let marks: { at: number; maxId: number }[] = [];
  let lastOkAt = -Infinity;
  let lastPruneAt = now();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  function emit(changes: ReaderChanges): void {
    if (!changes.all && changes.userIds.size === 0 && changes.chapterIds.size === 0) return;
    for (const listener of listeners) {
      try {
        listener(changes);
      } catch (error) {
        options.onError?.(error);
      }
    }
  }

  async function firstFloor(): Promise<number> {
    // Rows of the last minute (six windows) may belong to transactions still committing: read them like new ones.
    return latestChangeIdBefore(db, now() - 6 * LATE_COMMIT_WINDOW_MS);
  }

  async function poll(): Promise<void> {
    const startedAt = now();
    // Lost track (never polled, or polls failed longer than the window): start again from scratch.
    const lostTrack = floor === undefined || startedAt - lastOkAt > LATE_COMMIT_WINDOW_MS;
    if (lostTrack) {
      floor = await firstFloor();
      handled.clear();
      marks = [];
    }
    const rows = await changesAfter(db, floor!, MAX_ROWS_PER_POLL);
    const userIds = new Set<number>();
    const chapterIds = new Set<number>();
    let maxId = floor!;
    for (const row of rows) {
      const id = Number(row.id);
      maxId = Math.max(maxId, id);
      if (handled.has(id)) continue;
      handled.add(id);
      userIds.add(Number(row.user_id));
      if (row.chapter_id !== null) chapterIds.add(Number(row.chapter_id));
    }
    const overflow = rows.length === MAX_ROWS_PER_POLL;
    advanceFloor(startedAt, overflow ? maxId : undefined, maxId);
    lastOkAt = startedAt;
    emit({ userIds, chapterIds, all: lostTrack || overflow });
    if (startedAt - lastPruneAt >= PRUNE_EVERY_MS) {
      lastPruneAt = startedAt;
      await deleteChangesBefore(db, startedAt - KEEP_ROWS_MS);
    }
  }

  /** Moves the floor to the highest id seen a whole window ago and forgets the handled ids below it. */
  function advanceFloor(at: number, jumpTo: number | undefined, maxId: number): void {
    marks.push({ at, maxId });
    let next = jumpTo ?? floor!;
    while (marks.length > 1 && marks[0]!.at <= at - LATE_COMMIT_WINDOW_MS) next = Math.max(next, marks.shift()!.maxId);
    if (next === floor) return;
    floor = next;
    for (const id of handled) if (id <= next) handled.delete(id);
  }

  function pollNow(): Promise<void> {
    // A poll under way may have read before the caller's commit: run one more after it.
    if (running) {
      queued ??= running
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return pollNow();
        });
      return queued;
    }
    running = poll().finally(() => (running = undefined));
    return running;
  }

  const feed: ReaderChangeFeed = {
    isCurrent: () => timer !== undefined && now() - lastOkAt <= staleAfterMs,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changedHere(changes) {
      emit({ userIds: new Set(changes.userIds), chapterIds: new Set(changes.chapterIds ?? []), all: false });
    },
    pollNow,
    start() {
      if (timer) return;
      // Reported once per outage, not every second of it.
      let failing = false;
      const tick = () =>
        void pollNow().then(
          () => (failing = false),
          (error: unknown) => {
            if (!failing) options.onError?.(error);
            failing = true;
          },
        );
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
  return feed;
}
