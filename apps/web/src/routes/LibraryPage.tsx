import { pagePath } from '@inkstream/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../features/auth/AuthContext';
import { usePageTitle } from '../components/use-page-title';
import { AlertsList, SUMMARY_KEY } from '../features/library/AlertsList';
import { FollowingList } from '../features/library/FollowingList';
import { HistoryList } from '../features/library/HistoryList';
import { ListsTab } from '../features/library/ListsTab';
import { StatusesList } from '../features/library/StatusesList';
import { READING_STATUSES } from '../features/chapters';
import type { ReadingStatus } from '@inkstream/contracts';
import styles from '../features/library/library.module.css';
import { api } from '../lib/api-client';
import { publicConfigQuery } from '../lib/public-config';

type Tab = 'following' | 'statuses' | 'lists' | 'history' | 'alerts';
const TAB_PATH: Record<Tab, string> = {
  following: pagePath.library(),
  statuses: pagePath.library('statuses'),
  lists: pagePath.library('lists'),
  history: pagePath.library('history'),
  alerts: pagePath.library('alerts'),
};

/**
 * The reader's library: followed books, the books by reading status (issue 61), the reading history and, for a logged-in reader with the
 * community on, the alerts (replies to their comments): one tab each (the tab is in the URL).
 */
export default function LibraryPage() {
  const { t } = useTranslation('library');
  const { userUuid } = useAuth();
  const [params] = useSearchParams();
  const { data: config } = useQuery({ ...publicConfigQuery(), staleTime: 5 * 60_000 });
  const hasAlerts = !!userUuid && config?.community === true;
  // The header asks for the same summary: one request, shared.
  const summary = useQuery({ queryKey: SUMMARY_KEY, queryFn: api.librarySummary, enabled: hasAlerts, staleTime: 60_000 });
  const unread = summary.data?.unread_alerts ?? 0;
  const asked = params.get('tab');
  const tab: Tab =
    asked === 'history'
      ? 'history'
      : asked === 'statuses'
        ? 'statuses'
        : asked === 'lists'
          ? 'lists'
          : asked === 'alerts' && hasAlerts
            ? 'alerts'
            : 'following';
  const tabs: Tab[] = hasAlerts ? ['following', 'statuses', 'lists', 'history', 'alerts'] : ['following', 'statuses', 'lists', 'history'];
  // Issue 61: the status shown in the statuses tab (reading unless the address names another).
  const askedStatus = params.get('status');
  const status = (READING_STATUSES as readonly string[]).includes(askedStatus ?? '') ? (askedStatus as ReadingStatus) : 'reading';
  usePageTitle(t('title'));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      <nav className={styles.tabs} aria-label={t('title')}>
        {tabs.map((name) => (
          <Link
            key={name}
            to={TAB_PATH[name]}
            className={name === tab ? `${styles.tab} ${styles.activeTab}` : styles.tab}
            aria-current={name === tab ? 'page' : undefined}
            aria-label={name === 'alerts' && unread > 0 ? `${t('tabs.alerts')}, ${t('alerts.unread', { count: unread })}` : undefined}
            replace
          >
            {t(`tabs.${name}`)}
            {name === 'alerts' && unread > 0 && (
              <span className={styles.tabCount} aria-hidden="true">
                {unread}
              </span>
            )}
          </Link>
        ))}
      </nav>
      {tab === 'following' ? (
        <FollowingList isLoggedIn={!!userUuid} />
      ) : tab === 'statuses' ? (
        <StatusesList isLoggedIn={!!userUuid} status={status} />
      ) : tab === 'lists' ? (
        <ListsTab isLoggedIn={!!userUuid} />
      ) : tab === 'history' ? (
        <HistoryList />
      ) : (
        <AlertsList />
      )}
    </div>
  );
}
