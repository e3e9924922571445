import type { BookSearchOrder } from '@inkstream/contracts/constants';
import { useTranslation } from '../../i18n/use-translation';
import styles from './SortTabs.module.css';

interface SortTabsProps {
  order: BookSearchOrder;
  /** The sorts offered (book-list-rules sortOptions: best match only while searching). */
  options: readonly BookSearchOrder[];
  onChange: (order: BookSearchOrder) => void;
}

/**
 * The sort tabs, built as a native radio group: arrow keys, focus and right-to-left order come
 * from the browser, and screen readers announce "1 of 2, selected". Inputs are named as the URL's
 * parameters, so in a form (the search page) they also work as a plain GET without JavaScript.
 */
export function SortTabs({ order, options, onChange }: SortTabsProps) {
  const { t } = useTranslation('books');
  return (
    <fieldset className={styles.tabs}>
      <legend className="visually-hidden">{t('sort.label')}</legend>
      {options.map((option) => (
        <label key={option} className={styles.tab}>
          <input type="radio" name="order" value={option} checked={option === order} onChange={() => onChange(option)} />
          <span>{t(`sort.${option}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

const KINDS = ['all', 'comic', 'novel'] as const;

/** All / Comics / Novels: the same native radio group as the sort tabs, filtered by the server. */
export function KindTabs({
  kind,
  onChange,
}: {
  kind: 'comic' | 'novel' | undefined;
  onChange: (kind: 'comic' | 'novel' | undefined) => void;
}) {
  const { t } = useTranslation('books');
  return (
    <fieldset className={styles.tabs}>
      <legend className="visually-hidden">{t('kind.label')}</legend>
      {KINDS.map((option) => (
        <label key={option} className={styles.tab}>
          <input
            type="radio"
            name="type"
            value={option}
            checked={option === (kind ?? 'all')}
            onChange={() => onChange(option === 'all' ? undefined : option)}
          />
          <span>{t(`kind.${option}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
