import { useTranslation } from '../../../i18n/use-translation';
import styles from './admin.module.css';
import { formatNumber } from './format';

/**
 * Previous / next through a paged admin list, with "41–60 of 312". Lists that count only so far
 * (orders, readers, audit) say "51–100 of 1,050+" and pass `hasNext` from their next cursor.
 */
export function Pager({
  page,
  pageSize,
  total,
  totalIsLowerBound = false,
  hasNext,
  position,
  shown,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalIsLowerBound?: boolean;
  hasNext?: boolean;
  /** Cursor lists: rows before this page and rows on it (a filtered reader page can be short). */
  position?: number;
  shown?: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const start = position ?? page * pageSize;
  const last = shown === undefined ? Math.min(total, (page + 1) * pageSize) : start + shown;
  const first = total === 0 || last === start ? 0 : start + 1;
  const numbers = { first: formatNumber(first), last: formatNumber(last), total: formatNumber(total) };
  const range = t(totalIsLowerBound ? 'pager.rangeAtLeast' : 'pager.range', numbers);
  return (
    <div className={styles.pager}>
      <span className={styles.muted}>{range}</span>
      <button type="button" className={styles.secondary} disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <button
        type="button"
        className={styles.secondary}
        disabled={hasNext === undefined ? last >= total : !hasNext}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </div>
  );
}
