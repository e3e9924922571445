import { useTranslation } from 'react-i18next';
import styles from '../shell/admin.module.css';

/** Placeholder until this section of the console lands (docs/ADMIN.md). */
export default function SettingsSection() {
  const { t } = useTranslation('admin');
  return (
    <div className={styles.heading}>
      <h1>{t('nav.settings')}</h1>
    </div>
  );
}
