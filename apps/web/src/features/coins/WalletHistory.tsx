import type { Wallet } from '@inkstream/contracts';
import { formatCount, formatDate, formatDateTime } from '@inkstream/contracts/formats';
import { readerPath } from '@inkstream/contracts/routes';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { readingApi } from '../../lib/api-reading';
import { decodeEntities } from '../../lib/decode-entities';
import type { Language } from '../../lib/language';
import { entryDescription, signedCoins } from './coin-rules';
import styles from './coins.module.css';

/** The books the history names most recently: their titles are asked in the reader's language. */
const TITLED_BOOKS_MAX = 20;

/**
 * The wallet names a book by its title in its original language; the reader reads it in theirs
 * (the same small request and cache key as the locked chapter's notice), the original meanwhile.
 */
function useBookTitles(wallet: Wallet, language: Language): Map<string, string> {
  const books = [...new Set(wallet.history.flatMap((entry) => (entry.book_uuid ? [entry.book_uuid] : [])))].slice(0, TITLED_BOOKS_MAX);
  const answers = useQueries({
    queries: books.map((bookUuid) => ({
      queryKey: ['book-title', bookUuid, language],
      queryFn: () => readingApi.chapters(bookUuid, language, 'asc', 0, 1),
      staleTime: 10 * 60_000,
    })),
  });
  const titles = new Map<string, string>();
  books.forEach((bookUuid, index) => {
    const title = answers[index]?.data?.book_title;
    if (title) titles.set(bookUuid, title);
  });
  return titles;
}

/**
 * The wallet's history as a statement: what happened in words, when, the signed amount and the
 * balance after it; then the bonus coins that will expire.
 */
export function WalletHistory({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('coins');
  const language = useLanguage();
  const coins = (count: number) => t('amount', { count, formatted: formatCount(count, language) });
  const titles = useBookTitles(wallet, language);
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
            const book = (entry.book_uuid && titles.get(entry.book_uuid)) || values.book;
            const text = t(key, { ...values, ...(typeof book === 'string' ? { book: decodeEntities(book) } : {}) });
            // An unlocked chapter is the reader's: the line opens it.
            const chapter =
              entry.kind === 'unlock' && entry.book_uuid && entry.chapter_uuid && entry.chapter_number !== null
                ? readerPath(entry.book_uuid, { chapter_uuid: entry.chapter_uuid, chapter_number: entry.chapter_number })
                : null;
            return (
              <li key={`${entry.at}-${index}`} className={styles.entry}>
                <span className={styles.entryText} dir="auto">
                  {chapter ? <Link to={chapter}>{text}</Link> : text}
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
