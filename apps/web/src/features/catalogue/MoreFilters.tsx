import { useTranslation } from '../../i18n/use-translation';
import { useTagLabel } from '../../components/use-tag-label';
import { HIDDEN_TAGS_MAX, type BookListFilters, type BookStatus } from './book-list-rules';
import { useTags } from './use-book-search';
import styles from './MoreFilters.module.css';

type MoreFilterValues = Pick<BookListFilters, 'status' | 'freeOnly' | 'hidden'>;

interface MoreFiltersProps extends MoreFilterValues {
  onChange: (change: Partial<MoreFilterValues>) => void;
}

const STATUSES = ['any', 'ongoing', 'completed'] as const;

/**
 * The filters beyond kind and tag, folded away until asked for (a native disclosure: keyboard and
 * screen readers know it): ongoing or completed, free chapters only, and tags to leave out. The
 * summary counts the filters in use, so a list narrowed by them says so while folded.
 */
export function MoreFilters({ status, freeOnly, hidden, onChange }: MoreFiltersProps) {
  const { t } = useTranslation('books');
  const tagLabel = useTagLabel();
  const { data: tags } = useTags();
  const inUse = (status ? 1 : 0) + (freeOnly ? 1 : 0) + hidden.length;
  const toggleHidden = (tag: string) =>
    onChange({ hidden: hidden.includes(tag) ? hidden.filter((other) => other !== tag) : [...hidden, tag].slice(0, HIDDEN_TAGS_MAX) });

  return (
    <details className={styles.more}>
      <summary className={styles.summary}>{inUse > 0 ? t('filters.moreInUse', { count: inUse }) : t('filters.more')}</summary>
      <div className={styles.panel}>
        <fieldset className={styles.group}>
          <legend>{t('filters.status')}</legend>
          {STATUSES.map((option) => (
            <label key={option} className={styles.choice}>
              <input
                type="radio"
                name="book-status"
                value={option}
                checked={(status ?? 'any') === option}
                onChange={() => onChange({ status: option === 'any' ? undefined : (option as BookStatus) })}
              />
              {t(`filters.${option}`)}
            </label>
          ))}
        </fieldset>
        <label className={styles.choice}>
          <input type="checkbox" checked={freeOnly} onChange={(event) => onChange({ freeOnly: event.target.checked })} />
          {t('filters.freeOnly')}
        </label>
        {tags && tags.length > 0 && (
          <fieldset className={styles.group}>
            <legend>{t('filters.hide')}</legend>
            <div className={styles.tags}>
              {tags.map((tag) => (
                <label key={tag} className={styles.choice}>
                  <input type="checkbox" checked={hidden.includes(tag)} onChange={() => toggleHidden(tag)} />
                  <bdi>{tagLabel(tag)}</bdi>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {inUse > 0 && (
          <button type="button" className={styles.reset} onClick={() => onChange({ status: undefined, freeOnly: false, hidden: [] })}>
            {t('filters.reset')}
          </button>
        )}
      </div>
    </details>
  );
}
