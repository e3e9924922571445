import type { Comment, CommentReportReason } from '@inkstream/contracts';
import type { CommentState } from '../../db/schema.js';
import { toIso } from '../../lib/time.js';

/** What a comment row carries to be shown (comments.repository.ts page rows). */
export interface CommentViewRow {
  uuid: string;
  user_id: number;
  body: string;
  spoiler: number;
  state: CommentState;
  likes: number;
  replies_count: number;
  created_at: number;
  edited_at: number | null;
  parent_uuid: string | null;
  user_uuid: string;
  username: string;
  /** Issue 43: the author's account was erased (a comment kept at their choice shows them as a deleted reader). */
  author_erased_at?: number | null;
  liked: unknown;
}

/** A deleted comment's author is not shown: the tombstone keeps only its place among the replies. */
const NOBODY = { uuid: '00000000-0000-0000-0000-000000000000', username: '' };

/**
 * A comment as the caller sees it. The body is returned exactly as stored (plain text that
 * passed cleanCommunityText): nothing here builds HTML from it; clients render it as text.
 */
export function commentView(row: CommentViewRow, viewerId: number | null, hiddenReason: CommentReportReason | null = null): Comment {
  const mine = viewerId !== null && row.user_id === viewerId;
  const deleted = row.state === 'deleted';
  // The author alone learns what happened to their comment (never anyone else: a moderator's
  // decision and the upheld report reason are the author's business).
  const moderation =
    mine && row.state === 'held'
      ? { hidden_by: 'word_filter' as const }
      : mine && row.state === 'hidden'
        ? { hidden_by: 'moderator' as const, hidden_reason: hiddenReason }
        : {};
  return {
    comment_uuid: row.uuid,
    parent_uuid: row.parent_uuid,
    user: deleted
      ? NOBODY
      : row.author_erased_at != null
        ? { uuid: row.user_uuid, username: row.username, deleted_reader: true as const }
        : { uuid: row.user_uuid, username: row.username },
    body: deleted ? '' : row.body,
    spoiler: row.spoiler === 1,
    created_at: toIso(row.created_at),
    edited_at: row.edited_at === null || deleted ? null : toIso(row.edited_at),
    likes: row.likes,
    already_liked: viewerId !== null && Boolean(row.liked),
    replies_count: row.replies_count,
    hidden: mine && (row.state === 'held' || row.state === 'hidden'),
    deleted,
    mine: mine && !deleted,
    ...moderation,
  };
}
