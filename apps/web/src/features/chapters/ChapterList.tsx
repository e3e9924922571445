import type { ChapterItem } from '@inkstream/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Loading } from '../../components/Loading';
import { ChapterCard, coinStateOf, type ChapterCoins } from './ChapterCard';
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
  isMember: boolean;
  /** Coins (issue 42): the book's price per chapter and the chapters the reader holds; absent when the book sells none. */
  coins?: ChapterCoins | undefined;
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
  isMember,
  coins,
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
            isMember={isMember}
            coins={coins && coinStateOf(chapter.chapter_uuid, coins)}
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
