import { randomUUID } from 'node:crypto';
import type { Db, DbExecutor } from '../../db/database.js';
import { letOthersRun } from '../../lib/concurrency.js';
import { DAY_MS } from '../../lib/time.js';
import { addReaderPairs, BOOKS_PER_READER, PairCounts, planPartitions, ReaderLists, readerBooks, topAlsoRead } from './co-reading.js';
import * as repo from './discovery.repository.js';

/** How often the figures are computed by default (DISCOVERY_REFRESH_MINUTES). */
export const DISCOVERY_REFRESH_MS = 10 * 60_000;
/** The reader windows of the rankings: the last 24 hours, 7 × 24 hours and 30 × 24 hours. */
export const READER_WINDOWS: repo.ReaderWindows = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS };
/** Co-reading looks at this much reading (a reader's taste from last year says little of today's). */
export const CO_READING_WINDOW_MS = 90 * DAY_MS;
/** Pair entries held at once by default: about 50 MB of typed arrays (co-reading.ts PairCounts). */
export const PAIR_BUDGET = 2_000_000;
/**
 * Readers' books kept in memory between the co-reading passes, at most (16 MB); beyond it each
 * pass reads them from the database again.
 */
export const READER_LISTS_KEPT = 4_000_000;
/** Books per statement and per write transaction. */
const BOOK_CHUNK = 1000;
/** Reading events per chunk of accounts read for co-reading (a chunk ends at an account boundary). */
const USER_CHUNK_EVENTS = 20_000;

export interface DiscoveryRefreshDeps {
  db: Db;
  now?: () => number;
  /** How long the figures stay current before the next computation (DISCOVERY_REFRESH_MINUTES). */
  intervalMs?: number;
  /** The most pair entries held in memory at once (co-reading passes over book-id partitions to stay within it). */
  pairBudget?: number;
  /** Readers' book entries kept in memory between passes (READER_LISTS_KEPT; tests make it 0). */
  readerListsKept?: number;
  /** Books per statement and per write transaction (tests make it small to interleave two refreshes). */
  bookChunk?: number;
  /** Called after a refresh completed on this node (its own snapshot reloads at once; other nodes poll). */
  onRefreshed?: (version: repo.DiscoveryVersion) => void;
}

/** What one refresh did (logged, and what the bench and the tests read). */
export interface RefreshReport {
  run: string;
  computedAt: number;
  /** Books with readers in any window (rows of discovery_book_stats). */
  booksWithReaders: number;
  /** Books with an also-read list. */
  lists: number;
  /** Signed-in readers whose books were paired. */
  readers: number;
  /** Whether the readers' books stayed in memory between passes (else each pass read the database). */
  listsKept: boolean;
  /** Passes over the readers' books (one per book-id partition), and the most pair entries held at once. */
  passes: number;
  peakPairs: number;
  durationMs: number;
}

/** Another refresh claimed the tables after this one: this one stops; the other's rows are the ones kept. */
export class RefreshOvertaken extends Error {
  constructor() {
    super('discovery refresh overtaken by a later one; stopped');
  }
}

/** Stopped from outside (shutdown, the housekeeping lease lost): nothing of it is served. */
class RefreshStopped extends Error {}

/**
 * The background computation behind rankings and "readers also read" (docs/DISCOVERY.md,
 * "Background computation"). Run by the housekeeping loop on one node (its lease), never inside a
 * request: each book's readers per window, then each book's also-read list, written in short
 * transactions by book-id range, then the version in app_state that tells every node to reload.
 *
 * Two refreshes at once (a stalled node that lost the lease, a command run by hand) cannot leave
 * rows of both: each claims the tables first, and each write transaction checks its claim is still
 * the latest (stillWriter) or stops; the latest rewrites every range, and only a refresh whose
 * claim held to the end moves the version.
 */
export function createDiscoveryRefresh(deps: DiscoveryRefreshDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const intervalMs = deps.intervalMs ?? DISCOVERY_REFRESH_MS;
  const pairBudget = deps.pairBudget ?? PAIR_BUDGET;
  const bookChunk = deps.bookChunk ?? BOOK_CHUNK;

  /** Due when nothing was ever computed, or the figures are older than the interval. */
  async function isDue(): Promise<boolean> {
    const version = await repo.readDiscoveryVersion(db);
    return version === null || now() - version.computed_at >= intervalMs;
  }

  async function writeRange(claim: string, write: (trx: DbExecutor) => Promise<void>): Promise<void> {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.stillWriter(trx, claim))) throw new RefreshOvertaken();
      await write(trx);
    });
  }

  async function run(shouldStop: () => boolean | Promise<boolean> = () => false): Promise<RefreshReport> {
    const started = performance.now();
    const at = now();
    const run = randomUUID();
    const claim = await repo.claimWriter(db, run, at);
    const checkpoint = async () => {
      await letOthersRun();
      if (await shouldStop()) throw new RefreshStopped();
    };
    const maxId = await repo.findMaxBookId(db);

    // 1. Readers per window, a range of books at a time.
    const bounds = repo.windowBounds(at, READER_WINDOWS);
    let booksWithReaders = 0;
    for (let from = 0; from <= maxId; from += bookChunk) {
      const last = from + bookChunk > maxId;
      const rows = await repo.countReadersInRange(db, from, from + bookChunk, bounds);
      booksWithReaders += rows.length;
      await writeRange(claim, (trx) => repo.replaceStats(trx, from, last ? null : from + bookChunk, rows));
      await checkpoint();
    }

    // 2. Co-reading: which books may be listed, each book's readers and how many pairs it brings,
    // then a pass over the readers per partition of book ids that fits the budget.
    const published = new Uint8Array(maxId + 1);
    for (let after = 0; ;) {
      const rows = await repo.findPublishedIdsAfter(db, after, 5000);
      for (const row of rows) published[row.id] = 1;
      if (rows.length < 5000) break;
      after = rows.at(-1)!.id;
      await checkpoint();
    }
    const since = at - CO_READING_WINDOW_MS;
    const readers = new Int32Array(maxId + 1);
    const load = new Float64Array(maxId + 1);
    let readerCount = 0;
    const kept = new ReaderLists(deps.readerListsKept ?? READER_LISTS_KEPT);
    await forEachReader(since, published, checkpoint, (books) => {
      kept.add(books);
      readerCount += 1;
      for (const book of books) {
        readers[book]! += 1;
        load[book]! += books.length - 1;
      }
    });
    const partitions = planPartitions(load, pairBudget);
    let peakPairs = 0;
    let lists = 0;
    for (const [index, [from, to]] of partitions.entries()) {
      // Sized once for what the partition can hold (no growth, whose old and new arrays would
      // briefly double the memory): its load, at most the budget or one entry per book.
      let partitionLoad = 0;
      for (let id = from; id < to; id += 1) partitionLoad += load[id]!;
      const counts = new PairCounts(from, maxId + 1, Math.min(partitionLoad, Math.max(pairBudget, maxId + 1)));
      const visit = (books: number[]) => addReaderPairs(books, from, to, counts);
      if (kept.fits) kept.forEach(visit);
      else await forEachReader(since, published, checkpoint, visit);
      await checkpoint();
      peakPairs = Math.max(peakPairs, counts.peak);
      const top = topAlsoRead(counts, readers, (id) => published[id] === 1);
      const lastPartition = index === partitions.length - 1;
      // Written a range of books per transaction; the last range reaches past the highest id.
      for (let low = from; low < to; low += bookChunk) {
        const high = Math.min(low + bookChunk, to);
        const rows: repo.AlsoReadRow[] = [];
        for (let book = low; book < high; book += 1) {
          const list = top.get(book);
          if (!list) continue;
          lists += 1;
          list.forEach((entry, position) => rows.push({ book_id: book, position, other_book_id: entry.other, score: entry.score }));
        }
        const open = lastPartition && high === to;
        await writeRange(claim, (trx) => repo.replaceAlsoRead(trx, low - 1, open ? null : high - 1, rows));
        await checkpoint();
      }
    }

    const version = { run, computed_at: at };
    await writeRange(claim, (trx) => repo.writeDiscoveryVersion(trx, version));
    deps.onRefreshed?.(version);
    return {
      run,
      computedAt: at,
      booksWithReaders,
      lists,
      readers: readerCount,
      listsKept: kept.fits,
      passes: partitions.length,
      peakPairs,
      durationMs: Math.round(performance.now() - started),
    };
  }

  /**
   * Streams every signed-in reader's published books started since `since` (the most recent
   * BOOKS_PER_READER), a chunk of accounts at a time in account order: at most about
   * USER_CHUNK_EVENTS events' rows in memory, plus one reader's.
   */
  async function forEachReader(
    since: number,
    published: Uint8Array,
    checkpoint: () => Promise<void>,
    visit: (books: number[]) => void,
  ): Promise<void> {
    for (let afterUser = 0; ;) {
      const toUser = await repo.nextUserBoundary(db, afterUser, USER_CHUNK_EVENTS);
      const rows = await repo.findUserBooks(db, afterUser, toUser, since);
      let current = -1;
      let books: { book: number; at: number }[] = [];
      const flush = () => {
        if (books.length > 0) visit(readerBooks(books, BOOKS_PER_READER));
        books = [];
      };
      for (const row of rows) {
        if (row.user_id !== current) {
          flush();
          current = row.user_id;
        }
        if (published[row.book_id] === 1) books.push({ book: row.book_id, at: row.last_at });
      }
      flush();
      if (toUser === null) return;
      afterUser = toUser;
      await checkpoint();
    }
  }

  return {
    isDue,
    run,
    /**
     * The housekeeping step: a refresh when one is due; null when none was, or it stopped (asked
     * to, or overtaken by a later refresh, whose figures are the ones served).
     */
    async runIfDue(shouldStop: () => boolean | Promise<boolean> = () => false): Promise<RefreshReport | null> {
      if (!(await isDue())) return null;
      try {
        return await run(shouldStop);
      } catch (error) {
        if (error instanceof RefreshStopped || error instanceof RefreshOvertaken) return null;
        throw error;
      }
    },
  };
}

export type DiscoveryRefresh = ReturnType<typeof createDiscoveryRefresh>;
