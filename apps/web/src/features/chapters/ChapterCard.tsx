import type { ChapterItem } from '@inkstream/contracts';
import { formatCount } from '@inkstream/contracts/formats';
import { readerPath } from '@inkstream/contracts/routes';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { BubbleIcon, LockIcon } from '../../components/LineIcon';
import { useLanguage } from '../../i18n/use-language';
import { useReaderTimeZone } from '../../lib/reader-time-zone';
import { formatReleaseDate } from '../discovery';
import type { ChapterBadge } from './chapter-badge';
import { RelativeTime } from '../../components/RelativeTime';
import { decodeEntities } from '../../lib/decode-entities';
import { isNewChapter } from '../../lib/freshness';
import { useNow } from '../../lib/render-clock';
import styles from './ChapterList.module.css';

/** One chapter: a link to the reader with its number, title, age, a NEW mark while recent, and what opens it for this reader. */
interface Props {
  bookId: string;
  chapter: ChapterItem;
  /** The reader reached the end of this chapter: it is marked as read. */
  isFinished: boolean;
  /** What the server says of this chapter for this reader (chapter-badge.ts); null before its answer. */
  badge: ChapterBadge;
  /** Beside the card's link, over its inline end: saving it for offline, or its saved mark (issue 47). */
  action?: ReactNode;
  onOpen(): void;
}

export function ChapterCard({ bookId, chapter, isFinished, badge, action, onOpen }: Props) {
  const { t, i18n } = useTranslation('chapters');
  // Ext (issue 31): the chapter's visible comments, sent only while the site has the community on.
  const comments = chapter.comments_count;
  const title = decodeEntities(chapter.title).trim() || t('common:status.unknownChapter');
  // Out within the last 3 days and not read yet (lib/freshness.ts).
  const isNew = !isFinished && isNewChapter(chapter.created_at, useNow());
  return (
    <li className={action ? styles.item : undefined}>
      <Link
        className={[styles.card, isFinished && styles.read, action && styles.withAction].filter(Boolean).join(' ')}
        to={readerPath(bookId, chapter)}
        onClick={onOpen}
      >
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
          <ChapterBadgeMark badge={badge} />
          {chapter.early_access_until && <EarlyAccessUntil until={chapter.early_access_until} />}
        </span>
      </Link>
      {action}
    </li>
  );
}

function ChapterBadgeMark({ badge }: { badge: ChapterBadge }) {
  const { t, i18n } = useTranslation('chapters');
  if (!badge) return null;
  if (badge.kind === 'free') return <span className={styles.free}>{t('free')}</span>;
  if (badge.kind === 'unlocked') return <span className={styles.free}>{t('coins:chapter.unlocked')}</span>;
  if (badge.kind === 'rented') return <RentedUntil until={badge.until} />;
  // Locked for this reader: a padlock and what opens it (coins, or a membership, or early access's coins).
  return (
    <span className={styles.paid}>
      <LockIcon />
      {badge.kind === 'price'
        ? t('coins:amount', { count: badge.price, formatted: formatCount(badge.price, i18n.language) })
        : t(badge.kind === 'earlyAccess' ? 'earlyAccess' : 'membersOnly')}
    </span>
  );
}

/** Issue 59: "Rented until 3 December, 10:00", the server's end of the rental, in the reader's zone and language. */
function RentedUntil({ until }: { until: string }) {
  const { t } = useTranslation('coins');
  const language = useLanguage();
  const zone = useReaderTimeZone();
  const now = useNow();
  return (
    <span className={styles.free} data-testid="rented-until">
      {zone === null ? t('rental.rented') : t('rental.until', { when: formatReleaseDate(until, language, zone, now) })}
    </span>
  );
}

/**
 * "Early access until 3 December, 10:00" in the reader's zone and language, for everyone (issue 56):
 * the moment is public; the server's render, which cannot know the zone, says "Early access" alone.
 */
function EarlyAccessUntil({ until }: { until: string }) {
  const { t } = useTranslation('chapters');
  const language = useLanguage();
  const zone = useReaderTimeZone();
  const now = useNow();
  return (
    <span className={styles.earlyAccess} data-testid="early-access">
      {zone === null ? t('earlyAccess') : t('earlyAccessUntil', { date: formatReleaseDate(until, language, zone, now) })}
    </span>
  );
}
