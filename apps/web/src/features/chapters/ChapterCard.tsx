import type { ChapterItem } from '@inkstream/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime';
import { decodeEntities } from '../../lib/decode-entities';
import styles from './ChapterList.module.css';

export function readerPath(bookId: string, chapter: Pick<ChapterItem, 'chapter_uuid' | 'chapter_number'>): string {
  return `/reader/book/chapter/${encodeURIComponent(bookId)}/${encodeURIComponent(chapter.chapter_uuid)}/${chapter.chapter_number}`;
}

/** One chapter: a link to the reader with its number, title, age and whether it is free. */
export function ChapterCard({ bookId, chapter }: { bookId: string; chapter: ChapterItem }) {
  const { t } = useTranslation('chapters');
  const title = decodeEntities(chapter.title).trim() || t('common:status.unknownChapter');
  return (
    <li>
      <Link className={styles.card} to={readerPath(bookId, chapter)}>
        <span className={styles.number}>{t('chapterNumber', { number: chapter.chapter_number })}</span>
        <span className={styles.cardTitle}>{title}</span>
        <span className={styles.meta}>
          <RelativeTime value={chapter.created_at} />
          <span className={chapter.is_free ? styles.free : styles.paid}>{chapter.is_free ? t('free') : t('membersOnly')}</span>
        </span>
      </Link>
    </li>
  );
}
