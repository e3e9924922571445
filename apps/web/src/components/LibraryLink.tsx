import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation';
import { NavLink } from 'react-router';
import { api } from '../lib/api-client';
import styles from './Header.module.css';

/**
 * The header's way to the library (follows and history). For a logged-in reader a dot tells that
 * a followed book has a chapter they have not opened yet; the count is re-asked every few minutes.
 */
export function LibraryLink({ isLoggedIn }: { isLoggedIn: boolean }) {
  const { t } = useTranslation();
  const summary = useQuery({
    queryKey: ['library', 'summary'],
    queryFn: api.librarySummary,
    enabled: isLoggedIn,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  const hasNews = isLoggedIn && (summary.data?.unread_books ?? 0) > 0;
  return (
    <NavLink to="/library" className={styles.library}>
      <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M6 3h12v18l-6-4-6 4z" />
      </svg>
      <span className={styles.libraryLabel}>{t('header.library')}</span>
      {hasNews && (
        <>
          <span className={styles.dot} aria-hidden="true" data-testid="library-dot" />
          <span className="visually-hidden">{t('header.libraryNews')}</span>
        </>
      )}
    </NavLink>
  );
}
