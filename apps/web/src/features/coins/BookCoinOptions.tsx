import type { BookUnlocks, UnlockAllPreview } from '@inkstream/contracts';
import { AUTO_UNLOCK_CAP_MAX } from '@inkstream/contracts';
import { formatCount } from '@inkstream/contracts/formats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { coinsApi } from '../../lib/api-coins';
import { refreshAfterUnlock, UnlockProblem } from './UnlockProblem';
import { unlockFailure, type UnlockFailure } from './coin-rules';
import styles from './coins.module.css';

/**
 * Issue 59, on the book page's coin line: the book's rental offer, the reader's auto-unlock (a
 * toggle and the cap they set, with what it spent), and "Unlock all remaining" with the total shown
 * before the reader confirms it (the server refuses a total that changed meanwhile).
 */
export function BookCoinOptions({ bookUuid, unlocks, buyCoinsPath }: { bookUuid: string; unlocks: BookUnlocks; buyCoinsPath: string }) {
  const { t } = useTranslation('coins');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const capId = useId();
  const coins = (count: number) => t('amount', { count, formatted: formatCount(count, language) });
  const auto = unlocks.auto_unlock;
  const [cap, setCap] = useState(String(auto?.cap ?? 100));
  const [failure, setFailure] = useState<UnlockFailure | null>(null);
  const [preview, setPreview] = useState<UnlockAllPreview | null>(null);
  const refreshBook = () => void queryClient.invalidateQueries({ queryKey: ['book-unlocks', bookUuid] });
  const capValue = Number(cap);
  const capValid = Number.isInteger(capValue) && capValue >= 1 && capValue <= AUTO_UNLOCK_CAP_MAX;

  const setAuto = useMutation({
    mutationFn: (enabled: boolean) => coinsApi.setAutoUnlock(bookUuid, enabled, enabled ? capValue : undefined),
    onMutate: () => setFailure(null),
    onSuccess: refreshBook,
    onError: (error) => setFailure(unlockFailure(error)),
  });
  const ask = useMutation({
    mutationFn: () => coinsApi.unlockAllPreview(bookUuid),
    onMutate: () => setFailure(null),
    onSuccess: setPreview,
    onError: (error) => setFailure(unlockFailure(error)),
  });
  const confirm = useMutation({
    mutationFn: (total: number) => coinsApi.unlockAll(bookUuid, total),
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      setPreview(null);
      refreshAfterUnlock(queryClient, bookUuid, result.unlocked);
    },
    onError: (error) => {
      const why = unlockFailure(error);
      setFailure(why);
      // The total changed: the new one is asked, to be confirmed again.
      if (why.kind === 'totalChanged') ask.mutate();
    },
  });

  return (
    <div className={styles.bookOptions}>
      {unlocks.rental_price !== null && unlocks.rental_days !== null && (
        <p className={styles.bookWait}>{t('rental.offer', { price: coins(unlocks.rental_price), count: unlocks.rental_days })}</p>
      )}
      <div className={styles.autoRow}>
        <label className={styles.autoToggle}>
          <input
            type="checkbox"
            checked={auto !== null}
            disabled={setAuto.isPending || (auto === null && !capValid)}
            onChange={(event) => setAuto.mutate(event.target.checked)}
            data-testid="auto-unlock-toggle"
          />
          {t('auto.toggle')}
        </label>
        <label htmlFor={capId}>{t('auto.cap')}</label>
        <input
          id={capId}
          className={styles.capInput}
          type="number"
          inputMode="numeric"
          min={1}
          max={AUTO_UNLOCK_CAP_MAX}
          value={cap}
          onChange={(event) => setCap(event.target.value)}
          data-testid="auto-unlock-cap"
        />
        {auto !== null && (
          <button
            type="button"
            className={styles.linkButton}
            disabled={!capValid || setAuto.isPending}
            onClick={() => setAuto.mutate(true)}
          >
            {t('auto.saveCap')}
          </button>
        )}
      </div>
      {auto !== null && <p className={styles.bookWait}>{t('auto.spent', { spent: coins(auto.spent), cap: coins(auto.cap) })}</p>}
      {preview === null ? (
        <button type="button" className={styles.linkButton} disabled={ask.isPending} onClick={() => ask.mutate()} data-testid="unlock-all">
          {t('all.button')}
        </button>
      ) : preview.chapters.length === 0 ? (
        <p className={styles.bookWait}>{t('problem.nothing')}</p>
      ) : (
        <div className={styles.allConfirm} data-testid="unlock-all-confirm">
          <p>{t('all.total', { count: preview.chapters.length, total: coins(preview.total), balance: coins(preview.balance) })}</p>
          <button type="button" className={styles.offerPrimary} disabled={confirm.isPending} onClick={() => confirm.mutate(preview.total)}>
            {t('all.confirm', { total: coins(preview.total) })}
          </button>{' '}
          <button type="button" className={styles.linkButton} onClick={() => setPreview(null)}>
            {t('all.cancel')}
          </button>
        </div>
      )}
      {confirm.isSuccess && (
        <p role="status" className={styles.done}>
          {t('all.done', { count: confirm.data.unlocked.length })}
        </p>
      )}
      {failure && <UnlockProblem failure={failure} buyCoinsPath={buyCoinsPath} />}
    </div>
  );
}
