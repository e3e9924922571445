import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { readingApi } from '../../lib/api-reading';
import { decodeEntities } from '../../lib/decode-entities';
import { useLanguage } from '../../i18n/use-language';
import { flushProgress } from '../../lib/progress-sync';
import { resumeLink } from '../chapters';
import styles from './ContinueReadingRow.module.css';

/**
 * "Continue reading" on the home page: the books this reader has started, most recent first, each
 * opening at the remembered place. Loaded on demand (only readers with progress need it), so the
 * landing page's first JavaScript does not grow.
 */
export default function ContinueReadingRow() {
  const { t } = useTranslation('books');
  const language = useLanguage();
  const query = useQuery({
    queryKey: ['reading-progress', 'recent', language],
    queryFn: async () => {
      await flushProgress();
      return readingApi.continueReading(language);
    },
  });
  if (!query.data || query.data.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="continue-heading">
      <h2 id="continue-heading" className={styles.heading}>
        {t('continueReading.heading')}
      </h2>
      <ol className={styles.track}>
        {query.data.map((item) => {
          const target = resumeLink(item.book_uuid, item.resume);
          const share = item.total_chapters > 0 ? Math.min(1, item.resume.chapter_number / item.total_chapters) : 0;
          return (
            <li key={item.book_uuid} className={styles.item}>
              <Link to={target.to} state={target.state} className={styles.card}>
                {item.cover_image ? (
                  <img className={styles.cover} src={item.cover_image} alt="" width={600} height={800} loading="lazy" decoding="async" />
                ) : (
                  <span className={styles.cover} />
                )}
                <span className={styles.text}>
                  <span className={styles.title} dir="auto">
                    {decodeEntities(item.book_title)}
                  </span>
                  <span className={styles.chapter}>
                    {t('continueReading.chapter', { number: item.resume.chapter_number, total: item.total_chapters })}
                  </span>
                  <span className={styles.bar} aria-hidden="true">
                    <span style={{ inlineSize: `${Math.round(share * 100)}%` }} />
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
