import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './admin.module.css';
import { FormNotice } from './FieldError';
import { Pager } from './Pager';
import { ScrollRegion } from './ScrollRegion';

/**
 * A console list: its error, the table in a labelled scroll region (column headers, one row per
 * item, "empty" when there is none), then the Pager once the first answer is in.
 */
export function DataTable<T>({
  label,
  caption,
  labelledBy,
  columns,
  items,
  rowKey,
  row,
  error,
  pager,
}: {
  /** The scroll region's name. */
  label: string;
  caption?: ReactNode;
  /** The table's aria-labelledby, when a heading names it. */
  labelledBy?: string;
  columns: readonly ReactNode[];
  /** undefined until the first answer. */
  items: readonly T[] | undefined;
  rowKey: (item: T) => string | number;
  /** The row's cells. */
  row: (item: T) => ReactNode;
  error?: string | null | undefined;
  pager?: Parameters<typeof Pager>[0] | undefined;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <FormNotice message={error ?? null} />
      <ScrollRegion label={label}>
        <table className={styles.table} aria-labelledby={labelledBy}>
          {caption && <caption className={styles.muted}>{caption}</caption>}
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={index} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items?.map((item) => (
              <tr key={rowKey(item)}>{row(item)}</tr>
            ))}
            {items?.length === 0 && (
              <tr>
                <td colSpan={columns.length}>{t('empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {pager && <Pager {...pager} />}
    </>
  );
}
