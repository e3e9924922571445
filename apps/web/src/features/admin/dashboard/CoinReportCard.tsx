import { adminPath } from '@inkstream/contracts/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { coinsApi } from '../coins/coins-api';
import { consoleLanguage } from '../shell/admin-api';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { formatAmount, formatNumber } from '../shell/format';
import { ListCard } from './ListCard';
import local from './dashboard.module.css';

const DAY_MS = 86_400_000;

/**
 * Coins on the dashboard (issue 42), over the dashboard's window: coins sold and spent, what
 * readers hold now (owed to them: a liability), unlocks, revenue by rail and model, top books.
 */
export function CoinReportCard({ days }: { days: 30 | 90 }) {
  const { t } = useTranslation('admin-coins');
  const { t: orders } = useTranslation('admin-orders');
  // The window ends at the hour, so the query's key (and the browser's cache of it) holds for a while.
  const period = useMemo(() => {
    const to = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
    return { from: new Date(to - days * DAY_MS).toISOString(), to: new Date(to).toISOString() };
  }, [days]);
  const report = useQuery({
    queryKey: ['admin', 'coin-report', period.from, period.to],
    queryFn: () => coinsApi.report({ ...period, language: consoleLanguage() }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const kpis = data
    ? ([
        ['sold', data.coins_sold + data.bonus_coins],
        ['spent', data.coins_spent],
        ['outstanding', data.outstanding],
        ['unlocks', data.unlocks],
        ['freeUnlocks', data.free_unlocks],
      ] as const)
    : [];

  return (
    <section aria-labelledby="coin-report-heading">
      <h2 id="coin-report-heading">{t('report.title', { count: days })}</h2>
      <FormNotice message={report.error ? report.error.message : null} />
      {data && (
        <>
          <dl className={local.kpis}>
            {kpis.map(([key, value]) => (
              <div key={key} className={`${styles.card} ${local.kpi}`}>
                <dt>{t(`report.${key}`)}</dt>
                <dd>{formatNumber(value)}</dd>
              </div>
            ))}
          </dl>
          <p className={styles.muted}>
            {t('report.note', {
              bonus: formatNumber(data.bonus_coins),
              granted: formatNumber(data.coins_granted),
              paid: formatNumber(data.outstanding_paid),
              refunded: formatNumber(data.coins_refunded),
              expired: formatNumber(data.coins_expired),
            })}
          </p>
          <div className={local.grid}>
            <ListCard
              title={t('report.revenue')}
              columns={[t('report.rail'), t('report.amount')]}
              rows={data.revenue.map((line) => (
                <tr key={`${line.provider}|${line.model}|${line.currency}`}>
                  <td>
                    {orders(`provider.${line.provider}`, { defaultValue: line.provider })} · {t(`report.models.${line.model}`)}
                  </td>
                  <td>
                    {formatAmount(line.amount, line.currency)} ({t('report.orders', { count: line.orders })})
                  </td>
                </tr>
              ))}
            />
            <ListCard
              title={t('report.books')}
              columns={[t('report.book'), t('report.spent')]}
              rows={data.books.map((book) => (
                <tr key={book.book_uuid}>
                  <td>
                    <Link to={adminPath.book(book.book_uuid)}>
                      <bdi>{book.title || book.book_uuid}</bdi>
                    </Link>
                  </td>
                  <td>
                    {formatNumber(book.coins_spent)} ({t('report.bookUnlocks', { unlocks: book.unlocks, free: book.free_unlocks })})
                  </td>
                </tr>
              ))}
            />
          </div>
        </>
      )}
    </section>
  );
}
