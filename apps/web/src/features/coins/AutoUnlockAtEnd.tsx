import type { AutoUnlockResult } from '@inkstream/contracts';
import { formatCount } from '@inkstream/contracts/formats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { coinsApi } from '../../lib/api-coins';
import { refreshAfterUnlock, UnlockProblem } from './UnlockProblem';
import { unlockFailure, type UnlockFailure } from './coin-rules';
import { useBookUnlocks } from './use-book-unlocks';
import styles from './coins.module.css';

/**
 * Issue 59: when the reader reaches the end of a chapter (`reached`) of a book they opted into
 * auto-unlock for, the server is told once; what it did is said: "Unlocked chapter 4 for 30 coins —
 * Undo" (the undo gives the coins back within its minute), or why it unlocked nothing.
 */
export function AutoUnlockAtEnd({ bookUuid, chapterUuid, reached }: { bookUuid: string; chapterUuid: string; reached: boolean }) {
  const { t } = useTranslation('coins');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const unlocks = useBookUnlocks(bookUuid);
  const optedIn = unlocks.data?.auto_unlock != null;
  const asked = useRef(false);
  const [failure, setFailure] = useState<UnlockFailure | null>(null);
  const coins = (count: number) => t('amount', { count, formatted: formatCount(count, language) });
  const run = useMutation({
    mutationFn: () => coinsApi.autoUnlock(chapterUuid),
    onSuccess: (result: AutoUnlockResult) => {
      if (result.unlocked) refreshAfterUnlock(queryClient, bookUuid, [result.unlocked.chapter_uuid]);
    },
  });
  const undo = useMutation({
    mutationFn: (unlockedUuid: string) => coinsApi.undoAutoUnlock(unlockedUuid),
    onMutate: () => setFailure(null),
    onSuccess: (_result, unlockedUuid) => refreshAfterUnlock(queryClient, bookUuid, [unlockedUuid]),
    onError: (error) => setFailure(unlockFailure(error)),
  });
  const { mutate } = run;
  useEffect(() => {
    if (!reached || !optedIn || asked.current) return;
    asked.current = true;
    mutate();
  }, [reached, optedIn, mutate]);

  const result = run.data;
  if (!result) return null;
  if (result.unlocked) {
    const unlocked = result.unlocked;
    return (
      <div role="status" className={styles.autoNotice} data-testid="auto-unlock-notice">
        {undo.isSuccess ? (
          <span>{t('auto.undone', { coins: coins(undo.data.refunded) })}</span>
        ) : (
          <>
            <span>{t('auto.unlocked', { number: unlocked.chapter_number, coins: coins(unlocked.coins) })}</span>{' '}
            <button
              type="button"
              className={styles.linkButton}
              disabled={undo.isPending}
              onClick={() => undo.mutate(unlocked.chapter_uuid)}
            >
              {t('auto.undo')}
            </button>
          </>
        )}
        {failure && <UnlockProblem failure={failure} buyCoinsPath="" />}
      </div>
    );
  }
  // Nothing to say when there is nothing next or it is open already.
  if (result.skipped === 'over_cap' || result.skipped === 'insufficient_coins') {
    return (
      <p role="status" className={styles.autoNotice} data-testid="auto-unlock-notice">
        {t(`auto.skipped.${result.skipped}`)}
      </p>
    );
  }
  return null;
}
