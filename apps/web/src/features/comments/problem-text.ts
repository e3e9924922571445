import type { CommunityStanding } from '@inkstream/contracts';
import { MARKS_PER_CHARACTER_MAX } from '@inkstream/contracts/text-shape';
import type { TFunction } from '../../i18n/translator';
import type { Language } from '../../lib/language';
import type { CommentProblem } from './comment-errors';
import { formatCount, formatDateTime } from './format';

/** The sentence that tells the reader why a comment was refused and what they can do, in their language. */
export function problemText(t: TFunction, problem: CommentProblem, language: Language, standing?: CommunityStanding): string {
  switch (problem.kind) {
    case 'banned':
      return banText(
        t,
        { reason: problem.reason ?? standing?.ban_reason ?? null, until: problem.until ?? standing?.banned_until ?? null },
        language,
      );
    case 'links': {
      const at = problem.allowedAt ?? standing?.links_allowed_at ?? null;
      return at ? t('errors.links', { date: formatDateTime(at, language) }) : t('errors.linksLater');
    }
    case 'marks':
      return t('errors.marks', { max: formatCount(MARKS_PER_CHARACTER_MAX, language) });
    case 'tooFast':
      return problem.seconds ? t('errors.tooFast', { count: problem.seconds }) : t('errors.tooFastMoment');
    default:
      return t(`errors.${problem.kind}`);
  }
}

/** "You cannot comment until …" (or for good), and the moderator's reason when there is one. */
export function banText(t: TFunction, ban: { reason: string | null; until: string | null }, language: Language): string {
  const when = ban.until ? t('ban.until', { date: formatDateTime(ban.until, language) }) : t('ban.forGood');
  return ban.reason ? `${when} ${t('ban.reason', { reason: ban.reason })}` : when;
}
