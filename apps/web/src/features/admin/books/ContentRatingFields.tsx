import { CONTENT_DESCRIPTORS, CONTENT_RATINGS, type ContentDescriptorValue, type ContentRatingValue } from '@inkstream/contracts';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError } from '../shell/FieldError';
import type { FormErrors } from '../shell/form-errors';
import local from './books.module.css';

/** Issue 61: a book's content rating (a select) and content descriptors (checkboxes), with the server's errors next to them. */
export function ContentRatingFields({
  rating,
  descriptors,
  errors,
  onRating,
  onDescriptors,
}: {
  rating: ContentRatingValue;
  descriptors: ContentDescriptorValue[];
  errors: FormErrors;
  onRating: (rating: ContentRatingValue) => void;
  onDescriptors: (descriptors: ContentDescriptorValue[]) => void;
}) {
  const { t } = useTranslation('admin-books');
  const ratingError = errors.fields.content_rating;
  const descriptorError =
    errors.fields.content_descriptors ?? Object.entries(errors.fields).find(([field]) => field.startsWith('content_descriptors.'))?.[1];
  const toggle = (descriptor: ContentDescriptorValue) =>
    onDescriptors(
      descriptors.includes(descriptor)
        ? descriptors.filter((other) => other !== descriptor)
        : CONTENT_DESCRIPTORS.filter((other) => other === descriptor || descriptors.includes(other)),
    );

  return (
    <>
      <div className={`${styles.field} ${local.ratingField}`}>
        <label htmlFor="book-rating">{t('rating.label')}</label>
        <select
          id="book-rating"
          className={styles.input}
          value={rating}
          aria-invalid={ratingError ? true : undefined}
          aria-describedby={['book-rating-help', ratingError && 'content_rating-error'].filter(Boolean).join(' ')}
          onChange={(event) => onRating(event.target.value as ContentRatingValue)}
        >
          {CONTENT_RATINGS.map((value) => (
            <option key={value} value={value}>
              {t(`rating.${value}`)}
            </option>
          ))}
        </select>
        <span id="book-rating-help" className={styles.muted}>
          {t('rating.help')}
        </span>
        <FieldError id="content_rating-error" message={ratingError} />
      </div>
      <fieldset
        className={`${styles.field} ${local.descriptors}`}
        aria-describedby={['book-descriptors-help', descriptorError && 'content_descriptors-error'].filter(Boolean).join(' ')}
      >
        <legend>{t('descriptors.legend')}</legend>
        <p id="book-descriptors-help" className={`${styles.muted} ${local.fullRow}`}>
          {t('descriptors.help')}
        </p>
        {CONTENT_DESCRIPTORS.map((descriptor) => (
          <label key={descriptor}>
            <input type="checkbox" checked={descriptors.includes(descriptor)} onChange={() => toggle(descriptor)} />
            {t(`descriptors.${descriptor}`)}
          </label>
        ))}
      </fieldset>
      <FieldError id="content_descriptors-error" message={descriptorError} />
    </>
  );
}
