import { RATING_MAX, RATING_MIN, RATING_PRIOR_WEIGHT } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { sumPublishedRatings } from './catalogue.repository.js';

/**
 * The Bayesian average of a book's ratings (docs/COMMUNITY.md, "Ratings and reviews"):
 *
 *   bayesian = (C × m + sum) / (C + count)
 *
 * C = RATING_PRIOR_WEIGHT (10): as if every book had 10 more ratings at the catalogue's mean m,
 * so a book with two 10s does not outrank one with 500 ratings averaging 9. Null without ratings.
 */
export function bayesianAverage(sum: number, count: number, mean: number, weight: number = RATING_PRIOR_WEIGHT): number | null {
  if (count <= 0) return null;
  return (weight * mean + sum) / (weight + count);
}

/** The prior's mean when the catalogue has no ratings at all: the middle of the 1–10 scale. */
export const MIDPOINT_MEAN = (RATING_MIN + RATING_MAX) / 2;

export interface RatingPrior {
  /** m: the mean of every rating of every published book (MIDPOINT_MEAN when there are none). */
  mean(): Promise<number>;
  /** A rating written here (sum and count deltas): this node's m follows it at once. */
  applyLocal(sumDelta: number, countDelta: number): void;
}

/**
 * m, kept per node: one scan of the published books (two sums) at most every `maxAgeMs`
 * (60 s), never one per request. A stale m is answered while the next one is read behind it.
 * Ratings written on this node move the kept sums at once; other nodes' ratings (and books
 * published or withdrawn) reach it within `maxAgeMs`. m moves slowly (one rating among
 * thousands), so a minute's staleness changes no figure shown to one decimal in practice.
 */
export function createRatingPrior(db: Db, options: { maxAgeMs?: number; now?: () => number } = {}): RatingPrior {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  let kept: { sum: number; count: number; readAt: number } | undefined;
  let reading: Promise<void> | undefined;

  function read(): Promise<void> {
    reading ??= sumPublishedRatings(db)
      .then((sums) => {
        kept = { ...sums, readAt: now() };
      })
      .finally(() => (reading = undefined));
    return reading;
  }

  const meanOf = (sums: { sum: number; count: number }) => (sums.count > 0 ? sums.sum / sums.count : MIDPOINT_MEAN);

  return {
    async mean() {
      if (!kept) await read();
      else if (now() - kept.readAt > maxAgeMs) void read().catch(() => undefined);
      return meanOf(kept!);
    },
    applyLocal(sumDelta, countDelta) {
      if (!kept) return;
      kept = { ...kept, sum: kept.sum + sumDelta, count: kept.count + countDelta };
    },
  };
}
