import type { TFunction } from '../../i18n/translator';
import { ApiError } from '../../lib/api-fetch';

/** A refused save, in the reader's words: a ban says why and until when, the link rule says when links open. */
export function ratingErrorMessage(error: unknown, t: TFunction, formatDate: (iso: string) => string): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  const body = error.body ?? {};
  switch (error.code) {
    case 'COMMENT_BANNED': {
      const reason = typeof body.ban_reason === 'string' ? body.ban_reason : '';
      const until = typeof body.banned_until === 'string' ? body.banned_until : null;
      return until ? t('errors.bannedUntil', { reason, until: formatDate(until) }) : t('errors.bannedForGood', { reason });
    }
    case 'LINKS_NOT_ALLOWED': {
      const at = typeof body.links_allowed_at === 'string' ? body.links_allowed_at : null;
      return at ? t('errors.linksAt', { at: formatDate(at) }) : t('errors.links');
    }
    case 'VALIDATION_FAILED':
      return t('errors.review');
    case 'RATE_LIMITED':
      return t('errors.tooFast');
    case 'AUTH_REQUIRED':
    case 'INVALID_TOKEN':
      return t('errors.login');
    default:
      return t('errors.generic');
  }
}
