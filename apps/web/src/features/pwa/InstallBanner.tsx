import { useTranslation } from '../../i18n/use-translation';
import styles from './InstallBanner.module.css';

/**
 * "Install Inkstream", offered once at a sensible moment (app-notices.tsx shows it when it is due,
 * install-offer.ts has the rule): Install shows the browser's own prompt; Not now keeps it away
 * for 30 days. A small card over the page's foot, never in its flow.
 */
export function InstallBanner({ onInstall, onNotNow }: { onInstall: () => void; onNotNow: () => void }) {
  const { t } = useTranslation('webapp');
  return (
    <section className={styles.banner} aria-labelledby="install-offer-title">
      <div className={styles.text}>
        {/* Not a heading: the banner comes and goes over any page, whose outline it must not change. */}
        <p className={styles.title} id="install-offer-title">
          {t('install.title')}
        </p>
        <p className={styles.body}>{t('install.body')}</p>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={onInstall}>
          {t('install.install')}
        </button>
        <button type="button" className={styles.secondary} onClick={onNotNow}>
          {t('install.notNow')}
        </button>
      </div>
    </section>
  );
}
