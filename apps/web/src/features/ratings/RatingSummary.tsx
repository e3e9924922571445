import type { BookRatingSummary } from '@inkstream/contracts';
import { useTranslation } from '../../i18n/use-translation';
import { distributionShares, formatCount, formatRating } from './rating-format';
import styles from './BookRatings.module.css';

/**
 * The book's figures: the Bayesian average out of 10 (the plain mean would rank two 10s above 500
 * ratings of 9), the count, and how many readers gave each score, as a table (screen readers read
 * it as one; the bars are drawn beside the numbers, not instead of them).
 */
export function RatingSummary({ summary }: { summary: BookRatingSummary }) {
  const { t, i18n } = useTranslation('ratings');
  const language = i18n.language;
  const shares = distributionShares(summary.distribution);
  const scores = summary.distribution.map((count, i) => ({ score: i + 1, count, share: shares[i]! })).reverse();
  return (
    <div className={styles.summary}>
      <p className={styles.average}>
        {summary.bayesian === null ? (
          <span className={styles.none}>{t('noRatings')}</span>
        ) : (
          <>
            <span className={styles.figure} data-testid="rating-average">
              {formatRating(summary.bayesian, language)}
            </span>
            <span className={styles.outOf}>{t('outOf')}</span>
            <span className={styles.count}>{t('count', { count: summary.count })}</span>
          </>
        )}
      </p>
      {summary.count > 0 && (
        <table className={styles.distribution}>
          <caption className="visually-hidden">{t('distribution.caption')}</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{t('distribution.score')}</th>
              <th scope="col">{t('distribution.readers')}</th>
            </tr>
          </thead>
          <tbody>
            {scores.map(({ score, count, share }) => (
              <tr key={score}>
                <th scope="row" className={styles.score}>
                  {formatCount(score, language)}
                </th>
                <td className={styles.barCell}>
                  <span className={styles.bar} aria-hidden="true">
                    <span className={styles.fill} style={{ inlineSize: `${share}%` }} />
                  </span>
                  <span className={styles.barCount}>{formatCount(count, language)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
