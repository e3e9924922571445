import type { ChapterContent } from '@inkstream/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError } from '../../lib/api-client';
import type { Language } from '../../lib/language';
import { FollowButton, MarkCompleted, useOnVisible } from '../chapters';
import { AutoUnlockAtEnd } from '../coins';
import { CommentsLink } from '../comments';
import { AlsoReadRow } from '../discovery';
import { SaveNextChapters } from '../offline';
import { ChevronEnd, Lock } from './icons';
import { LikeButton } from './LikeButton';
import type { ChapterStep } from './reading-navigation';
import { lockNoteKeys } from './reading-notice';
import { chapterQueryOptions } from './use-chapter-content';
import { useLastRefusal } from './use-last-refusal';
import styles from './ChapterEndCard.module.css';
import { useLighterImages } from '../../lib/data-saving';

/**
 * At the end of a chapter: what comes next (and whether it is locked), the like button, the
 * book's Follow button, so a reader who liked the chapter can keep up with the book, and the
 * chapter's comment count as a link down to the comments (with the community on).
 */
export function ChapterEndCard({
  content,
  language,
  onStep,
}: {
  content: ChapterContent;
  language: Language;
  onStep(step: ChapterStep): void;
}) {
  const { t } = useTranslation('reader');
  const next = content.next_chapter_uuid;
  // Nothing is asked while the chapter loads (its first pages come first): the next chapter (the
  // reader prefetches it after the first page; its answer tells whether it is open) and the
  // follow state are read when the card comes near.
  const card = useRef<HTMLElement>(null);
  const [isNear, setNear] = useState(false);
  useOnVisible(card, () => setNear(true), !isNear, '800px');
  // Issue 59: the end itself reached (the card on screen): auto-unlock, where the reader opted in.
  const [isReached, setReached] = useState(false);
  useOnVisible(card, () => setReached(true), !isReached, '0px');
  const nextChapter = useQuery({ ...chapterQueryOptions(next ?? '', language, useLighterImages()), enabled: !!next && isNear });
  const refusal = useLastRefusal(nextChapter);
  const isLocked = refusal instanceof ApiError && refusal.status === 403;
  // Issue 56: what opens the next chapter, as its refusal says (coins, membership, both; early access).
  const lockNote = isLocked ? lockNoteKeys(refusal) : [];
  return (
    <section ref={card} className={styles.card} aria-labelledby="chapter-end-title">
      <h2 id="chapter-end-title" className={styles.title}>
        {next ? t('end.title', { number: content.chapter_number }) : t('end.caughtUp')}
      </h2>
      {next && <AutoUnlockAtEnd bookUuid={content.book_uuid} chapterUuid={content.chapter_uuid} reached={isReached} />}
      {next ? (
        <button type="button" className={styles.next} onClick={() => onStep('next')}>
          {isLocked && <Lock />}
          <span>
            {t('end.next', { number: content.chapter_number + 1 })}
            {isLocked && <span className={styles.lockNote}> · {lockNote.map((key) => t(key)).join(' · ')}</span>}
          </span>
          <ChevronEnd />
        </button>
      ) : (
        <p className={styles.text}>{t('end.followHint')}</p>
      )}
      {/* Issue 47: the next chapters, saved for reading without a connection. */}
      {next && <SaveNextChapters bookUuid={content.book_uuid} chapterNumber={content.chapter_number} />}
      <div className={styles.row}>
        <LikeButton content={content} language={language} />
        <FollowButton bookUuid={content.book_uuid} isEnabled={isNear} />
        {/* Issue 61: the last chapter read: the book can be filed as completed. */}
        {!next && <MarkCompleted bookUuid={content.book_uuid} isEnabled={isNear} />}
        <CommentsLink chapterUuid={content.chapter_uuid} isEnabled={isNear} />
      </div>
      {/* What to read next once this book runs out, or beside it (issue 46). */}
      <AlsoReadRow bookUuid={content.book_uuid} isEnabled={isNear} headingId="chapter-end-also-read" />
    </section>
  );
}
