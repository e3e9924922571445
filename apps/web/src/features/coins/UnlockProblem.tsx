import { formatCount } from '@inkstream/contracts/formats';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { useNow } from '../../lib/render-clock';
import { formatTimeUntil, type UnlockFailure } from './coin-rules';
import styles from './coins.module.css';

/** After coins moved: the chapters, the wallet and the book's marks are asked again. */
export function refreshAfterUnlock(queryClient: QueryClient, bookUuid: string, chapterUuids: readonly string[]) {
  for (const chapterUuid of chapterUuids) void queryClient.invalidateQueries({ queryKey: ['chapter-content', chapterUuid] });
  void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  void queryClient.invalidateQueries({ queryKey: ['book-unlocks', bookUuid] });
}

/** What went wrong, in words, with the way on when there is one. */
export function UnlockProblem({ failure, buyCoinsPath }: { failure: UnlockFailure; buyCoinsPath: string }) {
  const { t } = useTranslation('coins');
  const language = useLanguage();
  const now = useNow();
  if (failure.kind === 'short') {
    return (
      <p role="alert" className={styles.problem}>
        {failure.balance !== null && failure.price !== null
          ? t('problem.shortBy', {
              need: t('amount', { count: failure.price, formatted: formatCount(failure.price, language) }),
              have: t('amount', { count: failure.balance, formatted: formatCount(failure.balance, language) }),
            })
          : t('problem.short')}{' '}
        <Link to={buyCoinsPath}>{t('offer.buyCoins')}</Link>
      </p>
    );
  }
  const readyAt = failure.kind === 'notReady' && failure.readyAt ? Date.parse(failure.readyAt) : NaN;
  return (
    <p role="alert" className={styles.problem}>
      {failure.kind === 'notReady' && !Number.isNaN(readyAt)
        ? t('offer.nextFree', { when: formatTimeUntil(readyAt, now, language) })
        : t(`problem.${failure.kind}`)}
    </p>
  );
}
