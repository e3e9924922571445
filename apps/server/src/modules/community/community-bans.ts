import { ErrorCode } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import { findBan } from './community-bans.repository.js';

/**
 * Bans from the community (comment_bans: at most one per reader; `until` null: for good). A ban
 * stops commenting and rating alike; an expired one is simply no longer active (it stays until a
 * moderator replaces or lifts it).
 */
export interface ActiveBan {
  reason: string;
  until: number | null;
}

export async function findActiveBan(db: DbExecutor, userId: number, now: number): Promise<ActiveBan | null> {
  const row = await findBan(db, userId);
  if (!row) return null;
  const until = row.until === null ? null : Number(row.until);
  if (until !== null && until <= now) return null;
  return { reason: row.reason, until };
}

/** 403 COMMENT_BANNED, with the reason and the end the banned reader is shown (docs/API.md). */
export function bannedError(ban: ActiveBan): AppError {
  return new AppError(ErrorCode.COMMENT_BANNED, 403, 'You are banned from commenting and rating', undefined, undefined, {
    ban_reason: ban.reason,
    banned_until: ban.until === null ? null : toIso(ban.until),
  });
}

/** Throws COMMENT_BANNED while the reader has an active ban. */
export async function refuseBanned(db: DbExecutor, userId: number, now: number): Promise<void> {
  const ban = await findActiveBan(db, userId, now);
  if (ban) throw bannedError(ban);
}
