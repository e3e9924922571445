import {
  ErrorCode,
  REVIEW_BODY_MAX,
  type BookRatingSummary,
  type BookReview,
  type PutRatingBody,
  type ReviewsQuery,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import type { AuthUser } from '../../http/request-user.js';
import { createCommunityRules } from './community-rules.js';
import { cleanCommunityText } from './community-text.js';
import type { RatingDistribution } from './rating-distribution.js';
import { bayesianAverage, type RatingPrior } from '../catalogue/rating-prior.js';
import * as repo from './ratings.repository.js';
import { refuseLeftReader } from '../users/account-guard.js';

type ReviewState = 'visible' | 'held' | 'hidden';

const hiddenBy = (state: ReviewState): 'word_filter' | 'moderator' | null =>
  state === 'held' ? 'word_filter' : state === 'hidden' ? 'moderator' : null;
const reviewHiddenBy = (state: ReviewState) => {
  const by = hiddenBy(state);
  return by === null ? {} : { hidden_by: by };
};

/**
 * Book ratings (1 to 10, one per reader and book, changeable) with an optional short review
 * (docs/COMMUNITY.md, "Ratings and reviews"). books.rating_count and rating_sum move by
 * increments in the transaction that writes the rating; the reader's row is locked first on
 * PostgreSQL, so two parallel changes of the same reader move the sum once each, by the right
 * difference.
 */
export function createRatingsService(deps: {
  db: Db;
  /** A rating written or withdrawn raises `rating-changed`: the prior and the distribution follow it (wiring/after-commit.ts). */
  domainEvents: DomainEvents;
  prior: RatingPrior;
  /** Each book's kept score distribution (rating-distribution.ts), shared with the wiring root that drops it. */
  distributions: RatingDistribution;
  /** Hours before a new account may put links in a review (site setting comment_links_min_age_hours). */
  linksMinAgeHours: () => Promise<number>;
  now?: () => number;
}) {
  const { db, domainEvents, prior, distributions } = deps;
  const now = deps.now ?? Date.now;
  const rules = createCommunityRules({ linksMinAgeHours: deps.linksMinAgeHours, now });

  async function bookIdOf(bookUuid: string): Promise<number> {
    const id = await repo.findPublishedBookId(db, bookUuid);
    if (id === undefined) throw notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');
    return id;
  }

  async function summaryOf(bookId: number, userId: number | null): Promise<BookRatingSummary> {
    const [counters, mine, mean] = await Promise.all([
      repo.findBookCounters(db, bookId),
      userId === null ? Promise.resolve(undefined) : repo.findRating(db, bookId, userId),
      prior.mean(),
    ]);
    const count = Number(counters.rating_count);
    const sum = Number(counters.rating_sum);
    const distribution = await distributions.of(db, bookId, { count, sum });
    return {
      average: count > 0 ? sum / count : null,
      bayesian: bayesianAverage(sum, count, mean),
      count,
      distribution,
      mine: mine
        ? {
            score: mine.score,
            review: mine.review,
            review_hidden: mine.review !== null && mine.review_state !== 'visible',
            // The author learns whether the filter holds it or a moderator hid it (issue 40).
            review_hidden_by: mine.review === null ? null : hiddenBy(mine.review_state),
            updated_at: toIso(Number(mine.updated_at)),
          }
        : null,
    };
  }

  /** The review as stored (null: none) and its state, or a 400/403 saying why it cannot be. */
  async function prepareReview(user: AuthUser, raw: string | null | undefined): Promise<{ text: string | null; held: boolean }> {
    // Empty or only spaces: no review (the rating alone), as null.
    if (raw === null || raw === undefined || raw.trim() === '') return { text: null, held: false };
    const text = cleanCommunityText(raw, { field: 'review', maxLength: REVIEW_BODY_MAX });
    await rules.refuseYoungLinks(db, user.id, text, 'review');
    const filtered = await rules.filtered(db, text);
    return { text: filtered.text, held: filtered.held };
  }

  /** Writes the reader's rating of the book (first or changed); returns how the book's sum and count moved. */
  async function writeRating(
    trx: DbExecutor,
    bookId: number,
    userId: number,
    score: number,
    review: { text: string | null; held: boolean },
    at: number,
  ): Promise<{ sumDelta: number; countDelta: number }> {
    const fresh: ReviewState = review.held ? 'held' : 'visible';
    // A first rating; a parallel first rating of the same reader may win the insert, then this
    // one is a change of it (the row is there and locked below).
    if (!(await repo.lockRating(trx, bookId, userId))) {
      const inserted = await repo.insertRating(trx, {
        book_id: bookId,
        user_id: userId,
        score,
        review: review.text,
        review_state: fresh,
        at,
      });
      if (inserted) {
        await repo.moveBookCounters(trx, bookId, score, 1);
        return { sumDelta: score, countDelta: 1 };
      }
    }
    const before = await repo.lockRating(trx, bookId, userId);
    if (!before) throw new AppError(ErrorCode.CONFLICT, 409, 'The rating changed meanwhile; try again');
    // A review a moderator hid stays hidden when it is edited (a new wording is no way around
    // the moderator); unchanged text keeps its state; a new text is filtered afresh.
    const state: ReviewState =
      review.text === null
        ? 'visible'
        : review.text === before.review
          ? before.review_state
          : before.review_state === 'hidden'
            ? 'hidden'
            : fresh;
    await repo.updateRating(trx, bookId, userId, { score, review: review.text, review_state: state, updated_at: at });
    const delta = score - before.score;
    if (delta !== 0) await repo.moveBookCounters(trx, bookId, delta, 0);
    return { sumDelta: delta, countDelta: 0 };
  }

  async function rate(user: AuthUser, bookUuid: string, body: PutRatingBody): Promise<BookRatingSummary> {
    const bookId = await bookIdOf(bookUuid);
    await rules.refuseBanned(db, user.id);
    const review = await prepareReview(user, body.review);
    const at = now();
    await domainEvents.transact(async (trx) => {
      await refuseLeftReader(trx, user.id);
      const delta = await writeRating(trx, bookId, user.id, body.score, review, at);
      // This node's prior and the book's kept distribution follow it once it committed (wiring/after-commit.ts).
      await domainEvents.raise(trx, { type: 'rating-changed', bookId, ...delta });
    });
    return summaryOf(bookId, user.id);
  }

  async function withdraw(user: AuthUser, bookUuid: string): Promise<BookRatingSummary> {
    const bookId = await bookIdOf(bookUuid);
    await domainEvents.transact(async (trx) => {
      const before = await repo.lockRating(trx, bookId, user.id);
      if (!before) return;
      await repo.deleteRating(trx, bookId, user.id);
      await repo.moveBookCounters(trx, bookId, -before.score, -1);
      await domainEvents.raise(trx, { type: 'rating-changed', bookId, sumDelta: -before.score, countDelta: -1 });
    });
    return summaryOf(bookId, user.id);
  }

  async function summary(bookUuid: string, userId: number | null): Promise<BookRatingSummary> {
    return summaryOf(await bookIdOf(bookUuid), userId);
  }

  async function reviews(bookUuid: string, query: ReviewsQuery, userId: number | null): Promise<{ result: BookReview[]; total: number }> {
    const bookId = await bookIdOf(bookUuid);
    const counters = await repo.findBookCounters(db, bookId);
    const [rows, visible, mine] = await Promise.all([
      repo.findReviewPage(db, bookId, userId, (query.page - 1) * query.page_size, query.page_size),
      distributions.visibleReviews(db, bookId, { count: Number(counters.rating_count), sum: Number(counters.rating_sum) }),
      userId === null ? Promise.resolve(undefined) : repo.findRating(db, bookId, userId),
    ]);
    // The caller's own review is listed whatever its state: counted too when readers do not see it.
    const total = visible + (mine && mine.review !== null && mine.review_state !== 'visible' ? 1 : 0);
    return {
      result: rows.map((row) => ({
        user: { uuid: row.uuid, username: row.username },
        score: row.score,
        review: row.review ?? '',
        updated_at: toIso(Number(row.updated_at)),
        ...(row.user_id === userId ? { mine: true, hidden: row.review_state !== 'visible', ...reviewHiddenBy(row.review_state) } : {}),
      })),
      total,
    };
  }

  return { rate, withdraw, summary, reviews };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
