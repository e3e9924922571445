import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useBrowserValue } from '../../lib/browser-value';
import { Loading } from '../../components/Loading';
import { BookCard } from './BookCard';
import { BookCover } from '../../components/BookCover';
import type { BookListFilters } from './book-list-rules';
import { gridColumns } from './layout-rules';
import { useBookSearch } from './use-book-search';
import { useNearViewport } from './use-near-viewport';
import styles from './BookGrid.module.css';

// Start the next page a little before the last card is on screen, so scrolling rarely waits.
const PRELOAD_MARGIN = '0px 0px 400px 0px';

/** Empty card boxes while the first page loads, so the footer below does not jump when the cards arrive. */
export function PlaceholderGrid({ count }: { count: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className={styles.placeholder}>
          <BookCover src={null} />
        </li>
      ))}
    </ul>
  );
}

/** The columns the server renders for: a phone's (its first row is what a slow connection shows first). */
export const SERVER_COLUMNS = gridColumns(412);

/** The grid of book cards with infinite scroll and the list's states (spec section 4). */
export function BookGrid({ filters, labelledBy }: { filters: BookListFilters; labelledBy: string }) {
  const { t } = useTranslation('books');
  const { books, isPending, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = useBookSearch(filters);
  const { ref: sentinel, isNear } = useNearViewport<HTMLDivElement>(PRELOAD_MARGIN);
  // Placeholders fill two rows (the server renders for a phone's columns).
  const columns = useBrowserValue(() => gridColumns(window.innerWidth), SERVER_COLUMNS);

  // While the end of the list stays near the screen, keep loading; a failed page is not retried
  // in a loop (spec section 8: failures are only logged and the screen stays as it is).
  useEffect(() => {
    if (isNear && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [isNear, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const isDone = !isPending && !isError && !hasNextPage;
  return (
    <>
      {isPending && <PlaceholderGrid count={columns * 2} />}
      {books.length > 0 && (
        <ul className={styles.grid} aria-labelledby={labelledBy}>
          {books.map((book) => (
            <li key={book.book_uuid}>
              <BookCard book={book} />
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} className={styles.status}>
        {(isPending || isFetchingNextPage) && <Loading />}
        {isDone && (
          <p className={styles.end} role="status">
            {books.length > 0 ? t('common:status.allLoaded') : t('common:status.noContent')}
          </p>
        )}
      </div>
    </>
  );
}
