import type { ChapterItem } from '@inkstream/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { readingApi } from '../../lib/api-reading';
import { readerPath } from '@inkstream/contracts/routes';
import { useLanguage } from '../../i18n/use-language';
import { resumeLink } from './resume-link';
import { FollowButton } from './FollowButton';
import { AddToList } from './AddToList';
import { StatusPicker } from './StatusPicker';
import { BookSaveMenu } from '../offline';
import { useBookProgress } from './use-book-progress';
import styles from './BookActions.module.css';

/**
 * The book page's one primary action, "Start reading: Chapter 1" or "Continue: Chapter 67" at the
 * remembered place, and the Follow button (a visitor is asked to log in first, then comes back).
 */
interface Props {
  bookUuid: string;
  totalChapters: number;
  /** Chapter 1 when the list on screen already holds it (oldest first, first page): no request then. */
  firstChapter: ChapterItem | undefined;
}

export function BookActions({ bookUuid, totalChapters, firstChapter }: Props) {
  const { t } = useTranslation('chapters');
  const language = useLanguage();
  const progress = useBookProgress(bookUuid);
  const first = useQuery({
    queryKey: ['first-chapter', bookUuid, language],
    queryFn: () => readingApi.chapters(bookUuid, language, 'asc', 0, 1).then((book) => book.chapters[0] ?? null),
    enabled: totalChapters > 0 && !firstChapter && progress.isSuccess && !progress.data.resume,
  });
  const resume = progress.data?.resume;
  const opening = firstChapter ?? first.data;
  // Until the reader's place is known the button keeps its space empty: no "Start" that turns into "Continue".
  const start = progress.isPending
    ? null
    : resume
      ? resumeLink(bookUuid, resume)
      : opening
        ? { to: readerPath(bookUuid, opening), state: null }
        : null;

  return (
    <div className={styles.actions}>
      {start ? (
        <Link className={styles.primary} to={start.to} state={start.state}>
          {resume ? t('actions.continue', { number: resume.chapter_number }) : t('actions.start', { number: opening?.chapter_number ?? 1 })}
        </Link>
      ) : (
        totalChapters > 0 && <span className={`${styles.primary} ${styles.placeholder}`} aria-hidden="true" />
      )}
      <FollowButton bookUuid={bookUuid} />
      {/* Issue 61: reading, plan to read, … (signed-in readers). */}
      <StatusPicker bookUuid={bookUuid} />
      <AddToList bookUuid={bookUuid} />
      {/* Issue 47: the next chapters from where the reader is, saved for reading offline. */}
      <BookSaveMenu bookUuid={bookUuid} fromNumber={resume?.chapter_number ?? opening?.chapter_number ?? 1} totalChapters={totalChapters} />
    </div>
  );
}
