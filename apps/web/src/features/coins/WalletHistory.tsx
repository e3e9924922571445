import type { Wallet } from '@inkstream/contracts';
import { formatCount, formatDate, formatDateTime } from '@inkstream/contracts/formats';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { decodeEntities } from '../../lib/decode-entities';
import { entryDescription, signedCoins } from './coin-rules';
import styles from './coins.module.css';

/**
 * The wallet's history as a statement: what happened in words, when, the signed amount and the
 * balance after it; then the bonus coins that will expire.
 */
export function WalletHistory({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('coins');
  const language = useLanguage();
  const coins = (count: number) => t('amount', { count, formatted: formatCount(count, language) });
  return (
    <>
      {wallet.expiring.length > 0 && (
        <div className={styles.expiring}>
          <h3 className={styles.subheading}>{t('expiring.heading')}</h3>
          <ul>
            {wallet.expiring.map((lot) => (
              <li key={`${lot.expires_at}-${lot.coins}`}>
                {t('expiring.item', { coins: coins(lot.coins), date: formatDate(lot.expires_at, language) })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <h3 className={styles.subheading}>{t('history.heading')}</h3>
      {wallet.history.length === 0 ? (
        <p className={styles.empty}>{t('history.empty')}</p>
      ) : (
        <ol className={styles.history}>
          {wallet.history.map((entry, index) => {
            const { key, values } = entryDescription(entry);
            const text = t(key, { ...values, ...(typeof values.book === 'string' ? { book: decodeEntities(values.book) } : {}) });
            return (
              <li key={`${entry.at}-${index}`} className={styles.entry}>
                <span className={styles.entryText} dir="auto">
                  {text}
                </span>
                <time className={styles.entryDate} dateTime={entry.at}>
                  {formatDateTime(entry.at, language, { style: 'short' })}
                </time>
                <span className={entry.coins < 0 ? styles.debit : styles.credit} dir="ltr">
                  {signedCoins(entry.coins, language)}
                </span>
                <span className={styles.entryBalance}>{t('history.balanceAfter', { coins: coins(entry.balance_after) })}</span>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
