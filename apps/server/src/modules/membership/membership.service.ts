import { randomUUID } from 'node:crypto';
import type { Membership } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { addCalendarMonths, DAY_MS } from '../../lib/time.js';
import {
  activeGrants,
  findGrantOwner,
  insertGrantOnce,
  latestGrantEnd,
  lockUserMembership,
  moveGrant,
  revokeGrant,
  revokeRunningGrants,
} from './membership.repository.js';
import { toMembership } from './membership-end.js';

export type MembershipState = 'member' | 'expired' | 'none';

export type GrantLength = { days: number } | { months: number };

/** A change to one user's grants, as `membership-changed` carries it: the end of their membership after it. */
export interface MembershipChange {
  userId: number;
  /** Null: no standing grant left. */
  memberUntil: number | null;
}

export interface GrantRequest {
  userId: number;
  length: GrantLength;
  source: string;
  /** Unique per source: the same reference never grants twice. */
  sourceRef?: string;
  note?: string;
  /**
   * The instant the grant counts from instead of now (never later than now): a renewal paid during
   * its grace period pays for the period that began when the membership would have ended, so it
   * starts there (docs/PAYMENTS.md "Renewals"). Stacking still applies: never before the current end.
   */
  asOf?: number;
}

/** The state from the end of the latest unrevoked grant (null: none ever), as every reader of it must see it. */
export function membershipStateOf(end: number | null, now: number): MembershipState {
  if (end === null) return 'none';
  return end > now ? 'member' : 'expired';
}

const endOf = (startsAt: number, length: GrantLength) =>
  'days' in length ? startsAt + length.days * DAY_MS : addCalendarMonths(startsAt, length.months);

/**
 * Membership is derived from the grants ledger: the expiry is the end of the latest unrevoked
 * grant. A new grant starts at the later of now and the current expiry, so purchases stack.
 *
 * Every change takes the user's membership lock first (lockUserMembership), so concurrent grants
 * and refunds for one user run one after the other and N grants of d days always add N×d. When a
 * transaction changes two users (an invited user's payment rewards the inviter), the invited user
 * is locked first: invitations form a tree, so this order can never deadlock.
 *
 * Every change raises `membership-changed` in the caller's transaction (db/domain-events.ts): once
 * it commits, this process's cached reader state of the user goes (wiring/after-commit.ts).
 */
export function createMembershipService(deps: { db: Db; domainEvents: DomainEvents; now?: () => number }) {
  const { db, domainEvents } = deps;
  const now = deps.now ?? Date.now;

  async function changed(trx: DbExecutor, change: MembershipChange): Promise<MembershipChange> {
    await domainEvents.raise(trx, { type: 'membership-changed', ...change });
    return change;
  }

  /** The end of the user's membership, read in the caller's transaction (null: no standing grant). */
  const endWithin = (trx: DbExecutor, userId: number): Promise<number | null> => latestGrantEnd(trx, userId);

  /** The API's membership from an end read with other data (users-admin, membership-admin). */
  const membershipOf = (end: number | null): Membership | null => toMembership(end, now());

  async function getMembership(userId: number | null): Promise<Membership | null> {
    if (userId === null) return null;
    return membershipOf(await latestGrantEnd(db, userId));
  }

  async function getState(userId: number | null): Promise<MembershipState> {
    if (userId === null) return 'none';
    return membershipStateOf(await latestGrantEnd(db, userId), now());
  }

  /**
   * Adds time inside the caller's transaction (so a payment or coupon and its grant commit together);
   * returns the change (the new expiry: a receipt shows it), or null when this source reference had
   * been granted before (nothing changed).
   */
  async function grantWithin(trx: DbExecutor, request: GrantRequest): Promise<MembershipChange | null> {
    await lockUserMembership(trx, request.userId);
    const current = Math.min(request.asOf ?? now(), now());
    const startsAt = Math.max(current, (await latestGrantEnd(trx, request.userId)) ?? 0);
    const endsAt = endOf(startsAt, request.length);
    const inserted = await insertGrantOnce(trx, {
      user_id: request.userId,
      source: request.source,
      source_ref: request.sourceRef ?? randomUUID(),
      starts_at: startsAt,
      ends_at: endsAt,
      note: request.note ?? null,
      created_at: current,
      grant_months: 'months' in request.length ? request.length.months : null,
      grant_days: 'days' in request.length ? request.length.days : null,
    });
    return inserted ? changed(trx, { userId: request.userId, memberUntil: endsAt }) : null;
  }

  /**
   * Takes the membership locks of several users up front, in the order given (an invited user
   * before their inviter). A transaction that changes two users' grants must hold both before its
   * first grant write: each write also updates the shared member_days rows (member-state.repository.ts),
   * and taking a user's lock after that could wait on a transaction that waits for member_days.
   */
  async function lockMembersWithin(trx: DbExecutor, userIds: number[]): Promise<void> {
    for (const userId of userIds) await lockUserMembership(trx, userId);
  }

  /** Adds time in a transaction of its own. */
  const grant = (request: GrantRequest) => domainEvents.transact((trx) => grantWithin(trx, request));

  /**
   * Revokes the user's running and future grants inside the caller's transaction; returns how many,
   * and the end of the membership left (a grant that ran out before stays: null when none is left).
   */
  async function revokeAllWithin(trx: DbExecutor, userId: number): Promise<{ revoked: number; memberUntil: number | null }> {
    await lockUserMembership(trx, userId);
    const revoked = await revokeRunningGrants(trx, userId, now());
    const memberUntil = await latestGrantEnd(trx, userId);
    if (revoked > 0) await changed(trx, { userId, memberUntil });
    return { revoked, memberUntil };
  }

  const revokeAll = (userId: number) => domainEvents.transact((trx) => revokeAllWithin(trx, userId));

  /**
   * Takes one grant back (a refund) inside the caller's transaction and re-stacks the grants that
   * remain, so the time it added disappears from the end of the membership, not only from its own
   * slot. Returns the change (the user's new expiry, null: no membership left), or undefined when
   * nothing was revoked.
   */
  async function revokeWithin(trx: DbExecutor, source: string, sourceRef: string): Promise<MembershipChange | undefined> {
    const owner = await findGrantOwner(trx, source, sourceRef);
    if (owner === null) return undefined;
    await lockUserMembership(trx, owner);
    const userId = await revokeGrant(trx, source, sourceRef, now());
    if (userId === null) return undefined;
    return changed(trx, { userId, memberUntil: await restackWithin(trx, userId) });
  }

  /** Replays the ledger: each grant starts at the later of its purchase time and the previous end. */
  async function restackWithin(trx: DbExecutor, userId: number): Promise<number | null> {
    let end: number | null = null;
    for (const grant of await activeGrants(trx, userId)) {
      const startsAt = Math.max(Number(grant.created_at), end ?? 0);
      const endsAt =
        grant.grant_months !== null
          ? endOf(startsAt, { months: grant.grant_months })
          : grant.grant_days !== null
            ? endOf(startsAt, { days: grant.grant_days })
            : startsAt + (Number(grant.ends_at) - Number(grant.starts_at));
      if (startsAt !== Number(grant.starts_at) || endsAt !== Number(grant.ends_at)) await moveGrant(trx, grant.id, startsAt, endsAt);
      end = Math.max(end ?? 0, endsAt);
    }
    return end;
  }

  return {
    endWithin,
    getMembership,
    getState,
    grant,
    grantWithin,
    lockMembersWithin,
    membershipOf,
    revokeAll,
    revokeAllWithin,
    revokeWithin,
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
