import { useTranslation } from '../../../i18n/use-translation';
import styles from './admin.module.css';

/** Previous / next through a paged admin list, with "41–60 of 312". */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <div className={styles.pager}>
      <span className={styles.muted}>{t('pager.range', { first, last, total })}</span>
      <button type="button" className={styles.secondary} disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <button type="button" className={styles.secondary} disabled={last >= total} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </div>
  );
}
