import type { ChapterItem } from '@inkstream/contracts';
import { formatCount } from '@inkstream/contracts/formats';
import { readerPath } from '@inkstream/contracts/routes';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { BubbleIcon } from '../../components/LineIcon';
import { RelativeTime } from '../../components/RelativeTime';
import { decodeEntities } from '../../lib/decode-entities';
import { isNewChapter } from '../../lib/freshness';
import { useNow } from '../../lib/render-clock';
import styles from './ChapterList.module.css';

/** One chapter: a link to the reader with its number, title, age, a NEW mark while recent, and whether it is free. */
interface Props {
  bookId: string;
  chapter: ChapterItem;
  /** The reader reached the end of this chapter: it is marked as read. */
  isFinished: boolean;
  /** Members read every chapter, so paid chapters carry no "Members only" badge for them. */
  isMember: boolean;
  onOpen(): void;
}

export function ChapterCard({ bookId, chapter, isFinished, isMember, onOpen }: Props) {
  const { t, i18n } = useTranslation('chapters');
  // Ext (issue 31): the chapter's visible comments, sent only while the site has the community on.
  const comments = chapter.comments_count;
  const title = decodeEntities(chapter.title).trim() || t('common:status.unknownChapter');
  const badge = chapter.is_free ? 'free' : isMember ? null : 'membersOnly';
  // Out within the last 3 days and not read yet (lib/freshness.ts).
  const isNew = !isFinished && isNewChapter(chapter.created_at, useNow());
  return (
    <li>
      <Link className={isFinished ? `${styles.card} ${styles.read}` : styles.card} to={readerPath(bookId, chapter)} onClick={onOpen}>
        <span className={styles.number}>{t('chapterNumber', { number: chapter.chapter_number })}</span>
        <span className={styles.cardTitle}>{title}</span>
        <span className={styles.meta}>
          <RelativeTime value={chapter.created_at} />
          {isNew && <span className={styles.newMark}>{t('new')}</span>}
          {isFinished && (
            <span className={styles.readMark}>
              <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
                <path d="M5 12l5 5 9-10" />
              </svg>
              {t('read')}
            </span>
          )}
          {!!comments && comments > 0 && (
            <span className={styles.commentCount}>
              <BubbleIcon />
              <span aria-hidden="true">{formatCount(comments, i18n.language)}</span>
              <span className="visually-hidden">{t('comments', { count: comments, formatted: formatCount(comments, i18n.language) })}</span>
            </span>
          )}
          {badge && <span className={badge === 'free' ? styles.free : styles.paid}>{t(badge)}</span>}
        </span>
      </Link>
    </li>
  );
}
