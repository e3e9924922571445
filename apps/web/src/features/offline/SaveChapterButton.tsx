import type { ChapterItem } from '@inkstream/contracts';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { useLighterImages } from '../../lib/data-saving';
import { useOffline } from '../../lib/online';
import { SaveIcon, SavedIcon } from './icons';
import type { SaveBook } from './save-chapters';
import { BOOK_ORIGIN, startSave } from './start-save';
import styles from './offline.module.css';

/**
 * One chapter's "Save for offline" on the chapter list, beside its card's link (issue 47); once saved,
 * the saved mark in its place. The progress shows in the book page's panel (BookSaveMenu).
 */
export function SaveChapterButton({ book, chapter, isSaved }: { book: SaveBook; chapter: ChapterItem; isSaved: boolean }) {
  const { t } = useTranslation('offline');
  const language = useLanguage();
  const lighter = useLighterImages();
  const isOffline = useOffline();
  if (isSaved) {
    return (
      <span className={styles.savedMark} title={t('save.saved')}>
        <SavedIcon />
        <span className="visually-hidden">{t('save.saved')}</span>
      </span>
    );
  }
  const label = t('save.chapter', { number: chapter.chapter_number });
  return (
    <button
      type="button"
      className={styles.chapterSave}
      aria-label={label}
      title={label}
      disabled={isOffline}
      onClick={() =>
        void startSave(
          BOOK_ORIGIN,
          { book, chapters: [{ chapter_uuid: chapter.chapter_uuid, chapter_number: chapter.chapter_number, title: chapter.title }] },
          { language, lighter },
        )
      }
    >
      <SaveIcon />
    </button>
  );
}
