import { PAGE_PATTERNS, pagePath } from '@inkstream/contracts/routes';
import type { ReadingStatus, StatusItem } from '@inkstream/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { RelativeTime } from '../../components/RelativeTime';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { readingApi } from '../../lib/api-reading';
import { decodeEntities } from '../../lib/decode-entities';
import { withReturn } from '../../lib/return-path';
import { READING_STATUSES, resumeLink } from '../chapters';
import { StatusImport } from './StatusImport';
import styles from './library.module.css';

/**
 * Issue 61: the library's statuses tab: one sub-tab per status with its count (the status is in
 * the address, `?tab=statuses&status=…`), its books filed most recently first.
 */
export function StatusesList({ isLoggedIn, status }: { isLoggedIn: boolean; status: ReadingStatus }) {
  const { t } = useTranslation('library');
  const language = useLanguage();
  const tab = useQuery({
    queryKey: ['library', 'statuses', status, language],
    queryFn: () => readingApi.statuses(status, 1, language),
    enabled: isLoggedIn,
    staleTime: 0,
  });
  if (!isLoggedIn) {
    return (
      <div className={styles.empty}>
        <p>{t('statuses.loginPrompt')}</p>
        <Link className={styles.primary} to={withReturn(PAGE_PATTERNS.login, pagePath.library('statuses'))}>
          {t('following.login')}
        </Link>
      </div>
    );
  }
  const counts = tab.data?.counts;
  return (
    <>
      <StatusImport />
      <nav className={styles.subTabs} aria-label={t('statuses.heading')}>
        {READING_STATUSES.map((name) => (
          <Link
            key={name}
            to={pagePath.libraryStatus(name)}
            className={name === status ? `${styles.subTab} ${styles.activeTab}` : styles.subTab}
            aria-current={name === status ? 'page' : undefined}
            replace
          >
            {t(`chapters:readingStatus.names.${name}`)}
            {counts && <span className={styles.statusCount}>{counts[name]}</span>}
          </Link>
        ))}
      </nav>
      {tab.isPending ? (
        <Loading />
      ) : tab.isError ? (
        <p className={styles.empty} role="alert">
          {t('common:status.error')}{' '}
          <button type="button" className={styles.textButton} onClick={() => void tab.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : tab.data.items.length === 0 ? (
        <p className={styles.empty}>{t('statuses.empty', { status: t(`chapters:readingStatus.names.${status}`) })}</p>
      ) : (
        <ul className={styles.list}>
          {tab.data.items.map((book) => (
            <FiledBook key={book.book_uuid} book={book} />
          ))}
        </ul>
      )}
    </>
  );
}

function FiledBook({ book }: { book: StatusItem }) {
  const { t } = useTranslation('library');
  const title = decodeEntities(book.book_title);
  const target = book.resume ? resumeLink(book.book_uuid, book.resume) : null;
  const bookPath = pagePath.book(book.book_uuid);
  return (
    <li className={styles.item}>
      <Link to={bookPath} className={styles.coverLink} tabIndex={-1} aria-hidden="true">
        {book.cover_image && <img src={book.cover_image} alt="" width={600} height={800} loading="lazy" decoding="async" />}
      </Link>
      <div className={styles.itemBody}>
        <Link to={bookPath} className={styles.itemTitle} dir="auto">
          {title}
        </Link>
        <p className={styles.meta}>
          {t('following.updated')} <RelativeTime value={book.updated_at} />
          {' · '}
          {t('following.chapters', { count: book.total_chapters })}
        </p>
        {target ? (
          <Link className={styles.secondary} to={target.to} state={target.state}>
            {t('continue', { number: book.resume!.chapter_number })}
          </Link>
        ) : (
          <Link className={styles.secondary} to={bookPath}>
            {t('following.open')}
          </Link>
        )}
      </div>
    </li>
  );
}
