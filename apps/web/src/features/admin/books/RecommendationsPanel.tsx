import type { AdminBookItem } from '@inkstream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { booksApi, move } from './books-api';
import local from './books.module.css';

type Entry = Pick<AdminBookItem, 'book_uuid' | 'title' | 'language'>;

/** The recommendation carousel: order it, add books from the list shown above, take books out; saved in one go. */
export function RecommendationsPanel({ candidates }: { candidates: AdminBookItem[] }) {
  const { t } = useTranslation('admin-books');
  const { t: tAdmin } = useTranslation('admin');
  const client = useQueryClient();
  const carousel = useQuery({ queryKey: ['admin', 'recommendations'], queryFn: booksApi.recommendations });
  const [draft, setDraft] = useState<Entry[] | null>(null);
  const [adding, setAdding] = useState('');
  useEffect(() => {
    if (carousel.data) setDraft(carousel.data.items);
  }, [carousel.data]);
  const save = useMutation({
    mutationFn: (entries: Entry[]) => booksApi.setRecommendations(entries.map((entry) => entry.book_uuid)),
    onSuccess: (data) => {
      client.setQueryData(['admin', 'recommendations'], data);
      void client.invalidateQueries({ queryKey: ['admin', 'books'] });
    },
  });
  const entries = draft ?? [];
  const addable = candidates.filter((book) => !entries.some((entry) => entry.book_uuid === book.book_uuid));

  return (
    <section className={styles.card} aria-labelledby="carousel-heading">
      <h2 id="carousel-heading">{t('carousel.title')}</h2>
      <p className={styles.muted}>{t('carousel.help')}</p>
      {entries.length === 0 && <p>{t('carousel.empty')}</p>}
      <ol className={local.list}>
        {entries.map((entry, index) => (
          <li key={entry.book_uuid}>
            <span lang={entry.language}>
              {index + 1}. <bdi>{entry.title}</bdi>
            </span>
            <span className={local.actions}>
              <button
                type="button"
                className={`${styles.secondary} ${local.small}`}
                disabled={index === 0}
                onClick={() => setDraft(move(entries, index, -1))}
              >
                {t('moveUp')}
                <span className="visually-hidden"> {entry.title}</span>
              </button>
              <button
                type="button"
                className={`${styles.secondary} ${local.small}`}
                disabled={index === entries.length - 1}
                onClick={() => setDraft(move(entries, index, 1))}
              >
                {t('moveDown')}
                <span className="visually-hidden"> {entry.title}</span>
              </button>
              <button
                type="button"
                className={`${styles.secondary} ${local.small}`}
                onClick={() => setDraft(entries.filter((other) => other.book_uuid !== entry.book_uuid))}
              >
                {t('carousel.remove')}
                <span className="visually-hidden"> {entry.title}</span>
              </button>
            </span>
          </li>
        ))}
      </ol>
      <div className={styles.filters}>
        <label>
          {t('carousel.add')}
          <select className={styles.input} value={adding} onChange={(event) => setAdding(event.target.value)}>
            <option value="">—</option>
            {addable.map((book) => (
              <option key={book.book_uuid} value={book.book_uuid}>
                {book.title}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={styles.secondary}
          disabled={!adding || entries.length >= 50}
          onClick={() => {
            const book = candidates.find((candidate) => candidate.book_uuid === adding);
            if (book) setDraft([...entries, book]);
            setAdding('');
          }}
        >
          {t('carousel.addButton')}
        </button>
        <button type="button" className={styles.button} disabled={save.isPending || !draft} onClick={() => save.mutate(entries)}>
          {tAdmin('save')}
        </button>
      </div>
      {save.isSuccess && (
        <p className={styles.success} role="status">
          {tAdmin('saved')}
        </p>
      )}
      <FormNotice message={save.error ? save.error.message : carousel.error ? carousel.error.message : null} />
    </section>
  );
}
