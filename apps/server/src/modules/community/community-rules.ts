import { ErrorCode } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import { findAccountCreatedAt, findBan, findWordFilterEntries } from './community-rules.repository.js';
import { containsLink } from './community-text.js';
import { applyWordFilter } from './word-filter.js';

const HOUR_MS = 3_600_000;

/** A ban from the community (comment_bans; `until` null: for good). It stops comments and ratings alike. */
export interface ActiveBan {
  reason: string;
  until: number | null;
}

/**
 * The rules every text a reader writes in the community goes through (comments and reviews): an
 * active ban refuses it, a link from an account younger than the site setting refuses it, and the
 * operator's word filter masks it or holds it for a moderator. One place, so a comment and a review
 * are judged alike and answered with the same codes and ext fields (docs/API.md).
 */
export function createCommunityRules(deps: {
  /** Hours before a new account may post links (site setting comment_links_min_age_hours). */
  linksMinAgeHours: () => Promise<number>;
  now: () => number;
}) {
  const { now } = deps;

  /** The reader's ban, while it lasts (an expired one stays in the table until a moderator replaces or lifts it). */
  async function activeBan(db: DbExecutor, userId: number): Promise<ActiveBan | null> {
    const row = await findBan(db, userId);
    if (!row) return null;
    const until = row.until === null ? null : Number(row.until);
    return until !== null && until <= now() ? null : { reason: row.reason, until };
  }

  /** 403 COMMENT_BANNED with the reason and the end the banned reader is shown. */
  async function refuseBanned(db: DbExecutor, userId: number): Promise<void> {
    const ban = await activeBan(db, userId);
    if (!ban) return;
    throw new AppError(
      ErrorCode.COMMENT_BANNED,
      403,
      ban.until === null ? 'You may no longer comment or rate' : `You may not comment or rate until ${toIso(ban.until)}`,
      undefined,
      undefined,
      { ban_reason: ban.reason, banned_until: ban.until === null ? null : toIso(ban.until) },
    );
  }

  /** When the account may post links (null: it may now). */
  async function linksAllowedAt(db: DbExecutor, userId: number): Promise<number | null> {
    const [createdAt, hours] = await Promise.all([findAccountCreatedAt(db, userId), deps.linksMinAgeHours()]);
    const at = createdAt + hours * HOUR_MS;
    return at > now() ? at : null;
  }

  /** 403 LINKS_NOT_ALLOWED (ext `links_allowed_at`) for a link from an account still too young. */
  async function refuseYoungLinks(db: DbExecutor, userId: number, text: string, field: 'body' | 'review'): Promise<void> {
    if (!containsLink(text)) return;
    const at = await linksAllowedAt(db, userId);
    if (at === null) return;
    throw new AppError(
      ErrorCode.LINKS_NOT_ALLOWED,
      403,
      `New accounts may not post links; links are allowed from ${toIso(at)}`,
      [{ field, message: 'Links are not allowed yet' }],
      undefined,
      { links_allowed_at: toIso(at) },
    );
  }

  /** The text as stored once the operator's word filter has seen it, and whether it is held for a moderator. */
  async function filtered(db: DbExecutor, text: string): Promise<{ text: string; held: boolean }> {
    const outcome = applyWordFilter(text, await findWordFilterEntries(db));
    return { text: outcome.text, held: outcome.held };
  }

  return { activeBan, refuseBanned, linksAllowedAt, refuseYoungLinks, filtered };
}

export type CommunityRules = ReturnType<typeof createCommunityRules>;
