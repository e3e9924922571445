import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './admin.module.css';

/** A list's filters and their Filter button; `search` makes it a search landmark (a list with a search field). */
export function FilterForm({
  onSubmit,
  label,
  search = false,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  label?: string;
  search?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <form className={styles.filters} onSubmit={onSubmit} role={search ? 'search' : undefined} aria-label={label}>
      {children}
      <button type="submit" className={styles.button}>
        {t('filter')}
      </button>
    </form>
  );
}
