import type { DbExecutor } from '../../db/database.js';
import { findAgeConfirmedAt } from './access.repository.js';
import { audienceFor, mayBeRefusedToSome, mayOpen, type Audience, type RatingPolicy } from './content-rating.js';

/**
 * Issue 61: the audience (content-rating.ts) of a request, from the site's policy and, when it can
 * matter, the reader's age confirmation. A visitor's is the site's general audience, the same for
 * every visitor, so the public cache keeps the answers made for it (a signed-in reader's requests
 * carry a token and are never kept there).
 */
export function createAudiences(deps: { db: DbExecutor; ratingPolicy: (executor?: DbExecutor) => Promise<RatingPolicy> }) {
  /**
   * Everyone who has not confirmed their age: visitors, and what shared caches keep. Code inside
   * a transaction passes it as `executor` (the policy may have to be read).
   */
  async function general(executor?: DbExecutor): Promise<Audience> {
    return audienceFor(await deps.ratingPolicy(executor), { ageConfirmed: false });
  }

  /**
   * The audience of `user` (null: a visitor). The account is read only when its confirmation can
   * change what it is shown; code inside a transaction passes it as `executor`.
   */
  async function of(user: { id: number } | null, executor?: DbExecutor): Promise<Audience> {
    const policy = await deps.ratingPolicy(executor);
    const confirmationMatters = policy.adultBooks === 'confirmed_readers' || policy.blurMatureCovers;
    if (!user || !confirmationMatters) return audienceFor(policy, { ageConfirmed: false });
    return audienceFor(policy, { ageConfirmed: (await findAgeConfirmedAt(executor ?? deps.db, user.id)) !== null });
  }

  /**
   * The audience whose word decides whether `user` may open books of `ratings`, or null when every
   * one of them opens for everyone (no read at all: the usual case, every book that is not adult),
   * or for the general audience (the policy read, not the account). The one place the content reads
   * (the chapter answer, the access door) ask; inside a transaction, pass it as `executor`.
   */
  async function forOpening(user: { id: number } | null, ratings: Iterable<string>, executor?: DbExecutor): Promise<Audience | null> {
    const doubtful = [...ratings].filter(mayBeRefusedToSome);
    if (doubtful.length === 0) return null;
    const everyone = await general(executor);
    if (doubtful.every((rating) => mayOpen(everyone, rating))) return null;
    return of(user, executor);
  }

  return { general, of, forOpening };
}

export type Audiences = ReturnType<typeof createAudiences>;
