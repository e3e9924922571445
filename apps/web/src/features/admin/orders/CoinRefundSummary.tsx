import type { CoinRefund } from '@inkstream/contracts';
import { useTranslation } from '../../../i18n/use-translation';
import { decodeEntities } from '../../../lib/decode-entities';

/**
 * What a coin pack's refund does to the reader's coins, as the server computed it: before the
 * refund its preview (the confirmation), after it the ledger's entries (the result and the order's
 * facts). The words are the same before and after: coins taken or given back, the balance before
 * and after, and the chapters locked again.
 */
export function CoinRefundSummary({ refund }: { refund: CoinRefund }) {
  const { t } = useTranslation('admin-orders');
  const coins = (count: number) => t('coinCount', { count });
  const change = refund.balance_after - refund.balance_before;
  const balance = { before: coins(refund.balance_before), after: coins(refund.balance_after) };
  return (
    <>
      <span data-testid="coin-refund-balance">
        {change < 0
          ? t('refund.coins.taken', { coins: coins(-change), ...balance })
          : change > 0
            ? t('refund.coins.returned', { coins: coins(change), ...balance })
            : t('refund.coins.unchanged', balance)}
      </span>{' '}
      {refund.chapters.length === 0 ? (
        <span>{t('refund.coins.noChapters')}</span>
      ) : (
        <>
          <span>{t('refund.coins.chapters', { count: refund.chapters.length })}</span>
          <ul data-testid="coin-refund-chapters">
            {refund.chapters.map((chapter) => (
              <li key={chapter.chapter_uuid}>
                {t('refund.coins.chapter', {
                  book: decodeEntities(chapter.book_title ?? '—'),
                  number: chapter.chapter_number,
                  coins: coins(chapter.coins),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
