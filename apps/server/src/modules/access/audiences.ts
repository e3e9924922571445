import type { DbExecutor } from '../../db/database.js';
import { findAgeConfirmedAt } from './access.repository.js';
import { audienceFor, type Audience, type RatingPolicy } from './content-rating.js';

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

  return { general, of };
}

export type Audiences = ReturnType<typeof createAudiences>;
