import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useAuth } from '../auth';
import { withReturn } from '../../lib/return-path';
import { RatingForm } from './RatingForm';
import { RatingSummary } from './RatingSummary';
import { ReviewList } from './ReviewList';
import { useCommunityEnabled } from './use-community';
import { useRatingSummary } from './use-ratings';
import styles from './BookRatings.module.css';

/**
 * Ratings and reviews on the book page (issue 31): the figures, the reader's own rating (a login
 * link for visitors) and the reviews. Nothing at all while the community is switched off.
 */
export function BookRatings({ bookUuid, headingId }: { bookUuid: string; headingId?: string }) {
  const community = useCommunityEnabled();
  if (!community) return null;
  return <BookRatingsSection bookUuid={bookUuid} headingId={headingId} />;
}

/**
 * `headingId`: the heading is already on the page (RatingsDisclosure's summary holds it), so the
 * section is named by it rather than repeating it.
 */
function BookRatingsSection({ bookUuid, headingId }: { bookUuid: string; headingId: string | undefined }) {
  const { t } = useTranslation('ratings');
  const { userUuid } = useAuth();
  const location = useLocation();
  const summary = useRatingSummary(bookUuid, userUuid);
  return (
    <section className={styles.section} aria-labelledby={headingId ?? 'book-ratings-heading'}>
      {!headingId && (
        <h2 id="book-ratings-heading" className={styles.heading}>
          {t('heading')}
        </h2>
      )}
      {summary.isError && <p className={styles.note}>{t('errors.load')}</p>}
      {summary.data && (
        <>
          <RatingSummary summary={summary.data} />
          {userUuid ? (
            // Starts from what is stored when it mounts; another account, another form.
            <RatingForm key={userUuid} bookUuid={bookUuid} userUuid={userUuid} mine={summary.data.mine} />
          ) : (
            <p className={styles.login}>
              <Link to={withReturn(PAGE_PATTERNS.login, location.pathname + location.search)}>{t('login')}</Link>
            </p>
          )}
        </>
      )}
      <ReviewList bookUuid={bookUuid} />
    </section>
  );
}
