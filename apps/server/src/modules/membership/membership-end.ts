import type { Membership } from '@inkstream/contracts';
import type { Expression, ExpressionBuilder, QueryCreator } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/time.js';

/**
 * The membership module's rule for when a membership ends, for every repository that reads it:
 * the latest end of the user's standing (unrevoked) grants, null when they have none. Repositories
 * compose these instead of writing MAX(ends_at) … revoked_at IS NULL again (users.member_until is
 * the same value kept on the user row: member-state.repository.ts).
 */

/** `.where(isStandingGrant)`: a revoked grant never counts toward a membership. */
export const isStandingGrant = (eb: ExpressionBuilder<Database, 'membership_grants'>) => eb('membership_grants.revoked_at', 'is', null);

/** MAX(ends_at) over the grants selected: with isStandingGrant, the end of the membership. */
export const latestGrantEndOf = (eb: ExpressionBuilder<Database, 'membership_grants'>) =>
  eb.fn.max<number | string | null>('membership_grants.ends_at');

/**
 * The end of one user's membership as a scalar subquery, to select beside other columns in one
 * statement (`user` is a value, a prepared-query parameter or a reference such as eb.ref('users.id')).
 */
export const membershipEndOf = (db: QueryCreator<Database>, user: number | Expression<number>) =>
  db
    .selectFrom('membership_grants')
    .select((sub) => latestGrantEndOf(sub).as('ends_at'))
    .where('membership_grants.user_id', '=', user)
    .where(isStandingGrant);

/** A stored instant (PostgreSQL's BIGINT arrives as a string) as a number; null stays null. */
export const numberOrNull = (end: number | string | bigint | null | undefined): number | null => (end == null ? null : Number(end));

/** The API's membership from its end: null when the user never had a standing grant. */
export const toMembership = (end: number | null, now: number): Membership | null =>
  end === null ? null : { expire_at: toIso(end), is_expired: end <= now };
