import { formatDateTime } from '@inkstream/contracts/formats';
import { pagePath } from '@inkstream/contracts/routes';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { titleNamesNumber } from '../../lib/chapter-title';
import { decodeEntities } from '../../lib/decode-entities';
import type { ReaderLinkState } from '../../lib/resume-state';
import type { SavedChapter } from './saved-chapter';
import { sizeText } from './sizes';
import styles from './offline.module.css';

/** A saved chapter's reader link, at the place the reader last was in it. */
function readerLink(chapter: SavedChapter): { to: string; state: ReaderLinkState | null } {
  const to = pagePath.reading(chapter.book_uuid, chapter.chapter_uuid, chapter.chapter_number);
  const position = chapter.position;
  if (!position) return { to, state: null };
  return {
    to,
    state: {
      resume: {
        chapter_uuid: chapter.chapter_uuid,
        chapter_number: chapter.chapter_number,
        chapter_title: chapter.chapter_title,
        page_index: position.page_index ?? null,
        page_offset: position.page_offset ?? null,
        text_fraction: position.text_fraction ?? null,
      },
    },
  };
}

/**
 * The saved chapters of one book (issue 47), oldest first: each opens in the normal reader, says its
 * size and, for a member's copy, until when it opens; with a delete button when `onDelete` is given.
 */
export function SavedChapterList({ chapters, onDelete }: { chapters: readonly SavedChapter[]; onDelete?(chapter: SavedChapter): void }) {
  const { t } = useTranslation('offline');
  const language = useLanguage();
  return (
    <ul className={styles.chapters}>
      {[...chapters]
        .sort((a, b) => a.chapter_number - b.chapter_number)
        .map((chapter) => {
          const number = t('chapters:chapterNumber', { number: chapter.chapter_number });
          const title = decodeEntities(chapter.chapter_title).trim();
          const details = [
            chapter.state === 'saving' ? t('screen.saving') : sizeText(chapter.bytes, language, t),
            chapter.readable_until !== null
              ? t('screen.until', { date: formatDateTime(chapter.readable_until, language) })
              : chapter.access === 'free'
                ? t('screen.free')
                : t('screen.kept'),
          ];
          const link = readerLink(chapter);
          return (
            <li key={chapter.chapter_uuid} className={styles.chapter}>
              {chapter.state === 'saved' ? (
                <Link to={link.to} state={link.state} className={styles.chapterLink}>
                  <Title number={number} title={title} namesNumber={titleNamesNumber(title, chapter.chapter_number)} />
                  <span className={styles.meta}>{details.join(' · ')}</span>
                </Link>
              ) : (
                <span className={styles.chapterLink}>
                  <Title number={number} title={title} namesNumber={titleNamesNumber(title, chapter.chapter_number)} />
                  <span className={styles.meta}>{details.join(' · ')}</span>
                </span>
              )}
              {onDelete && chapter.state === 'saved' && (
                <button
                  type="button"
                  className={`${styles.secondary} ${styles.danger}`}
                  aria-label={t('screen.deleteChapter', { chapter: number })}
                  onClick={() => onDelete(chapter)}
                >
                  {t('screen.delete')}
                </button>
              )}
            </li>
          );
        })}
    </ul>
  );
}

/**
 * "Ch. 12 · Title", the title isolated (its direction may differ from the page's); the title alone
 * when it names the number already ("Chapter 12: The Flood"), as the library's history does.
 */
function Title({ number, title, namesNumber }: { number: string; title: string; namesNumber: boolean }) {
  if (title && namesNumber)
    return (
      <span className={styles.chapterTitle}>
        <bdi>{title}</bdi>
      </span>
    );
  return (
    <span className={styles.chapterTitle}>
      {number}
      {title && (
        <>
          {' · '}
          <bdi>{title}</bdi>
        </>
      )}
    </span>
  );
}
