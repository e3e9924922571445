import { CONTENT_RATINGS } from '@inkstream/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { DataTable } from '../shell/DataTable';
import { FilterForm } from '../shell/FilterForm';
import { FilterSelect } from '../shell/FilterSelect';
import { formatDateTime, formatNumber } from '../shell/format';
import { useListParams } from '../shell/use-list-params';
import { booksApi, type BookListQuery } from './books-api';
import local from './books.module.css';
import { RatingBadge } from './RatingBadge';
import { RecommendationsPanel } from './RecommendationsPanel';

const PAGE_SIZE = 30;
const PUBLISHED = ['all', 'published', 'unpublished'] as const;

/** Every book, published or not, newest update first (a search: best match first); search and filters (publication, rating) live in the address. */
export function BookList() {
  const { t } = useTranslation('admin-books');
  const list = useListParams({
    filters: ['q', 'published', 'content_rating'],
    pageSize: PAGE_SIZE,
    paging: 'page',
    defaults: { published: 'all' },
    choices: { published: PUBLISHED, content_rating: CONTENT_RATINGS },
  });
  const books = useQuery({
    queryKey: ['admin', 'books', list.query],
    queryFn: () => booksApi.list(list.query as BookListQuery),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="books-heading">
      <div className={styles.heading}>
        <h1 id="books-heading">{t('title')}</h1>
        <Link className={styles.button} to="new">
          {t('new')}
        </Link>
      </div>
      <FilterForm onSubmit={list.apply} label={t('searchLandmark')} search>
        <label>
          {t('search')}
          <input className={styles.input} type="search" maxLength={100} {...list.field('q')} />
        </label>
        <label>
          {t('published.label')}
          <select className={styles.input} {...list.field('published')}>
            {PUBLISHED.map((value) => (
              <option key={value} value={value}>
                {t(`published.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <FilterSelect
          label={t('rating.label')}
          any={t('rating.any')}
          choices={CONTENT_RATINGS}
          choiceLabel={(rating) => t(`rating.${rating}`)}
          field={list.field('content_rating')}
        />
      </FilterForm>
      <DataTable
        label={t('title')}
        columns={[t('cover'), t('bookTitle'), t('type.label'), t('rating.label'), t('chapters.count'), t('state'), t('updatedAt')]}
        items={books.data?.items}
        rowKey={(book) => book.book_uuid}
        row={(book) => (
          <>
            <td>{book.cover_image ? <img className={local.thumb} src={book.cover_image} alt="" loading="lazy" /> : '—'}</td>
            <td>
              <Link to={book.book_uuid} lang={book.language}>
                <bdi>{book.title}</bdi>
              </Link>
              {book.author && <div className={styles.muted}>{book.author}</div>}
            </td>
            <td>
              {t(`type.${book.book_type}`)}
              {book.book_type === 'comic' && book.reading.direction === 'rtl' && (
                <div className={styles.muted}>{t('reading.directions.rtl')}</div>
              )}
            </td>
            <td>
              <RatingBadge rating={book.content_rating} />
            </td>
            <td>{formatNumber(book.chapter_count)}</td>
            <td>
              {book.is_published ? t('published.published') : t('published.unpublished')}
              {book.import_pending && <div className={styles.muted}>{t('importPending')}</div>}
              {book.recommendation_rank !== null && (
                <div className={styles.muted}>{t('carousel.rank', { rank: book.recommendation_rank })}</div>
              )}
            </td>
            <td>{formatDateTime(book.updated_at)}</td>
          </>
        )}
        error={books.error?.message}
        pager={books.data && list.pager(books.data)}
      />
      <RecommendationsPanel candidates={books.data?.items ?? []} />
    </section>
  );
}
