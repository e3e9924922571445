import { RATING_CARD_MIN_COUNT, RANKING_MAX_ENTRIES, type RankingKind, type RankingPeriod } from '@inkstream/contracts';
import { DAY_MS } from '../../lib/time.js';
import { bayesianAverage } from '../catalogue/rating-prior.js';

/**
 * The rankings' orders (docs/DISCOVERY.md, "Rankings") over the figures of one snapshot: pure
 * functions of arrays by book id, so a ranking is computed once per snapshot and filter and then
 * served as a slice.
 */

/** A book is "new" while its first chapter is this recent (at the time the figures were computed). */
export const NEW_BOOK_MS = 30 * DAY_MS;
/** Rising: a book needs this many readers in the period to be said to rise (two readers doubling is noise). */
export const RISING_MIN_READERS = 3;
/** Rising: growth is (now − before) / (before + RISING_DAMPING), so 3 readers from 0 do not beat 300 from 100. */
export const RISING_DAMPING = 5;

/** Readers per book (index: book id) in each window and the window before it. */
export interface ReaderFigures {
  day: Int32Array;
  dayBefore: Int32Array;
  week: Int32Array;
  weekBefore: Int32Array;
  month: Int32Array;
  monthBefore: Int32Array;
}

/** What the orders read of each book besides its readers (index: book id). */
export interface BookFacts {
  popularity: Float64Array;
  ratingCount: Float64Array;
  ratingSum: Float64Array;
  /** When the first published chapter came out; NaN when none has. */
  firstChapterAt: Float64Array;
}

export interface RankingEntry {
  id: number;
  previousRank: number | null;
  readers: number;
}

export interface RankingInput {
  kind: RankingKind;
  period: RankingPeriod;
  /** Books that may be ranked: published, not excluded, passing the filters, in any order. */
  candidates: readonly number[];
  readers: ReaderFigures;
  facts: BookFacts;
  isCompleted: (id: number) => boolean;
  /** The catalogue's mean rating (the Bayesian prior); null with COMMUNITY=off (no ratings). */
  ratingMean: number | null;
  /** When the figures were computed: "new" is measured from then. */
  computedAt: number;
}

const at = (values: ArrayLike<number>, id: number) => (id < values.length ? values[id]! : 0);

function windowsOf(readers: ReaderFigures, period: RankingPeriod): [now: Int32Array, before: Int32Array] {
  if (period === 'day') return [readers.day, readers.dayBefore];
  if (period === 'month') return [readers.month, readers.monthBefore];
  return [readers.week, readers.weekBefore];
}

/**
 * The first RANKING_MAX_ENTRIES of `ids` that pass `include`, in `compare` order (a total order:
 * every comparison ends on the id). A bounded selection, not a sort of every book: most books
 * lose to the current 100th at once, so 100,000 books cost about as many comparisons (a sort
 * took 77 ms for the popular ranking and its previous one at 100,000 books, this 2 ms).
 */
function head(ids: readonly number[], include: (id: number) => boolean, compare: (a: number, b: number) => number): number[] {
  const best: number[] = [];
  for (const id of ids) {
    if (!include(id)) continue;
    if (best.length === RANKING_MAX_ENTRIES && compare(id, best[RANKING_MAX_ENTRIES - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(id, best[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    best.splice(low, 0, id);
    if (best.length > RANKING_MAX_ENTRIES) best.pop();
  }
  return best;
}

/** Compares larger first; equal (0) lets the next key decide. */
const desc = (a: number, b: number) => (b > a ? 1 : b < a ? -1 : 0);

/** The ranking: at most RANKING_MAX_ENTRIES books, first first, with each one's previous rank. */
export function computeRanking(input: RankingInput): RankingEntry[] {
  const { candidates, facts, readers } = input;
  const bayes = (id: number) => {
    if (input.ratingMean === null) return Number.NEGATIVE_INFINITY;
    return bayesianAverage(at(facts.ratingSum, id), at(facts.ratingCount, id), input.ratingMean) ?? Number.NEGATIVE_INFINITY;
  };
  const entries = (ids: number[], count: Int32Array, previous: number[] | null) => {
    const before = new Map(previous?.map((id, index) => [id, index + 1]));
    return ids.map((id) => ({ id, previousRank: before.get(id) ?? null, readers: at(count, id) }));
  };

  switch (input.kind) {
    case 'popular': {
      // Readers in the period; ties by all-time popularity, then id. A book nobody read is not ranked.
      const [now, before] = windowsOf(readers, input.period);
      const order = (count: Int32Array) => (a: number, b: number) =>
        desc(at(count, a), at(count, b)) || desc(at(facts.popularity, a), at(facts.popularity, b)) || a - b;
      const current = head(candidates, (id) => at(now, id) > 0, order(now));
      const previous = head(candidates, (id) => at(before, id) > 0, order(before));
      return entries(current, now, previous);
    }
    case 'top_rated': {
      const current = head(
        candidates,
        (id) => at(facts.ratingCount, id) >= RATING_CARD_MIN_COUNT,
        (a, b) => desc(bayes(a), bayes(b)) || desc(at(facts.ratingCount, a), at(facts.ratingCount, b)) || a - b,
      );
      return entries(current, readers.month, null);
    }
    case 'rising': {
      const [now, before] = windowsOf(readers, input.period);
      const growth = (id: number) => (at(now, id) - at(before, id)) / (at(before, id) + RISING_DAMPING);
      const current = head(
        candidates,
        (id) => at(now, id) >= RISING_MIN_READERS && at(now, id) > at(before, id),
        (a, b) => desc(growth(a), growth(b)) || desc(at(now, a), at(now, b)) || a - b,
      );
      return entries(current, now, null);
    }
    case 'new': {
      const since = input.computedAt - NEW_BOOK_MS;
      const isNew = (id: number) => at(facts.firstChapterAt, id) >= since;
      const order = (count: Int32Array) => (a: number, b: number) =>
        desc(at(count, a), at(count, b)) || desc(at(facts.firstChapterAt, a), at(facts.firstChapterAt, b)) || a - b;
      const current = head(candidates, isNew, order(readers.month));
      // The same books a period earlier; one nobody read then had no place (a new entry).
      const previous = head(candidates, (id) => isNew(id) && at(readers.monthBefore, id) > 0, order(readers.monthBefore));
      return entries(current, readers.month, previous);
    }
    case 'completed': {
      const order = (count: Int32Array) => (a: number, b: number) => desc(at(count, a), at(count, b)) || desc(bayes(a), bayes(b)) || a - b;
      const current = head(candidates, input.isCompleted, order(readers.month));
      const previous = head(candidates, (id) => input.isCompleted(id) && at(readers.monthBefore, id) > 0, order(readers.monthBefore));
      return entries(current, readers.month, previous);
    }
  }
}

/** The period a ranking's `readers` covers: the one asked for (popular, rising), else the month. */
export const periodOf = (kind: RankingKind, asked: RankingPeriod | undefined): RankingPeriod =>
  kind === 'popular' || kind === 'rising' ? (asked ?? 'week') : 'month';
