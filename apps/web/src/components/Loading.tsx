import { useTranslation } from '../i18n/use-translation';
import styles from './Loading.module.css';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {t('status.loading')}
    </div>
  );
}
