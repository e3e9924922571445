import { ADULT_BOOKS_MODES, type SiteSettings } from '@inkstream/contracts';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError } from '../shell/FieldError';
import type { FormErrors } from '../shell/form-errors';

export type ContentRatingDraft = Pick<SiteSettings, 'adult_books' | 'adult_books_for_others' | 'blur_mature_covers'>;
const FOR_OTHERS = ['hidden', 'blurred'] as const;

/**
 * Issue 61: who meets adult and mature books. Each control says what readers will see with its
 * current value; what others see of an adult book only matters once confirmed readers may see them.
 */
export function ContentRatingSettings({
  value,
  errors,
  onChange,
}: {
  value: ContentRatingDraft;
  errors: FormErrors;
  onChange: (change: Partial<ContentRatingDraft>) => void;
}) {
  const { t } = useTranslation('admin-settings');
  const id = useId();
  const described = (name: keyof ContentRatingDraft) =>
    [`${id}-${name}-help`, errors.fields[name] && `${id}-${name}-error`].filter(Boolean).join(' ');
  const othersEnabled = value.adult_books === 'confirmed_readers';

  return (
    <fieldset>
      <legend>{t('content_ratings.title')}</legend>
      <p className={styles.muted}>{t('content_ratings.intro')}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-adult_books`}>{t('adult_books.label')}</label>
        <select
          id={`${id}-adult_books`}
          className={styles.input}
          value={value.adult_books}
          aria-describedby={described('adult_books')}
          onChange={(event) => onChange({ adult_books: event.target.value as ContentRatingDraft['adult_books'] })}
        >
          {ADULT_BOOKS_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {t(`adult_books.${mode}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-adult_books-help`} className={styles.muted}>
          {t(`adult_books.help.${value.adult_books}`)}
        </p>
        <FieldError id={`${id}-adult_books-error`} message={errors.fields.adult_books} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-adult_books_for_others`}>{t('adult_books_for_others.label')}</label>
        <select
          id={`${id}-adult_books_for_others`}
          className={styles.input}
          value={value.adult_books_for_others}
          disabled={!othersEnabled}
          aria-describedby={described('adult_books_for_others')}
          onChange={(event) => onChange({ adult_books_for_others: event.target.value as ContentRatingDraft['adult_books_for_others'] })}
        >
          {FOR_OTHERS.map((mode) => (
            <option key={mode} value={mode}>
              {t(`adult_books_for_others.${mode}`)}
            </option>
          ))}
        </select>
        <p id={`${id}-adult_books_for_others-help`} className={styles.muted}>
          {othersEnabled ? t(`adult_books_for_others.help.${value.adult_books_for_others}`) : t('adult_books_for_others.help.unused')}
        </p>
        <FieldError id={`${id}-adult_books_for_others-error`} message={errors.fields.adult_books_for_others} />
      </div>
      <div className={styles.field}>
        <label>
          <input
            type="checkbox"
            checked={value.blur_mature_covers}
            aria-describedby={described('blur_mature_covers')}
            onChange={(event) => onChange({ blur_mature_covers: event.target.checked })}
          />{' '}
          {t('blur_mature_covers.label')}
        </label>
        <p id={`${id}-blur_mature_covers-help`} className={styles.muted}>
          {t('blur_mature_covers.help')}
        </p>
        <FieldError id={`${id}-blur_mature_covers-error`} message={errors.fields.blur_mature_covers} />
      </div>
    </fieldset>
  );
}
