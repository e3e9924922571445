import type { BookReading, BookType } from '@inkstream/contracts';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { decodeEntities } from '../../lib/decode-entities';
import { isRightToLeft, type Language } from '../../lib/language';
import { useOffline } from '../../lib/online';
import { useLanguage } from '../../i18n/use-language';
import { ChapterPages } from './ChapterPages';
import { ChapterText } from './ChapterText';
import { ChevronEnd, ChevronStart, Shrink } from './icons';
import { neighbourPath, type ChapterStep } from './reading-navigation';
import { lockedPlace } from './reading-notice';
import { ReadingBottomBar } from './ReadingBottomBar';
import { ReadingNotice } from './ReadingNotice';
import { ReadingTopBar } from './ReadingTopBar';
import { useChapterContent } from './use-chapter-content';
import { useArrowKeys, useSwipe } from './use-chapter-gestures';
import { useFullscreen } from './use-fullscreen';
import { resumeFromState } from '../../lib/resume-state';
import { flushProgress } from '../../lib/progress-sync';
import { usePositionMemory } from './use-position-memory';
import { useReadingChrome } from './use-reading-chrome';
import { ChapterEndCard } from './ChapterEndCard';
import { RentalNote } from '../coins';
import { ChapterComments } from '../comments';
import { ReadingSettingsPanel } from './modes/ReadingSettingsPanel';
import { useReadingSettings } from './modes/use-reading-settings';
import { arrivalFromState, arrivalState } from './paged/arrival-state';
import { pagedReaderComponent } from './paged/load-paged-reader';
import type { SharedPlace } from './shared-place';
import styles from './ReadingScreen.module.css';

interface Props {
  bookId: string;
  chapterUuid: string;
  chapterNumber: number;
}

/**
 * The reader shell: bars, fullscreen and navigation stay mounted across chapters (so the
 * browser's fullscreen survives "next chapter"); the chapter view (comic pages or novel text) is
 * keyed by chapter, so each chapter view starts its tracking afresh. Comics sit on a dark stage;
 * novels take the reader's theme (light, sepia, dark, or the system's scheme).
 */
export function ReadingScreen({ bookId, chapterUuid, chapterNumber }: Props) {
  const { t } = useTranslation('reader');
  const language = useLanguage();
  const isRtl = isRightToLeft(language);
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLElement>(null);
  const { isFullscreen, isNative, toggle, exit } = useFullscreen(root);
  // A reader may read a novel's text in another language it has (ChapterText offers them); that
  // choice holds for the chapters of this book they go on to.
  const [chosen, setChosen] = useState<{ bookId: string; language: Language } | null>(null);
  const contentLanguage = chosen?.bookId === bookId ? chosen.language : language;
  const chooseLanguage = useCallback((choice: Language) => setChosen({ bookId, language: choice }), [bookId]);
  const query = useChapterContent(chapterUuid, contentLanguage);
  const isOffline = useOffline();
  // A locked chapter's answer still says where it sits in its book: the reader moves on from it too.
  const locked = query.isError ? lockedPlace(query.error, chapterUuid) : undefined;
  // An address whose chapter belongs to another book is not a page of this site (the server's head says 404 too).
  const answeredBook = query.data?.book_uuid ?? locked?.book_uuid;
  const isWrongBook = !!answeredBook && answeredBook !== bookId.toLowerCase();
  const content = isWrongBook ? undefined : query.data;
  const place = isWrongBook ? undefined : (content ?? locked);
  const locationState: unknown = useLocation().state;
  const resume = resumeFromState(locationState);
  // The last book type seen keeps its look while the next chapter loads (no flash between themes).
  const [bookType, setBookType] = useState<BookType>();
  if (place && place.book_type !== bookType) setBookType(place.book_type);
  // The book's own reading settings, kept the same way (a locked chapter's answer does not carry them).
  const [bookReading, setBookReading] = useState<BookReading>();
  const answeredReading = content?.reading;
  if (answeredReading && (answeredReading.direction !== bookReading?.direction || answeredReading.mode !== bookReading.mode)) {
    setBookReading(answeredReading);
  }
  const readingSettings = useReadingSettings(bookId, bookReading);
  const isPaged = content?.book_type === 'comic' && readingSettings.comic.mode !== 'strip';
  // Chosen once: a component whose type changed between renders would lose the page it shows.
  const [PagedReader] = useState(pagedReaderComponent);
  // The page in view, shared by the strip and the paged reader: a change of mode keeps it.
  const sharedPlace = useRef<SharedPlace | null>(null);
  const { keepPlace } = usePositionMemory(content, main, root, resume, { paged: isPaged, place: sharedPlace });
  const toggleFullscreen = useCallback(() => keepPlace(toggle), [keepPlace, toggle]);
  useEffect(() => {
    // The bars (and the button just pressed) hide in fullscreen, which would leave the keys with the
    // document; the reader takes the focus so Space, Page Down, the arrows and End scroll it.
    if (isFullscreen) root.current?.focus({ preventScroll: true });
  }, [isFullscreen]);
  const exitFullscreen = useCallback(() => keepPlace(exit), [keepPlace, exit]);
  const chrome = useReadingChrome(main, root, chapterUuid);
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      // Leaving the reader: send the last place now, and let the book page and home ask again.
      void flushProgress();
      void queryClient.invalidateQueries({ queryKey: ['reading-progress'] });
      void queryClient.invalidateQueries({ queryKey: ['library'] });
    },
    [queryClient],
  );

  const step = useCallback(
    (direction: ChapterStep) => {
      const path = place && neighbourPath(bookId, place, direction);
      if (path) navigate(path);
    },
    [bookId, place, navigate],
  );
  // In pages, keys and swipes turn pages (the paged reader's own), and leave the chapter only at its ends.
  useArrowKeys(step, isRtl, !isPaged);
  const swipe = useSwipe(step, isRtl);
  const leavePages = useCallback(
    (direction: ChapterStep, focus: boolean) => {
      const path = place && neighbourPath(bookId, place, direction);
      // "Previous" at the first page opens the previous chapter at its last page.
      if (path) navigate(path, { state: arrivalState({ at: direction === 'previous' ? 'end' : 'start', focus }) });
    },
    [bookId, place, navigate],
  );
  const [pagedProgress, setPagedProgress] = useState(0);
  const toggleBars = chrome.onTap;
  const showBars = useCallback(() => toggleBars(null), [toggleBars]);

  useEffect(() => {
    // A new chapter starts at its first page (the router keeps the old scroll position).
    window.scrollTo(0, 0);
    if (root.current) root.current.scrollTop = 0; // the reader element scrolls itself in fullscreen
  }, [chapterUuid]);

  const bookTitle = place ? decodeEntities(place.title) : '';
  const chapterTitle =
    (place && decodeEntities(place.chapter_title).trim()) ||
    (Number.isFinite(chapterNumber) ? t('chapterNumber', { number: chapterNumber }) : t('common:status.unknownChapter'));
  useEffect(() => {
    document.title = bookTitle ? `${chapterTitle} – ${bookTitle}` : `${chapterTitle} – ${t('common:siteName')}`;
  }, [chapterTitle, bookTitle, t]);

  const canGoPrevious = !!place?.prev_chapter_uuid;
  const canGoNext = !!place?.next_chapter_uuid;
  const className = [
    styles.reader,
    bookType === 'novel' && styles.novel,
    isFullscreen && styles.fullscreen,
    isNative && styles.native,
    chrome.barsHidden && styles.barsHidden,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    // data-theme: the novel's theme (ReadingScreen.module.css); comics keep their dark stage.
    <div ref={root} className={className} tabIndex={-1} data-theme={bookType === 'novel' ? readingSettings.novel.theme : undefined}>
      <ReadingTopBar
        bookId={bookId}
        bookTitle={bookTitle}
        chapterTitle={chapterTitle}
        canGoPrevious={canGoPrevious}
        canGoNext={canGoNext}
        isFullscreen={isFullscreen}
        onStep={step}
        onToggleFullscreen={toggleFullscreen}
        settingsButton={<ReadingSettingsPanel settings={readingSettings} bookType={bookType} book={bookReading} />}
      />
      <div className={styles.progress} aria-hidden="true">
        <span style={{ transform: `scaleX(${isPaged ? pagedProgress : chrome.progress})` }} />
      </div>
      <main
        id="main"
        ref={main}
        className={styles.content}
        {...(isPaged ? {} : swipe)}
        // The paged reader's middle third shows and hides the bars itself.
        onClick={isPaged ? undefined : (event) => chrome.onTap(event.target)}
      >
        {/* Issue 59: a rented chapter says until when. */}
        {content && <RentalNote bookUuid={content.book_uuid} chapterUuid={content.chapter_uuid} />}
        {query.isPending ? (
          <Loading />
        ) : isWrongBook ? (
          <NotFound kind="chapter" />
        ) : query.isError ? (
          <ReadingNotice
            error={query.error}
            bookId={bookId}
            chapterNumber={locked?.chapter_number ?? chapterNumber}
            place={locked}
            onRetry={() => void query.refetch()}
          />
        ) : query.data.book_type === 'novel' ? (
          <ChapterText
            key={chapterUuid}
            content={query.data}
            language={language}
            scrollRoot={root}
            settings={readingSettings}
            onChooseLanguage={chooseLanguage}
          />
        ) : isPaged ? (
          <Suspense fallback={<Loading />}>
            <PagedReader
              key={chapterUuid}
              content={query.data}
              settings={readingSettings.comic}
              language={language}
              resume={resume}
              arrival={arrivalFromState(locationState)}
              place={sharedPlace}
              onLeave={leavePages}
              onMenu={showBars}
              onProgress={setPagedProgress}
            />
          </Suspense>
        ) : (
          <ChapterPages key={chapterUuid} content={query.data} language={language} scrollRoot={root} />
        )}
        {content && <ChapterEndCard key={`end-${chapterUuid}`} content={content} language={contentLanguage} onStep={step} />}
        {/* Without a connection (a saved chapter, issue 47) there are no comments to show, only a wait. */}
        {content && !isOffline && <ChapterComments key={`comments-${chapterUuid}`} chapterUuid={chapterUuid} />}
      </main>
      <ReadingBottomBar content={content} place={place} language={contentLanguage} onStep={step} />
      {isFullscreen && (
        // The bars are hidden in fullscreen; these stay within reach (and Escape leaves too).
        <div className={styles.floating}>
          <button
            type="button"
            className={styles.floatingButton}
            disabled={!canGoPrevious}
            aria-label={t('previousChapter')}
            onClick={() => step('previous')}
          >
            <ChevronStart />
          </button>
          <button type="button" className={styles.floatingButton} aria-label={t('exitFullscreen')} onClick={exitFullscreen}>
            <Shrink />
          </button>
          <button
            type="button"
            className={styles.floatingButton}
            disabled={!canGoNext}
            aria-label={t('nextChapter')}
            onClick={() => step('next')}
          >
            <ChevronEnd />
          </button>
        </div>
      )}
    </div>
  );
}
