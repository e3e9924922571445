import { textShapeProblem } from '@inkstream/contracts/text-shape';
import { ApiError } from '../../lib/api-fetch';

/** Why a comment was refused, as the composer tells the reader (each with what the reader can do about it). */
export type CommentProblem =
  | { kind: 'login' }
  | { kind: 'membership' }
  | { kind: 'banned'; reason: string | null; until: string | null }
  | { kind: 'closed' }
  | { kind: 'links'; allowedAt: string | null }
  | { kind: 'duplicate' }
  | { kind: 'tooFast'; seconds: number | null }
  | { kind: 'invalid' }
  | { kind: 'invisible' }
  | { kind: 'marks' }
  | { kind: 'gone' }
  | { kind: 'failed' };

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The problem behind a failed comment call, by the server's stable code (never its English text).
 * The ban's reason and end, and when links become allowed, come with the error when the server
 * sends them (ext fields of the body), else from the reader's standing (GET /user/community).
 */
export function commentProblem(error: unknown): CommentProblem {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  const body = error.body ?? {};
  switch (error.code) {
    case 'AUTH_REQUIRED':
    case 'INVALID_TOKEN':
      return { kind: 'login' };
    case 'MEMBERSHIP_REQUIRED':
    case 'MEMBERSHIP_EXPIRED':
      return { kind: 'membership' };
    case 'COMMENT_BANNED':
      return { kind: 'banned', reason: text(body.ban_reason ?? body.reason), until: text(body.banned_until ?? body.until) };
    case 'COMMENTS_CLOSED':
      return { kind: 'closed' };
    case 'LINKS_NOT_ALLOWED':
      return { kind: 'links', allowedAt: text(body.links_allowed_at ?? body.allowed_at) };
    case 'DUPLICATE_COMMENT':
      return { kind: 'duplicate' };
    case 'RATE_LIMITED':
      return { kind: 'tooFast', seconds: error.retryAfter };
    case 'VALIDATION_FAILED':
      return { kind: 'invalid' };
    case 'COMMENT_NOT_FOUND':
    case 'NOT_FOUND':
      return { kind: 'gone' };
    default:
      return error.status === 401 ? { kind: 'login' } : { kind: 'failed' };
  }
}

/**
 * What the server would refuse in the text's shape, found before sending (the same rule, from
 * contracts): nothing visible (only spaces, invisible characters, a braille blank), or a character
 * under too many marks. The server compares the NFC form, so this does too.
 */
export function textProblem(body: string): CommentProblem | null {
  const shape = textShapeProblem(body.normalize('NFC'));
  if (shape === 'no_visible_text') return { kind: 'invisible' };
  if (shape === 'too_many_marks') return { kind: 'marks' };
  return null;
}
