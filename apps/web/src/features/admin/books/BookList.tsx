import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { formatDateTime, formatNumber } from '../shell/format';
import { Pager } from '../shell/Pager';
import { booksApi, type BookListQuery } from './books-api';
import local from './books.module.css';
import { RecommendationsPanel } from './RecommendationsPanel';
import { ScrollRegion } from '../shell/ScrollRegion';

const PAGE_SIZE = 30;
const PUBLISHED = ['all', 'published', 'unpublished'] as const;

/** Every book, published or not, newest update first; search and filters live in the address. */
export function BookList() {
  const { t } = useTranslation('admin-books');
  const { t: tAdmin } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 0) || 0;
  const published = (PUBLISHED as readonly string[]).includes(params.get('published') ?? '')
    ? (params.get('published') as BookListQuery['published'])
    : 'all';
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState({ q, published });
  const books = useQuery({
    queryKey: ['admin', 'books', page, q, published],
    queryFn: () => booksApi.list({ page, page_size: PAGE_SIZE, q: q || undefined, published }),
    placeholderData: keepPreviousData,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.q.trim()) next.set('q', draft.q.trim());
    if (draft.published && draft.published !== 'all') next.set('published', draft.published);
    setParams(next);
  };

  return (
    <section aria-labelledby="books-heading">
      <div className={styles.heading}>
        <h1 id="books-heading">{t('title')}</h1>
        <Link className={styles.button} to="new">
          {t('new')}
        </Link>
      </div>
      <form className={styles.filters} onSubmit={apply} role="search" aria-label={t('searchLandmark')}>
        <label>
          {t('search')}
          <input
            className={styles.input}
            type="search"
            value={draft.q}
            maxLength={100}
            onChange={(event) => setDraft((current) => ({ ...current, q: event.target.value }))}
          />
        </label>
        <label>
          {t('published.label')}
          <select
            className={styles.input}
            value={draft.published}
            onChange={(event) => setDraft((current) => ({ ...current, published: event.target.value as BookListQuery['published'] }))}
          >
            {PUBLISHED.map((value) => (
              <option key={value} value={value}>
                {t(`published.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.button}>
          {tAdmin('filter')}
        </button>
      </form>
      <FormNotice message={books.error ? books.error.message : null} />
      <ScrollRegion label={t('title')}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('cover')}</th>
              <th scope="col">{t('bookTitle')}</th>
              <th scope="col">{t('type.label')}</th>
              <th scope="col">{t('chapters.count')}</th>
              <th scope="col">{t('state')}</th>
              <th scope="col">{t('updatedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {books.data?.items.map((book) => (
              <tr key={book.book_uuid}>
                <td>{book.cover_image ? <img className={local.thumb} src={book.cover_image} alt="" loading="lazy" /> : '—'}</td>
                <td>
                  <Link to={book.book_uuid} lang={book.language}>
                    <bdi>{book.title}</bdi>
                  </Link>
                  {book.author && <div className={styles.muted}>{book.author}</div>}
                </td>
                <td>{t(`type.${book.book_type}`)}</td>
                <td>{formatNumber(book.chapter_count)}</td>
                <td>
                  {book.is_published ? t('published.published') : t('published.unpublished')}
                  {book.import_pending && <div className={styles.muted}>{t('importPending')}</div>}
                  {book.recommendation_rank !== null && (
                    <div className={styles.muted}>{t('carousel.rank', { rank: book.recommendation_rank })}</div>
                  )}
                </td>
                <td>{formatDateTime(book.updated_at)}</td>
              </tr>
            ))}
            {books.data?.items.length === 0 && (
              <tr>
                <td colSpan={6}>{tAdmin('empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {books.data && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={books.data.total}
          onPage={(next) =>
            setParams((current) => {
              const copy = new URLSearchParams(current);
              copy.set('page', String(next));
              return copy;
            })
          }
        />
      )}
      <RecommendationsPanel candidates={books.data?.items ?? []} />
    </section>
  );
}
