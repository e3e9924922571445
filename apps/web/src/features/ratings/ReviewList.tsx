import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { RelativeTime } from '../../components/RelativeTime';
import { formatCount } from './rating-format';
import { REVIEWS_PAGE_SIZE, useReviews } from './use-ratings';
import styles from './BookRatings.module.css';

/** Readers' reviews, newest first, a page at a time; text only (React text nodes: nothing a reader wrote is markup). */
export function ReviewList({ bookUuid }: { bookUuid: string }) {
  const { t, i18n } = useTranslation('ratings');
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useReviews(bookUuid, page, true);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE));
  const number = (n: number) => formatCount(n, i18n.language);
  if (query.isPending) return null;
  if (query.isError) return <p className={styles.note}>{t('reviews.error')}</p>;
  const reviews = query.data.result;
  return (
    <section aria-labelledby={headingId} className={styles.reviews}>
      <h3 id={headingId} className={styles.formHeading}>
        {t('reviews.heading', { count: total })}
      </h3>
      {reviews.length === 0 ? (
        <p className={styles.note}>{t('reviews.none')}</p>
      ) : (
        <ul className={styles.reviewItems}>
          {reviews.map((review) => (
            <li key={review.user.uuid} className={styles.reviewItem}>
              <p className={styles.reviewMeta}>
                <span className={styles.reviewer} dir="auto">
                  {review.user.username}
                </span>
                <span className={styles.reviewScore}>{t('reviews.score', { score: number(review.score) })}</span>
                <RelativeTime value={review.updated_at} />
                {review.hidden && (
                  <span className={styles.hiddenMark}>
                    {t(review.hidden_by === 'moderator' ? 'reviews.hiddenByModerator' : 'reviews.hidden')}
                  </span>
                )}
              </p>
              <p className={styles.reviewText} dir="auto">
                {review.review}
              </p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('reviews.pages')}>
          <button type="button" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            {t('reviews.previous')}
          </button>
          <span>{t('reviews.page', { page: number(page), pages: number(pages) })}</span>
          <button type="button" onClick={() => setPage(page + 1)} disabled={page >= pages}>
            {t('reviews.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
