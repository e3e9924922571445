import type { ChapterItem } from '@inkstream/contracts';
import { formatCount } from '@inkstream/contracts/formats';
import { readerPath } from '@inkstream/contracts/routes';
import type { ReactNode } from 'react';
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
  /** Coins (issue 42): this chapter's price and whether the reader holds it; absent when the book sells none. */
  coins?: { price: number; unlocked: boolean } | undefined;
  /** Beside the card's link, over its inline end: saving it for offline, or its saved mark (issue 47). */
  action?: ReactNode;
  onOpen(): void;
}

/** A book's coin sale as the list needs it (GET /user/book/unlocks). */
export interface ChapterCoins {
  price: number | null;
  chapterPrices: Record<string, number>;
  unlocked: readonly string[];
}

export const coinStateOf = (chapterUuid: string, coins: ChapterCoins): { price: number; unlocked: boolean } | undefined => {
  const price = coins.chapterPrices[chapterUuid] ?? coins.price;
  return price === null ? undefined : { price, unlocked: coins.unlocked.includes(chapterUuid) };
};

export function ChapterCard({ bookId, chapter, isFinished, isMember, coins, action, onOpen }: Props) {
  const { t, i18n } = useTranslation('chapters');
  // Ext (issue 31): the chapter's visible comments, sent only while the site has the community on.
  const comments = chapter.comments_count;
  const title = decodeEntities(chapter.title).trim() || t('common:status.unknownChapter');
  // A chapter the reader unlocked is theirs for good; a locked one of a coin book says its price.
  const badge = chapter.is_free ? 'free' : isMember ? null : coins?.unlocked ? 'unlocked' : coins ? 'price' : 'membersOnly';
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
          {badge === 'unlocked' ? (
            <span className={styles.free}>{t('coins:chapter.unlocked')}</span>
          ) : badge === 'price' ? (
            <span className={styles.paid}>
              {t('coins:amount', { count: coins!.price, formatted: formatCount(coins!.price, i18n.language) })}
            </span>
          ) : (
            badge && <span className={badge === 'free' ? styles.free : styles.paid}>{t(badge)}</span>
          )}
        </span>
      </Link>
      {action}
    </li>
  );
}
