import type { AdminBookDetail, AdminBookReadingBody, BookReading, ReadingDirection, ReadingMode } from '@inkstream/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { booksApi } from './books-api';
import local from './books.module.css';

// The contract's values, listed here: the web imports only types from the contracts' root (its values bring the schemas along).
const DIRECTIONS: readonly ReadingDirection[] = ['ltr', 'rtl'];
const MODES: readonly ReadingMode[] = ['strip', 'single', 'double'];

/** Only what the operator changed: the PATCH leaves the other field as it is (another operator may have set it meanwhile). */
export function changedReading(saved: BookReading, draft: Partial<BookReading>): AdminBookReadingBody | null {
  const body: AdminBookReadingBody = {};
  if (draft.direction !== undefined && draft.direction !== saved.direction) body.direction = draft.direction;
  if (draft.mode !== undefined && draft.mode !== saved.mode) body.mode = draft.mode;
  return Object.keys(body).length > 0 ? body : null;
}

/**
 * A comic's reading settings (issue 45): the direction its pages turn in and the mode readers see
 * until they choose their own. The choices start at the book's saved values; Save sends only the
 * changed fields (PATCH /admin/books/{uuid}/reading, audited as book.reading).
 */
export function BookReadingSettings({ book, onSaved }: { book: AdminBookDetail; onSaved: (book: AdminBookDetail) => void }) {
  const { t } = useTranslation('admin-books');
  const { t: tAdmin } = useTranslation('admin');
  const id = useId();
  // Only the operator's unsaved choices: the rest follows the book as the server last said it.
  const [draft, setDraft] = useState<Partial<BookReading>>({});
  const save = useMutation({
    mutationFn: (body: AdminBookReadingBody) => booksApi.setReading(book.book_uuid, body),
    onSuccess: (saved) => {
      setDraft({});
      onSaved(saved);
    },
  });
  const shown: BookReading = { ...book.reading, ...draft };
  const changes = changedReading(book.reading, draft);
  const choose = (change: Partial<BookReading>) => {
    save.reset();
    setDraft((current) => ({ ...current, ...change }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changes) save.mutate(changes);
  };

  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('reading.title')}</h2>
      <p className={styles.muted}>{t('reading.help')}</p>
      <div className={local.grid}>
        <fieldset className={`${styles.field} ${local.choices}`}>
          <legend>{t('reading.direction')}</legend>
          {DIRECTIONS.map((direction) => (
            <label key={direction}>
              <input
                type="radio"
                name={`${id}-direction`}
                value={direction}
                checked={shown.direction === direction}
                onChange={() => choose({ direction })}
              />
              {t(`reading.directions.${direction}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className={`${styles.field} ${local.choices}`}>
          <legend>{t('reading.mode')}</legend>
          {MODES.map((mode) => (
            <label key={mode}>
              <input type="radio" name={`${id}-mode`} value={mode} checked={shown.mode === mode} onChange={() => choose({ mode })} />
              {t(`reading.modes.${mode}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <button type="submit" className={styles.button} disabled={!changes || save.isPending}>
        {tAdmin('save')}
      </button>
      {save.isSuccess && (
        <p className={styles.success} role="status">
          {tAdmin('saved')}
        </p>
      )}
      <FormNotice message={save.error ? save.error.message : null} />
    </form>
  );
}
