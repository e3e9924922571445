import type { ChapterContent } from '@inkstream/contracts';
import { useTranslation } from '../../i18n/use-translation';
import type { Language } from '../../lib/language';
import { ChevronEnd, ChevronStart } from './icons';
import { LikeButton } from './LikeButton';
import type { ChapterStep } from './reading-navigation';
import styles from './ReadingScreen.module.css';

interface Props {
  content: ChapterContent | undefined;
  /** The chapter's neighbours: from its content, or from a locked chapter's answer. */
  place: Pick<ChapterContent, 'prev_chapter_uuid' | 'next_chapter_uuid'> | undefined;
  language: Language;
  onStep(step: ChapterStep): void;
}

/** Previous chapter, like, next chapter; the neighbours are disabled at either end of the book. */
export function ReadingBottomBar({ content, place, language, onStep }: Props) {
  const { t } = useTranslation('reader');
  return (
    <nav className={styles.bottomBar} aria-label={t('controls')}>
      <button type="button" className={styles.stepButton} disabled={!place?.prev_chapter_uuid} onClick={() => onStep('previous')}>
        <ChevronStart />
        <span>{t('previousChapter')}</span>
      </button>
      <div className={styles.likeSlot}>{content && <LikeButton content={content} language={language} />}</div>
      <button type="button" className={styles.stepButton} disabled={!place?.next_chapter_uuid} onClick={() => onStep('next')}>
        <span>{t('nextChapter')}</span>
        <ChevronEnd />
      </button>
    </nav>
  );
}
