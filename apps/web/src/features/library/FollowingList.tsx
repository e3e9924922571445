import { PAGE_PATTERNS, pagePath } from '@inkstream/contracts/routes';
import type { LibraryItem } from '@inkstream/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { RelativeTime } from '../../components/RelativeTime';
import { readingApi } from '../../lib/api-reading';
import { decodeEntities } from '../../lib/decode-entities';
import { useLanguage } from '../../i18n/use-language';
import { withReturn } from '../../lib/return-path';
import { PushOptIn } from '../push';
import { resumeLink, setFollowState } from '../chapters';
import styles from './library.module.css';

/** Followed books, most recently updated first, with their unread new chapters. */
export function FollowingList({ isLoggedIn }: { isLoggedIn: boolean }) {
  const { t } = useTranslation('library');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const library = useQuery({
    queryKey: ['library', 'books', language],
    // Every book listed here is followed: the one follow state (follow-state.ts) learns it too.
    queryFn: async () => {
      const books = await readingApi.library(language);
      for (const book of books) setFollowState(queryClient, book.book_uuid, true);
      return books;
    },
    enabled: isLoggedIn,
    staleTime: 0,
  });

  if (!isLoggedIn) {
    return (
      <div className={styles.empty}>
        <p>{t('following.loginPrompt')}</p>
        <Link className={styles.primary} to={withReturn(PAGE_PATTERNS.login, PAGE_PATTERNS.library)}>
          {t('following.login')}
        </Link>
      </div>
    );
  }
  if (library.isPending) return <Loading />;
  if (library.isError) {
    return (
      <p className={styles.empty} role="alert">
        {t('common:status.error')}{' '}
        <button type="button" className={styles.textButton} onClick={() => void library.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  }
  if (library.data.length === 0) return <p className={styles.empty}>{t('following.empty')}</p>;
  return (
    <>
      <PushOptIn />
      <ul className={styles.list}>
        {library.data.map((book) => (
          <FollowedBook key={book.book_uuid} book={book} />
        ))}
      </ul>
    </>
  );
}

function FollowedBook({ book }: { book: LibraryItem }) {
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
        {book.unread_count > 0 && <p className={styles.unread}>{t('following.unread', { count: book.unread_count })}</p>}
        {target ? (
          <Link className={styles.secondary} to={target.to} state={target.state}>
            {t('continue', { number: book.resume!.chapter_number })}
          </Link>
        ) : (
          // Without progress, the book page is the place to start.
          <Link className={styles.secondary} to={bookPath}>
            {t('following.open')}
          </Link>
        )}
      </div>
    </li>
  );
}
