import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation';
import { NavLink } from 'react-router';
import { api } from '../lib/api-client';
import styles from './Header.module.css';
import { BookmarkIcon } from './LineIcon';

/**
 * The header's way to the library (follows, history, alerts). For a logged-in reader a dot tells
 * that a followed book has a chapter they have not opened yet, and a red count the unread replies
 * to their comments (`unread_alerts`, present only with the community on); both come from the one
 * summary call, re-asked every few minutes. The link's accessible name says both in words.
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
  const unreadAlerts = isLoggedIn ? (summary.data?.unread_alerts ?? 0) : 0;
  // The name in words: "Library, new chapters in books you follow, 3 unread replies to your comments".
  const name = [
    t('header.library'),
    hasNews ? t('header.libraryNews') : null,
    unreadAlerts > 0 ? t('header.libraryAlerts', { count: unreadAlerts }) : null,
  ]
    .filter((part) => part !== null)
    .join(', ');
  return (
    <NavLink to={PAGE_PATTERNS.library} className={styles.library} aria-label={name}>
      <BookmarkIcon />
      <span className={styles.libraryLabel}>{t('header.library')}</span>
      {unreadAlerts > 0 ? (
        <span className={styles.count} aria-hidden="true" data-testid="library-alerts">
          {unreadAlerts > 99 ? '99+' : unreadAlerts}
        </span>
      ) : (
        hasNews && <span className={styles.dot} aria-hidden="true" data-testid="library-dot" />
      )}
    </NavLink>
  );
}
