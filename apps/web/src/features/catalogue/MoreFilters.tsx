import { CONTENT_DESCRIPTORS } from '@inkstream/contracts/constants';
import { useTranslation } from '../../i18n/use-translation';
import { useTagLabel } from '../../components/use-tag-label';
import { HIDDEN_TAGS_MAX, tagParam, type BookListFilters, type BookStatus } from './book-list-rules';
import { useTags } from './use-book-search';
import styles from './MoreFilters.module.css';

type MoreFilterValues = Pick<BookListFilters, 'status' | 'freeOnly' | 'hidden' | 'included' | 'leaveOut'>;

interface MoreFiltersProps extends Omit<MoreFilterValues, 'included'> {
  /** Tags the books must all have: offered when given (the search page). */
  included?: string[];
  onChange: (change: Partial<MoreFilterValues>) => void;
}

const STATUSES = ['any', 'ongoing', 'completed'] as const;

/**
 * The filters beyond kind and tag, folded away until asked for (a native disclosure: keyboard and
 * screen readers know it): ongoing or completed, free chapters only, tags every book must have (on
 * the search page), and tags to leave out. The summary counts the filters in use, so a list
 * narrowed by them says so while folded. Inputs carry the URL's parameter names (status, free,
 * tags, hide), so inside a form they work as a plain GET before JavaScript runs.
 */
export function MoreFilters({ status, freeOnly, hidden, included, leaveOut, onChange }: MoreFiltersProps) {
  const { t } = useTranslation('books');
  const tagLabel = useTagLabel();
  const { data: tags } = useTags();
  const inUse = (status ? 1 : 0) + (freeOnly ? 1 : 0) + hidden.length + (included?.length ?? 0) + leaveOut.length;
  const toggleLeaveOut = (descriptor: string) =>
    onChange({
      leaveOut: leaveOut.includes(descriptor) ? leaveOut.filter((other) => other !== descriptor) : [...leaveOut, descriptor],
    });
  const toggled = (list: string[], tag: string) =>
    list.includes(tag) ? list.filter((other) => other !== tag) : [...list, tag].slice(0, HIDDEN_TAGS_MAX);
  const toggleHidden = (tag: string) => onChange({ hidden: toggled(hidden, tag) });
  const tagChoices = (name: 'tags' | 'hide', chosen: string[], toggle: (tag: string) => void) => (
    <div className={styles.tags}>
      {tags?.map((tag) => (
        <label key={tag} className={styles.choice}>
          <input type="checkbox" name={name} value={tagParam(tag)} checked={chosen.includes(tag)} onChange={() => toggle(tag)} />
          <bdi>{tagLabel(tag)}</bdi>
        </label>
      ))}
    </div>
  );

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
                name="status"
                value={option}
                checked={(status ?? 'any') === option}
                onChange={() => onChange({ status: option === 'any' ? undefined : (option as BookStatus) })}
              />
              {t(`filters.${option}`)}
            </label>
          ))}
        </fieldset>
        <label className={styles.choice}>
          <input
            type="checkbox"
            name="free"
            value="1"
            checked={freeOnly}
            onChange={(event) => onChange({ freeOnly: event.target.checked })}
          />
          {t('filters.freeOnly')}
        </label>
        {included && tags && tags.length > 0 && (
          <fieldset className={styles.group}>
            <legend>{t('filters.include')}</legend>
            {tagChoices('tags', included, (tag) => onChange({ included: toggled(included, tag) }))}
          </fieldset>
        )}
        {tags && tags.length > 0 && (
          <fieldset className={styles.group}>
            <legend>{t('filters.hide')}</legend>
            {tagChoices('hide', hidden, toggleHidden)}
          </fieldset>
        )}
        {/* Issue 61: content descriptors to leave out (the operator's words for what a book shows). */}
        <fieldset className={styles.group} aria-describedby="leave-out-hint">
          <legend>{t('contentFilters.descriptorsHeading')}</legend>
          <p id="leave-out-hint" className={styles.hint}>
            {t('contentFilters.descriptorsHint')}
          </p>
          <div className={styles.tags}>
            {CONTENT_DESCRIPTORS.map((descriptor) => (
              <label key={descriptor} className={styles.choice}>
                <input
                  type="checkbox"
                  name="leave_out"
                  value={descriptor}
                  checked={leaveOut.includes(descriptor)}
                  onChange={() => toggleLeaveOut(descriptor)}
                />
                {t(`common:contentRating.descriptors.${descriptor}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {inUse > 0 && (
          <button
            type="button"
            className={styles.reset}
            onClick={() =>
              onChange({ status: undefined, freeOnly: false, hidden: [], leaveOut: [], ...(included ? { included: [] } : {}) })
            }
          >
            {t('filters.reset')}
          </button>
        )}
      </div>
    </details>
  );
}
