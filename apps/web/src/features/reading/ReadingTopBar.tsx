import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { useChapterListPath } from '../chapters';
import { ArrowBack, ChevronEnd, ChevronStart, Expand, Shrink } from './icons';
import type { ChapterStep } from './reading-navigation';
import styles from './ReadingScreen.module.css';

interface Props {
  bookId: string;
  bookTitle: string;
  chapterTitle: string;
  canGoPrevious: boolean;
  canGoNext: boolean;
  isFullscreen: boolean;
  onStep(step: ChapterStep): void;
  onToggleFullscreen(): void;
  /** The reading settings button (modes/ReadingSettingsPanel.tsx), before the fullscreen toggle. */
  settingsButton?: ReactNode;
}

/** Back to the chapter list, the titles, previous / next arrows, the reading settings and the fullscreen toggle. */
export function ReadingTopBar({
  bookId,
  bookTitle,
  chapterTitle,
  canGoPrevious,
  canGoNext,
  isFullscreen,
  onStep,
  onToggleFullscreen,
  settingsButton,
}: Props) {
  const { t } = useTranslation('reader');
  // The list as the reader left it (its order and page), as the browser's Back shows it.
  const back = useChapterListPath(bookId);
  return (
    <header className={styles.topBar}>
      <Link to={back} className={styles.iconButton} aria-label={t('back')} title={t('back')}>
        <ArrowBack />
      </Link>
      <div className={styles.titles}>
        {bookTitle && (
          <p className={styles.bookTitle} dir="auto">
            {bookTitle}
          </p>
        )}
        <h1 className={styles.chapterTitle} dir="auto">
          {chapterTitle}
        </h1>
      </div>
      <button
        type="button"
        className={styles.iconButton}
        disabled={!canGoPrevious}
        aria-label={t('previousChapter')}
        title={t('previousChapter')}
        onClick={() => onStep('previous')}
      >
        <ChevronStart />
      </button>
      <button
        type="button"
        className={styles.iconButton}
        disabled={!canGoNext}
        aria-label={t('nextChapter')}
        title={t('nextChapter')}
        onClick={() => onStep('next')}
      >
        <ChevronEnd />
      </button>
      {settingsButton}
      <button
        type="button"
        className={styles.iconButton}
        aria-pressed={isFullscreen}
        aria-label={t('fullscreen')}
        title={isFullscreen ? t('exitFullscreen') : t('fullscreen')}
        onClick={onToggleFullscreen}
      >
        {isFullscreen ? <Shrink /> : <Expand />}
      </button>
    </header>
  );
}
