import type { BookUnlocks } from '@inkstream/contracts';
import { formatCount } from '@inkstream/contracts/formats';
import { PAGE_PATTERNS, PROFILE_SECTIONS, readerPath } from '@inkstream/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { coinsApi } from '../../lib/api-coins';
import { readingApi } from '../../lib/api-reading';
import { useNow } from '../../lib/render-clock';
import { currentPath, withReturn } from '../../lib/return-path';
import { BookCoinOptions } from './BookCoinOptions';
import { refreshAfterUnlock, UnlockProblem } from './UnlockProblem';
import { formatTimeUntil, freeUnlockState, unlockFailure, type UnlockFailure } from './coin-rules';
import styles from './coins.module.css';

interface Props {
  bookUuid: string;
  unlocks: BookUnlocks;
  /** The chapters on screen: the free unlock's chapter is named and opened from them when there. */
  chapters: readonly { chapter_uuid: string; chapter_number: number }[];
}

/**
 * The book page's coin line (issue 42), for a signed-in reader of a book sold chapter by chapter:
 * the price per chapter, the reader's coins, and wait-for-free: "Read chapter N free" when the free
 * unlock is ready (it opens that chapter), else when the next one will be.
 */
export function BookCoins({ bookUuid, unlocks, chapters }: Props) {
  const { t } = useTranslation('coins');
  const language = useLanguage();
  const now = useNow();
  const navigate = useNavigate();
  const here = currentPath(useLocation());
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<UnlockFailure | null>(null);
  const coins = (count: number) => t('amount', { count, formatted: formatCount(count, language) });
  const freeChapter = chapters.find((chapter) => chapter.chapter_uuid === unlocks.free_unlock_chapter_uuid);
  const free = useMutation({
    mutationFn: async () => {
      // Issue 56: the chapter the button names, or nothing (the server refuses another one).
      const result = await coinsApi.unlockFree(bookUuid, unlocks.free_unlock_chapter_uuid ?? undefined);
      const known = chapters.find((chapter) => chapter.chapter_uuid === result.chapter_uuid);
      const number = known?.chapter_number ?? (await readingApi.chapterContent(result.chapter_uuid, language)).chapter_number;
      return { chapter_uuid: result.chapter_uuid, chapter_number: number };
    },
    onMutate: () => setFailure(null),
    onSuccess: (opened) => {
      refreshAfterUnlock(queryClient, bookUuid, [opened.chapter_uuid]);
      navigate(readerPath(bookUuid, opened));
    },
    onError: (error) => {
      setFailure(unlockFailure(error));
      void queryClient.invalidateQueries({ queryKey: ['book-unlocks', bookUuid] });
    },
  });

  if (!unlocks.offered || unlocks.price === null) return null;
  const freeState = freeUnlockState(unlocks.free_unlock_at, now);
  // Nothing left to open free: every chapter is readable already.
  const canFree = freeState.kind === 'ready' && unlocks.free_unlock_chapter_uuid !== null;
  return (
    <section className={styles.bookCoins} aria-label={t('book.label')} data-testid="book-coins">
      <p className={styles.bookPrice}>
        <CoinIcon />
        <span>{t('book.perChapter', { price: coins(unlocks.price) })}</span>
        <span className={styles.bookBalance}>
          {t('balance', { coins: coins(unlocks.balance) })}{' '}
          <Link to={`${withReturn(PAGE_PATTERNS.profile, here)}#${PROFILE_SECTIONS.coins}`}>{t('offer.buyCoins')}</Link>
        </span>
      </p>
      {canFree && (
        <button type="button" className={styles.freeButton} disabled={free.isPending} onClick={() => free.mutate()}>
          {freeChapter ? t('book.readFreeChapter', { number: freeChapter.chapter_number }) : t('book.freeReady')}
        </button>
      )}
      {freeState.kind === 'waiting' && (
        <p className={styles.bookWait}>{t('offer.nextFree', { when: formatTimeUntil(freeState.readyAt, now, language) })}</p>
      )}
      {failure && <UnlockProblem failure={failure} buyCoinsPath={`${withReturn(PAGE_PATTERNS.profile, here)}#${PROFILE_SECTIONS.coins}`} />}
      <BookCoinOptions
        bookUuid={bookUuid}
        unlocks={unlocks}
        buyCoinsPath={`${withReturn(PAGE_PATTERNS.profile, here)}#${PROFILE_SECTIONS.coins}`}
      />
    </section>
  );
}

/** A coin: a circle with a rim, in the text's colour. */
export const CoinIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5.5" />
  </svg>
);
