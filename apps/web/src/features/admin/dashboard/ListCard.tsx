import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { ScrollRegion } from '../shell/ScrollRegion';

/**
 * A dashboard card holding a titled two-column table (top books, who expires soon), scrollable on
 * narrow screens; a single "empty" row stands in when there are no rows.
 */
export function ListCard({ title, columns, rows }: { title: string; columns: readonly [string, string]; rows: ReactNode[] }) {
  const { t: common } = useTranslation('admin');
  return (
    <div className={styles.card}>
      <h2>{title}</h2>
      <ScrollRegion label={title}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows}
            {rows.length === 0 && (
              <tr>
                <td colSpan={2}>{common('empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
