import { useTranslation } from '../../i18n/use-translation';
import { isolate } from '../../lib/bidi';
import styles from './SearchSummary.module.css';

/** The title search from the header: what was asked, and a way back to the whole list. */
export function SearchSummary({ query, headingId, onClear }: { query: string; headingId: string; onClear: () => void }) {
  const { t } = useTranslation('books');
  return (
    <div className={styles.summary}>
      <h2 id={headingId} className={styles.heading}>
        {t('search.resultsFor', { query: isolate(query) })}
      </h2>
      <button type="button" className={styles.clear} onClick={onClear}>
        <span aria-hidden="true">✕ </span>
        {t('search.clear')}
      </button>
    </div>
  );
}
