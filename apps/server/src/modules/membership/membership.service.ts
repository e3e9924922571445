import { randomUUID } from 'node:crypto';
import type { Membership } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import { addCalendarMonths, DAY_MS, toIso } from '../../lib/time.js';
import { insertGrantOnce, latestGrantEnd, revokeRunningGrants } from './membership.repository.js';

export type MembershipState = 'member' | 'expired' | 'none';

export type GrantLength = { days: number } | { months: number };

export interface GrantRequest {
  userId: number;
  length: GrantLength;
  source: string;
  /** Unique per source: the same reference never grants twice. */
  sourceRef?: string;
  note?: string;
}

/**
 * Membership is derived from the grants ledger: the expiry is the end of the latest unrevoked
 * grant. A new grant starts at the later of now and the current expiry, so purchases stack.
 */
export function createMembershipService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function getMembership(userId: number | null): Promise<Membership | null> {
    if (userId === null) return null;
    const end = await latestGrantEnd(db, userId);
    return end === null ? null : { expire_at: toIso(end), is_expired: end <= now() };
  }

  async function getState(userId: number | null): Promise<MembershipState> {
    if (userId === null) return 'none';
    const end = await latestGrantEnd(db, userId);
    if (end === null) return 'none';
    return end > now() ? 'member' : 'expired';
  }

  /**
   * Adds time inside the caller's transaction (so a payment or coupon and its grant commit together);
   * returns the new expiry, or null when this source reference had been granted before.
   */
  async function grantWithin(trx: DbExecutor, request: GrantRequest): Promise<number | null> {
    const current = now();
    const startsAt = Math.max(current, (await latestGrantEnd(trx, request.userId)) ?? 0);
    const endsAt = 'days' in request.length ? startsAt + request.length.days * DAY_MS : addCalendarMonths(startsAt, request.length.months);
    const inserted = await insertGrantOnce(trx, {
      user_id: request.userId,
      source: request.source,
      source_ref: request.sourceRef ?? randomUUID(),
      starts_at: startsAt,
      ends_at: endsAt,
      note: request.note ?? null,
      created_at: current,
    });
    return inserted ? endsAt : null;
  }

  /** Adds time in a transaction of its own. */
  const grant = (request: GrantRequest) => db.transaction().execute((trx) => grantWithin(trx, request));

  const revokeAll = (userId: number) => revokeRunningGrants(db, userId, now());

  return { getMembership, getState, grant, grantWithin, revokeAll };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
