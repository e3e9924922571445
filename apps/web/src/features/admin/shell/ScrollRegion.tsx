import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './admin.module.css';

/**
 * The wrapper of every wide console table: on a phone it scrolls sideways, so it is a named region
 * that takes keyboard focus (arrow keys scroll it; WCAG 2.1.1), announced by its label.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    // "Table: Chapters", not "Chapters": the section around it often has that name already.
    <div className={styles.tableWrap} role="region" aria-label={t('tableOf', { name: label })} tabIndex={0}>
      {children}
    </div>
  );
}
