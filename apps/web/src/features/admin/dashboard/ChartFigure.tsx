import { useTranslation } from '../../../i18n/use-translation';
import adminStyles from '../shell/admin.module.css';
import type { ChartData } from './chart-series';
import { toRows } from './chart-series';
import { downloadCsv } from './csv';
import styles from './dashboard.module.css';
import { UplotChart } from './UplotChart';
import { ScrollRegion } from '../shell/ScrollRegion';

/** A chart with its text alternative: the same numbers in a table (under "Show as table") and as CSV. */
export function ChartFigure({
  id,
  title,
  data,
  format,
  filename,
}: {
  id: string;
  title: string;
  data: ChartData;
  format: (value: number) => string;
  filename: string;
}) {
  const { t } = useTranslation('admin-dashboard');
  const rows = toRows(data, t('date'));
  return (
    <figure className={styles.figure} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className={styles.caption}>
        {title}
      </figcaption>
      {data.series.length === 0 ? <p className={adminStyles.muted}>{t('noData')}</p> : <UplotChart data={data} format={format} />}
      <div className={styles.figureActions}>
        <details>
          <summary>{t('showTable')}</summary>
          <ScrollRegion label={title}>
            <table className={adminStyles.table}>
              <caption className={adminStyles.muted}>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('date')}</th>
                  {data.series.map((s) => (
                    <th scope="col" key={s.label}>
                      <bdi>{s.label}</bdi>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.dates.map((date, i) => (
                  <tr key={date}>
                    <th scope="row">{date}</th>
                    {data.series.map((s) => (
                      <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
        <button type="button" className={adminStyles.secondary} onClick={() => downloadCsv(filename, rows)}>
          {t('downloadCsv')}
          <span className="visually-hidden">: {title}</span>
        </button>
      </div>
    </figure>
  );
}
