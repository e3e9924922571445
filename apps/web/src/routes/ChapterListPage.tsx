import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import type { BookChapters } from '@inkstream/contracts';
import type { ChapterDirection } from '@inkstream/contracts/constants';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { Loading } from '../components/Loading';
import { NotFound } from '../components/NotFound';
import { BookActions } from '../features/chapters/BookActions';
import { AgeGate, isAgeRefusal } from '../features/chapters/AgeGate';
import { BookHeader } from '../features/chapters/BookHeader';
import { chapterListState, type ChapterListState } from '../features/chapters/chapter-list-state';
import { rememberChapterList } from '../features/chapters/list-address';
import { useBookProgress } from '../features/chapters/use-book-progress';
import { ChapterList } from '../features/chapters/ChapterList';
import { ChapterListControls } from '../features/chapters/ChapterListControls';
import { useBookChapters } from '../features/chapters/use-book-chapters';
import { useOpenBookEvent } from '../features/chapters/use-open-book-event';
import { useChapterAccess } from '../features/chapters/use-chapter-access';
import { BookCoins, useBookUnlocks } from '../features/coins';
import { AlsoReadRow } from '../features/discovery';
import { RatingsDisclosure } from '../features/ratings';
import { ApiError } from '../lib/api-client';
import { decodeEntities } from '../lib/decode-entities';
import { useOffline } from '../lib/online';
import styles from '../features/chapters/ChapterListScreen.module.css';

// Issue 47: without a connection, the book's chapters saved in this browser instead of an error.
const SavedBookChapters = lazy(() => import('../features/offline/SavedBookChapters'));

/** Chapter list of a book (spec section 2): book details, sort, page jump and an infinite list of chapters. */
export default function ChapterListPage() {
  const { id = '' } = useParams();
  // Remount per book so the direction, page and collapse state start over on another book.
  return <ChapterListScreen key={id} bookId={id} />;
}

function ChapterListScreen({ bookId }: { bookId: string }) {
  const { t } = useTranslation('chapters');
  // Order and page live in the address, so Back from the reader and shared links land on the same list.
  const [params, setParams] = useSearchParams();
  const { direction, startPage } = chapterListState(params);
  const setListState = (next: ChapterListState) =>
    setParams(next.direction === 'asc' && next.startPage === 0 ? {} : { order: next.direction, page: String(next.startPage + 1) }, {
      replace: true,
      preventScrollReset: true,
    });
  // The reader's back arrow comes back to this order and page (list-address.ts).
  useEffect(() => rememberChapterList(bookId, { direction, startPage }), [bookId, direction, startPage]);
  const query = useBookChapters(bookId, direction, startPage);
  const progress = useBookProgress(bookId);
  // Coins (issue 42): the reader's unlocks of this book, only while the site has coins on.
  const unlocks = useBookUnlocks(query.data?.pages[0]?.book_uuid);
  const coinOffer = unlocks.data?.offered ? unlocks.data : undefined;
  const sectionRef = useRef<HTMLElement>(null);

  // A new direction or page is a new query; keep showing the book meanwhile, it does not change.
  const lastBook = useRef<BookChapters | undefined>(undefined);
  const book = query.data?.pages[0] ?? lastBook.current;
  useEffect(() => {
    if (query.data?.pages[0]) lastBook.current = query.data.pages[0];
  }, [query.data]);

  useOpenBookEvent(book?.book_uuid);

  useEffect(() => {
    if (book) document.title = `${decodeEntities(book.book_title)} – ${t('common:siteName')}`;
  }, [book, t]);

  useEffect(() => {
    // Spec section 8: chapter list failures are logged; the screen stays as it is.
    if (query.error) console.error('chapter list failed', query.error);
  }, [query.error]);

  const changeDirection = (next: ChapterDirection) => setListState({ direction: next, startPage: 0 });
  const jump = (page: number) => {
    setListState({ direction, startPage: page });
    sectionRef.current?.scrollIntoView({ block: 'start' });
  };
  // Opening a chapter far down the list first makes its page the list's start, so Back shows it.
  const rememberPage = (page: number) => {
    if (page !== startPage) setListState({ direction, startPage: page });
  };

  const chapters = query.data?.pages.flatMap((page) => page.chapters) ?? [];
  // What the server says of each listed chapter for this reader: the badges and save buttons follow it.
  const access = useChapterAccess(book?.book_uuid, chapters);
  // An unknown book (or a malformed id) is answered 404/400: nothing to retry.
  const isMissing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  // Issue 61: an adult book this reader has not confirmed their age for: the gate, not an error.
  const isAgeGated = isAgeRefusal(query.error);
  // No answer and no connection (the query waits for one, or failed on the way): what is saved of the book.
  const isOfflineWithoutBook = useOffline() && !book;

  return (
    <article>
      <Link to={PAGE_PATTERNS.home} className={styles.back}>
        <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d="M15 5l-7 7 7 7" />
        </svg>
        {t('back')}
      </Link>
      {isOfflineWithoutBook && (
        <Suspense fallback={<Loading />}>
          <SavedBookChapters bookUuid={bookId} />
        </Suspense>
      )}
      {book ? <BookHeader book={book} /> : query.isPending && !isOfflineWithoutBook && <Loading />}
      {book && (
        <BookActions
          bookUuid={book.book_uuid}
          totalChapters={book.total_chapters}
          firstChapter={direction === 'asc' && startPage === 0 ? chapters[0] : undefined}
        />
      )}
      {book && coinOffer && <BookCoins bookUuid={book.book_uuid} unlocks={coinOffer} chapters={chapters} />}
      {book && <RatingsDisclosure bookUuid={book.book_uuid} ratingCount={book.rating_count} />}
      {book && <AlsoReadRow bookUuid={book.book_uuid} />}
      {isMissing && <NotFound kind="book" />}
      {isAgeGated && <AgeGate />}
      {query.isError && !query.data && !isMissing && !isAgeGated && !isOfflineWithoutBook && (
        <div className={styles.error} role="alert">
          <p>{t('common:status.error')}</p>
          <button type="button" className={styles.retry} onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}
      {book && (
        <section ref={sectionRef} aria-labelledby="chapter-list-heading">
          <ChapterListControls
            direction={direction}
            totalChapters={book.total_chapters}
            startPage={startPage}
            onDirection={changeDirection}
            onJump={jump}
            heading={
              <h2 id="chapter-list-heading" className={styles.heading}>
                {t('chapters')}
              </h2>
            }
          />
          {query.isPending ? (
            <Loading />
          ) : (
            query.data && (
              <ChapterList
                bookId={bookId}
                chapters={chapters}
                firstPage={startPage}
                finishedChapters={progress.data?.finished_chapters}
                access={access}
                coins={coinOffer && { price: coinOffer.price, chapterPrices: coinOffer.chapter_prices }}
                saveBook={{ book_uuid: book.book_uuid, title: book.book_title, book_type: book.book_type, cover_image: book.cover_image }}
                onOpenChapter={rememberPage}
                hasNextPage={query.hasNextPage}
                isFetchingNextPage={query.isFetchingNextPage}
                nextPageFailed={query.isFetchNextPageError}
                fetchNextPage={() => void query.fetchNextPage()}
              />
            )
          )}
        </section>
      )}
    </article>
  );
}
