import { formatCount } from '@inkstream/contracts/formats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { coinsApi } from '../../lib/api-coins';
import { refreshAfterUnlock, UnlockProblem } from './UnlockProblem';
import { unlockFailure, type UnlockFailure } from './coin-rules';
import { useBookUnlocks } from './use-book-unlocks';
import styles from './coins.module.css';

/**
 * Issue 59: "Rent for 10 coins (3 days)" on a locked chapter, where its book rents chapters (the
 * book's rental price and days, as GET /user/book/unlocks says them). The end comes from the server.
 */
export function RentOffer({ bookUuid, chapterUuid, buyCoinsPath }: { bookUuid: string; chapterUuid: string; buyCoinsPath: string }) {
  const { t } = useTranslation('coins');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const unlocks = useBookUnlocks(bookUuid);
  const [failure, setFailure] = useState<UnlockFailure | null>(null);
  const rent = useMutation({
    mutationFn: () => coinsApi.rent(chapterUuid),
    onMutate: () => setFailure(null),
    onSuccess: () => refreshAfterUnlock(queryClient, bookUuid, [chapterUuid]),
    onError: (error) => {
      const why = unlockFailure(error);
      if (why.kind === 'readable' || why.kind === 'owned') refreshAfterUnlock(queryClient, bookUuid, [chapterUuid]);
      setFailure(why);
    },
  });
  const price = unlocks.data?.rental_price ?? null;
  const days = unlocks.data?.rental_days ?? null;
  if (price === null || days === null) return null;
  const coins = t('amount', { count: price, formatted: formatCount(price, language) });
  return (
    <>
      <button type="button" className={styles.offerSecondary} disabled={rent.isPending} onClick={() => rent.mutate()} data-testid="rent">
        {t('rental.rent', { price: coins, count: days })}
      </button>
      {failure && <UnlockProblem failure={failure} buyCoinsPath={buyCoinsPath} />}
    </>
  );
}
