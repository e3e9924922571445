import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import { readingApi } from '../../lib/api-reading';
import { isolate } from '../../lib/bidi';
import { decodeEntities } from '../../lib/decode-entities';
import { currentLanguage } from '../../lib/language';
import { RETURN_PARAM, safeReturnPath } from '../../lib/return-path';
import profile from './profile.module.css';

const READER_PATH = /^\/reader\/book\/chapter\/([^/?#]+)\/[^/?#]+\/(\d+)/;

/**
 * The reader came to the profile from a locked chapter ("Buy now"): once the membership runs (a
 * payment or a coupon went through), offer the way straight back to that chapter.
 */
export function ContinueAfterPurchase() {
  const { t } = useTranslation('profile');
  const returnTo = safeReturnPath(useSearchParams()[0].get(RETURN_PARAM));
  const match = returnTo ? READER_PATH.exec(returnTo) : null;
  const bookId = match ? decodeURIComponent(match[1]!) : '';
  const language = currentLanguage();
  // The same query as the membership summary: a payment refreshes both.
  const membership = useQuery({
    queryKey: ['account', 'membership'],
    queryFn: () => api.membership().catch(() => null),
    staleTime: 0,
    enabled: !!match,
  });
  const book = useQuery({
    queryKey: ['book-title', bookId, language],
    queryFn: () => readingApi.chapters(bookId, language, 'asc', 0, 1),
    enabled: !!match && membership.data?.is_expired === false,
  });
  if (!match || !returnTo || membership.data?.is_expired !== false) return null;
  const title = book.data ? decodeEntities(book.data.book_title) : '';
  return (
    <section className={profile.resume} aria-labelledby="resume-title" role="status">
      <h2 id="resume-title" className={profile.resumeTitle}>
        {t('resume.heading')}
      </h2>
      <Link to={returnTo} className={profile.resumeAction}>
        {title
          ? t('resume.action', { book: isolate(title), number: Number(match[2]) })
          : t('resume.actionNoTitle', { number: Number(match[2]) })}
      </Link>
    </section>
  );
}
