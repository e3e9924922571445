import type { ChapterItem, OfflineChapterCheck } from '@inkstream/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Loading } from '../../components/Loading';
import { SaveChapterButton, useSavedChapters, type SaveBook } from '../offline';
import { chapterBadgeOf, mayTryToSave, type ChapterCoins } from './chapter-badge';
import { ChapterCard } from './ChapterCard';
import { CHAPTER_PAGE_SIZE } from './chapter-pages';
import { isFinishedChapter } from './use-book-progress';
import { useOnVisible } from './use-on-visible';
import styles from './ChapterList.module.css';

interface Props {
  bookId: string;
  chapters: ChapterItem[];
  /** The page the list starts at (the chapters' own pages follow from it). */
  firstPage: number;
  finishedChapters: readonly (readonly [number, number])[] | undefined;
  /** The server's answer for this reader, per chapter (use-chapter-access.ts). */
  access: ReadonlyMap<string, OfflineChapterCheck>;
  /** Coins (issue 42): the book's price per chapter; absent when the book sells none. */
  coins?: ChapterCoins | undefined;
  /** The book as saving for offline needs it (issue 47): each chapter gets its button or saved mark. */
  saveBook?: SaveBook | undefined;
  onOpenChapter(page: number): void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage(): void;
}

/** Collapsed, the list shows one page and stops loading; expanded (the default), it scrolls on. */
const COLLAPSED_COUNT = CHAPTER_PAGE_SIZE;

export function ChapterList({
  bookId,
  chapters,
  firstPage,
  finishedChapters,
  access,
  coins,
  saveBook,
  onOpenChapter,
  hasNextPage,
  isFetchingNextPage,
  nextPageFailed,
  fetchNextPage,
}: Props) {
  const { t } = useTranslation('chapters');
  const listId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(true);
  const canLoad = expanded && hasNextPage && !isFetchingNextPage && !nextPageFailed;
  useOnVisible(sentinel, fetchNextPage, canLoad);
  const saved = useSavedChapters(saveBook?.book_uuid);
  const savedUuids = new Set(saved.data?.map((chapter) => chapter.chapter_uuid));

  if (chapters.length === 0) return <p className={styles.status}>{t('common:status.noChapters')}</p>;

  const visible = expanded ? chapters : chapters.slice(0, COLLAPSED_COUNT);
  const canToggle = chapters.length > COLLAPSED_COUNT || hasNextPage;
  const toggle = () => {
    // Collapsing from far down the list would leave the reader in empty space: bring the list back.
    if (expanded) listRef.current?.scrollIntoView({ block: 'nearest' });
    setExpanded(!expanded);
  };

  return (
    <>
      <ol id={listId} ref={listRef} className={styles.list}>
        {visible.map((chapter, index) => (
          <ChapterCard
            key={chapter.chapter_uuid}
            bookId={bookId}
            chapter={chapter}
            isFinished={isFinishedChapter(chapter.chapter_number, finishedChapters)}
            badge={chapterBadgeOf(chapter, access.get(chapter.chapter_uuid), coins)}
            action={
              saveBook &&
              (savedUuids.has(chapter.chapter_uuid) || mayTryToSave(access.get(chapter.chapter_uuid))) && (
                <SaveChapterButton book={saveBook} chapter={chapter} isSaved={savedUuids.has(chapter.chapter_uuid)} />
              )
            }
            onOpen={() => onOpenChapter(firstPage + Math.floor(index / CHAPTER_PAGE_SIZE))}
          />
        ))}
      </ol>
      {expanded && hasNextPage && <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />}
      {isFetchingNextPage && <Loading />}
      {nextPageFailed && (
        <p className={styles.status}>
          {t('common:status.error')}{' '}
          <button type="button" className={styles.textButton} onClick={fetchNextPage}>
            {t('retry')}
          </button>
        </p>
      )}
      {expanded && !hasNextPage && chapters.length > COLLAPSED_COUNT && <p className={styles.status}>{t('common:status.allLoaded')}</p>}
      {canToggle && (
        <button type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={listId} onClick={toggle}>
          {expanded ? t('collapse') : t('more')}
        </button>
      )}
    </>
  );
}
