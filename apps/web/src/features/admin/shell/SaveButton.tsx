import { useTranslation } from '../../../i18n/use-translation';
import styles from './admin.module.css';

/** A settings form's Save button, and "Saved" told once the change is stored (a status screen readers hear). */
export function SaveButton({ save }: { save: { isPending: boolean; isSuccess: boolean } }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <button type="submit" className={styles.button} disabled={save.isPending}>
        {t('save')}
      </button>
      {save.isSuccess && (
        <p className={styles.success} role="status">
          {t('saved')}
        </p>
      )}
    </>
  );
}
