import type { UnlockOffer } from '@inkstream/contracts';
import { formatCount } from '@inkstream/contracts/formats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { coinsApi } from '../../lib/api-coins';
import { useNow } from '../../lib/render-clock';
import { formatTimeUntil, freeUnlockState, UNLOCK_BUNDLES, unlockFailure, type UnlockFailure } from './coin-rules';
import { RentOffer } from './RentOffer';
import { refreshAfterUnlock, UnlockProblem } from './UnlockProblem';
import styles from './coins.module.css';

interface Props {
  offer: UnlockOffer;
  bookUuid: string;
  chapterUuid: string;
  /** Whether chapters follow this one: "unlock the next 5" only then. */
  hasNext: boolean;
  /** Where "Buy coins" leads (the profile's coins section, coming back here). */
  buyCoinsPath: string;
  /** Where a visitor logs in (coming back here). */
  loginPath: string;
}

/**
 * The locked chapter's coin offer (issue 42), beside the membership plans: unlock this chapter (or
 * the next 5 or 10) in one tap when the wallet holds enough, a way to buy coins when it does not,
 * and the book's free unlock (wait-for-free) when it is ready or when it will be. A visitor sees
 * the price and is asked to log in.
 */
export function ChapterUnlockOffer({ offer, bookUuid, chapterUuid, hasNext, buyCoinsPath, loginPath }: Props) {
  const { t } = useTranslation('coins');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const now = useNow();
  const [failure, setFailure] = useState<UnlockFailure | null>(null);
  const coins = (count: number) => t('amount', { count, formatted: formatCount(count, language) });
  const price = coins(offer.price);

  const unlock = useMutation({
    mutationFn: (count: number) => coinsApi.unlock(chapterUuid, count),
    onMutate: () => setFailure(null),
    onSuccess: (result) => refreshAfterUnlock(queryClient, bookUuid, result.unlocked),
    onError: (error) => {
      const why = unlockFailure(error);
      // Readable already (another device unlocked it, a membership began): show the chapter, no coin spent.
      if (why.kind === 'readable') refreshAfterUnlock(queryClient, bookUuid, [chapterUuid]);
      setFailure(why);
    },
  });
  const free = useMutation({
    // Issue 56: the free unlock names this chapter; the server opens it or nothing (it once opened
    // the book's first locked chapter, far from the one on screen).
    mutationFn: () => coinsApi.unlockFree(bookUuid, chapterUuid),
    onMutate: () => setFailure(null),
    onSuccess: (result) => refreshAfterUnlock(queryClient, bookUuid, [result.chapter_uuid]),
    onError: (error) => setFailure(unlockFailure(error)),
  });
  const busy = unlock.isPending || free.isPending;

  if (offer.balance === null) {
    return (
      <div className={styles.offer}>
        <p className={styles.offerTitle}>{t('offer.visitor', { price })}</p>
        <Link to={loginPath} className={styles.offerPrimary}>
          {t('offer.logIn')}
        </Link>
      </div>
    );
  }

  const short = offer.balance < offer.price;
  const freeState = freeUnlockState(offer.free_unlock_at, now);
  return (
    <div className={styles.offer} aria-busy={busy}>
      <p className={styles.offerTitle}>{t('offer.title')}</p>
      <p className={styles.balance}>{t('balance', { coins: coins(offer.balance) })}</p>
      {freeState.kind === 'ready' && (
        <button type="button" className={styles.offerPrimary} disabled={busy} onClick={() => free.mutate()}>
          {t('offer.readFree')}
        </button>
      )}
      {short ? (
        <>
          <p className={styles.short}>{t('offer.short', { price })}</p>
          <Link to={buyCoinsPath} className={freeState.kind === 'ready' ? styles.offerSecondary : styles.offerPrimary}>
            {t('offer.buyCoins')}
          </Link>
        </>
      ) : (
        <>
          <button
            type="button"
            className={freeState.kind === 'ready' ? styles.offerSecondary : styles.offerPrimary}
            disabled={busy}
            onClick={() => unlock.mutate(1)}
          >
            {t('offer.unlockOne', { price })}
          </button>
          {hasNext && (
            <>
              <div className={styles.bundles}>
                {UNLOCK_BUNDLES.map((count) => (
                  <button key={count} type="button" className={styles.offerSecondary} disabled={busy} onClick={() => unlock.mutate(count)}>
                    {t('offer.unlockNext', { count, price })}
                  </button>
                ))}
              </div>
              <p className={styles.wait}>{t('offer.perChapter', { price })}</p>
            </>
          )}
          {/* Issue 56: the wallet's way to more coins is always there, not only once it runs short. */}
          <Link to={buyCoinsPath} className={styles.offerLink}>
            {t('offer.buyCoins')}
          </Link>
        </>
      )}
      {/* Issue 59: a rental, where the book rents chapters (cheaper: offered even when an unlock is out of reach). */}
      <RentOffer bookUuid={bookUuid} chapterUuid={chapterUuid} buyCoinsPath={buyCoinsPath} />
      {freeState.kind === 'waiting' && (
        <p className={styles.wait}>{t('offer.nextFree', { when: formatTimeUntil(freeState.readyAt, now, language) })}</p>
      )}
      {(unlock.isSuccess || free.isSuccess) && (
        <p role="status" className={styles.done}>
          {t('offer.unlocked')}
        </p>
      )}
      {failure && <UnlockProblem failure={failure} buyCoinsPath={buyCoinsPath} />}
    </div>
  );
}

export { refreshAfterUnlock, UnlockProblem } from './UnlockProblem';
