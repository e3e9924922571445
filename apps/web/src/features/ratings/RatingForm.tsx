import type { BookRatingSummary } from '@inkstream/contracts';
import { RATING_MAX, RATING_MIN, REVIEW_BODY_MAX } from '@inkstream/contracts/constants';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ratingErrorMessage } from './rating-errors';
import { formatDateTime } from '@inkstream/contracts/formats';
import { formatCount } from './rating-format';
import { useRatingWrites } from './use-ratings';
import styles from './BookRatings.module.css';

const SCORES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

interface RatingFormProps {
  bookUuid: string;
  userUuid: string;
  mine: BookRatingSummary['mine'];
}

/**
 * The reader's own rating: ten native radio buttons (arrow keys, focus and right-to-left order
 * come from the browser, screen readers hear "7, 7 of 10"), an optional review, save and withdraw.
 */
export function RatingForm({ bookUuid, userUuid, mine }: RatingFormProps) {
  const { t, i18n } = useTranslation('ratings');
  const id = useId();
  const [score, setScore] = useState<number | null>(mine?.score ?? null);
  const [review, setReview] = useState(mine?.review ?? '');
  const [saved, setSaved] = useState<'saved' | 'withdrawn' | null>(null);
  const { save, withdraw } = useRatingWrites(bookUuid, userUuid);
  const failure = save.error ?? withdraw.error;
  const formatDate = (iso: string) => formatDateTime(iso, i18n.language, { style: 'short' });
  const busy = save.isPending || withdraw.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score === null) return;
    withdraw.reset();
    save.mutate({ score, review }, { onSuccess: () => setSaved('saved') });
    setSaved(null);
  };
  const remove = () => {
    save.reset();
    setSaved(null);
    withdraw.mutate(undefined, {
      onSuccess: () => {
        setScore(null);
        setReview('');
        setSaved('withdrawn');
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.formHeading}>
        {mine ? t('form.yours', { score: formatCount(mine.score, i18n.language) }) : t('form.heading')}
      </h3>
      <fieldset className={styles.scores}>
        <legend className="visually-hidden">{t('form.scoreLegend')}</legend>
        {SCORES.map((value) => (
          <label key={value} className={styles.scoreOption}>
            <input
              type="radio"
              name={`${id}-score`}
              value={value}
              checked={score === value}
              onChange={() => setScore(value)}
              aria-label={t('form.scoreLabel', { score: value })}
            />
            <span aria-hidden="true">{formatCount(value, i18n.language)}</span>
          </label>
        ))}
      </fieldset>
      <label className={styles.reviewLabel} htmlFor={`${id}-review`}>
        {t('form.review')}
      </label>
      <textarea
        id={`${id}-review`}
        className={styles.review}
        value={review}
        maxLength={REVIEW_BODY_MAX}
        rows={3}
        dir="auto"
        onChange={(event) => setReview(event.target.value)}
      />
      {mine?.review_hidden && (
        // A moderator's decision is said as such, not as a wait (issue 40).
        <p className={styles.note}>{t(mine.review_hidden_by === 'moderator' ? 'form.reviewHiddenByModerator' : 'form.reviewHidden')}</p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={styles.save} disabled={score === null || busy}>
          {t('form.save')}
        </button>
        {mine && (
          <button type="button" className={styles.withdraw} onClick={remove} disabled={busy}>
            {t('form.withdraw')}
          </button>
        )}
      </div>
      <p role="status" className={styles.saved}>
        {saved === 'saved' ? t('form.saved') : saved === 'withdrawn' ? t('form.withdrawn') : ''}
      </p>
      {failure && (
        <p role="alert" className={styles.error}>
          {ratingErrorMessage(failure, t, formatDate)}
        </p>
      )}
    </form>
  );
}
