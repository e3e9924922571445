import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { reloadPage } from './reload-page';
import styles from './UpdateToast.module.css';

/**
 * "Update ready — Reload" (app-notices.tsx): a new version of the app is installed and waits
 * (the worker, src/service-worker/, waits for this page's word). Reload lets it take over, then loads the page again
 * under it; Later hides the notice for this page (the new version then starts once every tab of
 * the site is closed).
 */
export function UpdateToast({ worker }: { worker: ServiceWorker }) {
  const { t } = useTranslation('webapp');
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  return (
    <div className={styles.toast} role="status">
      <p className={styles.text}>{t('update.ready')}</p>
      <button type="button" className={styles.primary} onClick={() => applyUpdate(worker)}>
        {t('update.reload')}
      </button>
      <button type="button" className={styles.secondary} onClick={() => setHidden(true)}>
        {t('update.later')}
      </button>
    </div>
  );
}

/**
 * Asks the waiting worker to take over and reloads once it controls the page. Another tab may
 * have done it already: the worker then controls this page too, and the page only reloads.
 */
function applyUpdate(worker: ServiceWorker): void {
  const { serviceWorker } = navigator;
  if (serviceWorker.controller === worker || worker.state === 'activated' || worker.state === 'redundant') {
    reloadPage();
    return;
  }
  serviceWorker.addEventListener('controllerchange', reloadPage, { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
