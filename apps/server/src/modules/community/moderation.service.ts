import type { Db } from '../../db/database.js';
import type { AuditService } from '../audit/audit.service.js';
import { createCommentBans } from './moderation-bans.js';
import { createBookModeration } from './moderation-books.js';
import type { ModerationContext } from './moderation-context.js';
import { createCommentDecisions } from './moderation-decisions.js';
import { createModerationQueue } from './moderation-queue.js';
import { createWordFilterAdmin } from './moderation-word-filter.js';

export type { CommentAction } from './moderation-decisions.js';

/**
 * The moderators' tools (issue 31, docs/COMMUNITY.md "Moderation"): the reports queue and held
 * comments (moderation-queue.ts), hide / show / delete / dismiss (moderation-decisions.ts), bans and
 * the reader page (moderation-bans.ts), the word filter (moderation-word-filter.ts), the per-book
 * switch and review hiding (moderation-books.ts). Every change is written with its audit row in one
 * transaction; a change that finds the thing already so (another moderator was first) writes
 * nothing and says `changed: false`.
 */
export function createModerationService(deps: { db: Db; audit: AuditService; enabled: boolean; now?: () => number }) {
  const context: ModerationContext = { db: deps.db, audit: deps.audit, now: deps.now ?? Date.now };
  return {
    enabled: deps.enabled,
    ...createModerationQueue(context),
    ...createCommentDecisions(context),
    ...createCommentBans(context),
    ...createWordFilterAdmin(context),
    ...createBookModeration(context),
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
