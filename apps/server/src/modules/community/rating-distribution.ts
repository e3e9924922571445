import { RATING_MAX } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';
import * as repo from './ratings.repository.js';

/**
 * A book's distribution (how many ratings gave each score) and how many reviews readers see, counted from book_ratings_score_idx
 * and kept per node while the book's ratings have not changed. Counting is one index range of
 * the book: 10,000 ratings cost about 1–2.5 ms of the (single) main thread on SQLite, which at 10
 * connections was the whole p99 of the rating call (docs/PERFORMANCE.md). A kept distribution is
 * used only while the book's rating_count and rating_sum (read anyway) and its latest rating change
 * (one seek of book_ratings_recent_idx) are those it was counted at; any rating, change or
 * withdrawal moves one of them. A withdrawal and a new rating in the same millisecond that
 * leave count and sum unchanged could keep an old count until KEEP_MS (a minute): harmless.
 * The review count also moves when a moderator hides or shows a review (no rating change): that
 * shows in `total` within KEEP_MS (the list itself is read afresh on every call).
 */
const KEEP_MS = 60_000;
const MAX_BOOKS = 2_000;

interface Kept {
  key: string;
  distribution: number[];
  /** Reviews readers see; undefined until the reviews list asked. */
  visibleReviews?: number;
  at: number;
}

export function createRatingDistribution(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const kept = new Map<number, Kept>();

  async function count(db: DbExecutor, bookId: number): Promise<number[]> {
    const distribution = new Array<number>(RATING_MAX).fill(0);
    for (const row of await repo.findScoreCounts(db, bookId)) distribution[row.score - 1] = Number(row.n);
    return distribution;
  }

  async function entry(db: DbExecutor, bookId: number, counters: { count: number; sum: number }): Promise<Kept> {
    const key = `${counters.count}:${counters.sum}:${await repo.findLatestRatingChange(db, bookId)}`;
    const hit = kept.get(bookId);
    if (hit && hit.key === key && now() - hit.at < KEEP_MS) return hit;
    const fresh: Kept = { key, distribution: await count(db, bookId), at: now() };
    kept.delete(bookId);
    if (kept.size >= MAX_BOOKS) kept.delete(kept.keys().next().value!);
    kept.set(bookId, fresh);
    return fresh;
  }

  return {
    async of(db: DbExecutor, bookId: number, counters: { count: number; sum: number }): Promise<number[]> {
      if (counters.count === 0) return new Array<number>(RATING_MAX).fill(0);
      return (await entry(db, bookId, counters)).distribution;
    },
    /** How many reviews readers see (state visible), kept as the distribution is. */
    async visibleReviews(db: DbExecutor, bookId: number, counters: { count: number; sum: number }): Promise<number> {
      if (counters.count === 0) return 0;
      const kept = await entry(db, bookId, counters);
      kept.visibleReviews ??= await repo.countReviews(db, bookId, null);
      return kept.visibleReviews;
    },
    /** A rating of the book was written here: count afresh next time. */
    forget(bookId: number): void {
      kept.delete(bookId);
    },
  };
}

export type RatingDistribution = ReturnType<typeof createRatingDistribution>;
