import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { useTranslation } from '../../i18n/use-translation';
import { useBrowserValue } from '../../lib/browser-value';
import { isolate } from '../../lib/bidi';
import { searchPath } from '../../lib/search-path';
import { BookCard } from './BookCard';
import { PlaceholderGrid, SERVER_COLUMNS } from './BookGrid';
import type { BookListFilters } from './book-list-rules';
import { gridColumns } from './layout-rules';
import { searchPageLink } from './search-page-rules';
import { useNearViewport } from './use-near-viewport';
import { useSearchResults } from './use-search-results';
import gridStyles from './BookGrid.module.css';
import styles from './SearchResults.module.css';

// As the book list: the next page starts a little before the last card is on screen.
const PRELOAD_MARGIN = '0px 0px 400px 0px';

/** "Did you mean …?": the sentence translated around the corrected query, which is a link to its results. */
function DidYouMean({ query }: { query: string }) {
  const { t } = useTranslation('books');
  const MARK = '\u0000';
  const [before = '', after = ''] = t('searchPage.didYouMean', { query: MARK }).split(MARK);
  return (
    <p className={styles.didYouMean}>
      {before}
      <Link to={searchPath(query)} dir="auto">
        {query}
      </Link>
      {after}
    </p>
  );
}

/**
 * The search's results: their count, "did you mean" when there are none, the book list's cards
 * with the matched words marked, and more as the reader scrolls (the book list's infinite scroll).
 * Without JavaScript the server's page ends with plain links to the previous and next pages
 * (`?page=`); once the app runs, scrolling replaces the "Next page" link.
 */
export function SearchResults({ filters, startPage, labelledBy }: { filters: BookListFilters; startPage: number; labelledBy: string }) {
  const { t } = useTranslation('books');
  const [params] = useSearchParams();
  const { books, total, didYouMean, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    useSearchResults(filters, startPage);
  const { ref: sentinel, isNear } = useNearViewport<HTMLDivElement>(PRELOAD_MARGIN);
  const columns = useBrowserValue(() => gridColumns(window.innerWidth), SERVER_COLUMNS);
  const isInteractive = useBrowserValue(() => true, false);

  useEffect(() => {
    if (isNear && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [isNear, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const isDone = !isPending && !isError && !hasNextPage;
  return (
    <>
      {total !== undefined && (
        <p className={styles.count} role="status">
          {t('searchPage.count', { count: total })}
        </p>
      )}
      {total === 0 && didYouMean && <DidYouMean query={didYouMean} />}
      {isPending && <PlaceholderGrid count={columns * 2} />}
      {books.length > 0 && (
        <ul className={gridStyles.grid} aria-labelledby={labelledBy}>
          {books.map((book, index) => (
            <li key={book.book_uuid}>
              <BookCard book={book} isLargestPaint={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} className={gridStyles.status}>
        {(isPending || isFetchingNextPage) && <Loading />}
        {isDone && books.length > 0 && (
          <p className={gridStyles.end} role="status">
            {t('common:status.allLoaded')}
          </p>
        )}
        {total === 0 && !didYouMean && <p className={gridStyles.end}>{t('searchPage.noResults', { query: isolate(filters.q ?? '') })}</p>}
      </div>
      <nav className={styles.pages} aria-label={t('searchPage.pages')}>
        {startPage > 0 && (
          <a href={searchPageLink(params, startPage - 1)} rel="prev">
            {t('searchPage.previousPage')}
          </a>
        )}
        {/* Only the page the server rendered is loaded without JavaScript: the next one is startPage + 1. */}
        {!isInteractive && hasNextPage && (
          <a href={searchPageLink(params, startPage + 1)} rel="next">
            {t('searchPage.nextPage')}
          </a>
        )}
      </nav>
    </>
  );
}
