import { useTranslation } from '../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../features/auth/AuthContext';
import { usePageTitle } from '../components/use-page-title';
import { FollowingList } from '../features/library/FollowingList';
import { HistoryList } from '../features/library/HistoryList';
import styles from '../features/library/library.module.css';

type Tab = 'following' | 'history';

/** The reader's library: followed books and the reading history, one tab each (the tab is in the URL). */
export default function LibraryPage() {
  const { t } = useTranslation('library');
  const { userUuid } = useAuth();
  const [params] = useSearchParams();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'following';
  usePageTitle(t('title'));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('title')}</h1>
      <nav className={styles.tabs} aria-label={t('title')}>
        {(['following', 'history'] as const).map((name) => (
          <Link
            key={name}
            to={name === 'following' ? '/library' : '/library?tab=history'}
            className={name === tab ? `${styles.tab} ${styles.activeTab}` : styles.tab}
            aria-current={name === tab ? 'page' : undefined}
            replace
          >
            {t(`tabs.${name}`)}
          </Link>
        ))}
      </nav>
      {tab === 'following' ? <FollowingList isLoggedIn={!!userUuid} /> : <HistoryList />}
    </div>
  );
}
