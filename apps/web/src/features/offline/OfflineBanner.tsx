import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { OfflineIcon } from './icons';
import styles from './offline.module.css';

/**
 * Over every screen with the header while the browser has no connection (issue 47), loaded only then:
 * what still works, and the way to the saved chapters (not on the Offline screen itself).
 */
export default function OfflineBanner() {
  const { t } = useTranslation('offline');
  const { pathname } = useLocation();
  return (
    <div className={styles.banner} role="status">
      <OfflineIcon />
      <p>{t('banner.text')}</p>
      {pathname !== PAGE_PATTERNS.offline && (
        <Link to={PAGE_PATTERNS.offline} className={styles.secondary}>
          {t('banner.link')}
        </Link>
      )}
    </div>
  );
}
