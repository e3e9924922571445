import { adminPath } from '@inkstream/contracts/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { formatDateTime, formatFen, formatNumber } from '../shell/format';
import { membersData, readingData, revenueData } from './chart-series';
import { ChartFigure } from './ChartFigure';
import { CoinReportCard } from './CoinReportCard';
import { SubscriptionFigures } from './SubscriptionFigures';
import { planNameOf } from '../orders/order-plan';
import { ListCard } from './ListCard';
import { statsApi } from './dashboard-api';
import local from './dashboard.module.css';

/** The dashboard: revenue, members and reading per UTC day over 30 or 90 days, members now, who expires soon, top books. */
export default function DashboardSection() {
  const { t } = useTranslation('admin-dashboard');
  const { t: common } = useTranslation('admin');
  const { t: orders } = useTranslation('admin-orders');
  const [params, setParams] = useSearchParams();
  const days = params.get('days') === '90' ? 90 : 30;
  const stats = useQuery({ queryKey: ['admin', 'stats', days], queryFn: () => statsApi.get(days), placeholderData: keepPreviousData });
  const data = stats.data;
  // Each line named as the orders name providers and plans, never by the API's `provider:plan` key.
  const revenue = useMemo(
    () =>
      data
        ? revenueData(data, (provider, plan) =>
            [orders(`provider.${provider}`, { defaultValue: provider }), plan && planNameOf(plan, orders)].filter(Boolean).join(' · '),
          )
        : null,
    [data, orders],
  );
  const members = useMemo(() => (data ? membersData(data, t('newMembers')) : null), [data, t]);
  const reading = useMemo(() => (data ? readingData(data, { starts: t('starts'), finishes: t('finishes') }) : null), [data, t]);
  const fen = useCallback((value: number) => formatFen(value), []);
  const count = useCallback((value: number) => formatNumber(value), []);

  return (
    <section aria-labelledby="dashboard-heading">
      <div className={styles.heading}>
        <h1 id="dashboard-heading">{t('title')}</h1>
        <fieldset className={local.range}>
          <legend>{t('range')}</legend>
          {([30, 90] as const).map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="dashboard-range"
                checked={days === option}
                onChange={() => setParams(option === 30 ? {} : { days: String(option) })}
              />
              {t('lastDays', { count: option })}
            </label>
          ))}
        </fieldset>
      </div>
      <FormNotice message={stats.error ? stats.error.message : null} />
      {!data && !stats.error && <p className={styles.muted}>{common('loading')}</p>}
      {data && revenue && members && reading && (
        <>
          <dl className={local.kpis}>
            <div className={`${styles.card} ${local.kpi}`}>
              <dt>{t('activeMembers')}</dt>
              <dd>{formatNumber(data.active_members)}</dd>
            </div>
            <div className={`${styles.card} ${local.kpi}`}>
              <dt>{t('newMembersTotal', { count: days })}</dt>
              <dd>{formatNumber(data.new_members_total)}</dd>
            </div>
            <div className={`${styles.card} ${local.kpi}`}>
              <dt>{t('revenueTotal', { count: days })}</dt>
              <dd>{formatFen(revenue.series.reduce((sum, s) => sum + s.values.reduce((a, b) => a + b, 0), 0))}</dd>
            </div>
          </dl>
          <p className={styles.muted}>{t('revenueNote')}</p>
          <SubscriptionFigures figures={data.subscriptions} />
          <div className={local.grid}>
            <ChartFigure id="revenue" title={t('revenue')} data={revenue} format={fen} filename={`revenue-${days}d.csv`} />
            <ChartFigure id="members" title={t('newMembers')} data={members} format={count} filename={`new-members-${days}d.csv`} />
            <ChartFigure id="reading" title={t('reading')} data={reading} format={count} filename={`reading-${days}d.csv`} />
            <ListCard
              title={t('topBooks')}
              columns={[t('book'), t('reads')]}
              rows={data.top_books.map((book) => (
                <tr key={book.book_uuid}>
                  <td>
                    <Link to={adminPath.book(book.book_uuid)}>
                      <bdi lang={book.title_language}>{book.title || book.book_uuid}</bdi>
                    </Link>
                  </td>
                  <td>{formatNumber(book.reads)}</td>
                </tr>
              ))}
            />
            <ListCard
              title={t('expiring')}
              columns={[t('member'), t('expireAt')]}
              rows={data.expiring_7d.map((member) => (
                <tr key={member.uuid}>
                  <td>
                    <bdi>{member.username}</bdi>
                  </td>
                  <td>{formatDateTime(member.expire_at)}</td>
                </tr>
              ))}
            />
          </div>
          <CoinReportCard days={days} />
        </>
      )}
    </section>
  );
}
