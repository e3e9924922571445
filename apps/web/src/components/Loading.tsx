import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { useOffline } from '../lib/online';
import styles from './Loading.module.css';

/**
 * What a screen shows while its data is on its way. Without a connection nothing is on its way (the
 * queries wait for it): the screen says so, with the way to the chapters saved for offline reading
 * (issue 47), rather than a spinner that never ends.
 */
export function Loading() {
  const { t } = useTranslation();
  const isOffline = useOffline();
  if (isOffline) {
    return (
      <div className={styles.loading} role="status">
        <p className={styles.offline}>
          {t('status.offline')} <Link to={PAGE_PATTERNS.offline}>{t('status.offlineLink')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {t('status.loading')}
    </div>
  );
}
