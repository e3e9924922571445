import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { formatDateTime } from '../shell/format';
import { useCursorPages } from '../shell/cursor-pages';
import { Pager } from '../shell/Pager';
import { formatAmount } from './format-amount';
import { ordersApi, PROVIDERS, STATUSES } from './orders-api';
import { ScrollRegion } from '../shell/ScrollRegion';

const PAGE_SIZE = 50;
const FILTERS = ['user', 'provider', 'status', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
const DAY_MS = 86_400_000;

/** A day chosen in the form (YYYY-MM-DD, UTC) as the instant the server filters by; `to` includes its whole day. */
function toInstant(name: Filter, value: string | undefined): string | undefined {
  if (!value || !/^\d{4}-\d\d-\d\d$/.test(value)) return undefined;
  const start = Date.parse(`${value}T00:00:00.000Z`);
  if (Number.isNaN(start)) return undefined;
  return new Date(name === 'to' ? start + DAY_MS : start).toISOString();
}

/** Orders, newest first; the filters live in the address so a filtered list can be shared. */
export function OrdersList() {
  const { t } = useTranslation('admin-orders');
  const { t: common } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<Filter, string>;
  const [draft, setDraft] = useState(values);
  // The list pages by cursor (the server counts only so far); new filters start at the first page.
  const pages = useCursorPages(JSON.stringify(values));
  const query = {
    page_size: PAGE_SIZE,
    cursor: pages.cursor,
    user: values.user || undefined,
    provider: values.provider || undefined,
    status: values.status || undefined,
    from: toInstant('from', values.from),
    to: toInstant('to', values.to),
  };
  const orders = useQuery({
    queryKey: ['admin', 'orders', query],
    queryFn: () => ordersApi.list(query),
    placeholderData: keepPreviousData,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name].trim()) next.set(name, draft[name].trim());
    setParams(next);
  };
  const set = (name: Filter) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  return (
    <>
      <form className={styles.filters} onSubmit={apply} aria-label={t('filters')}>
        <label>
          {t('filter.user')}
          <input className={styles.input} value={draft.user} onChange={set('user')} maxLength={64} />
        </label>
        <label>
          {t('filter.provider')}
          <select className={styles.input} value={draft.provider} onChange={set('provider')}>
            <option value="">{t('any')}</option>
            {PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {t(`provider.${provider}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filter.status')}
          <select className={styles.input} value={draft.status} onChange={set('status')}>
            <option value="">{t('any')}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('filter.from')}
          <input type="date" className={styles.input} value={draft.from} onChange={set('from')} />
        </label>
        <label>
          {t('filter.to')}
          <input type="date" className={styles.input} value={draft.to} onChange={set('to')} />
        </label>
        <button type="submit" className={styles.button}>
          {common('filter')}
        </button>
      </form>
      <FormNotice message={orders.error ? orders.error.message : null} />
      <ScrollRegion label={t('title')}>
        <table className={styles.table}>
          <caption className={styles.muted}>{t('caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('column.order')}</th>
              <th scope="col">{t('column.user')}</th>
              <th scope="col">{t('filter.provider')}</th>
              <th scope="col">{t('column.plan')}</th>
              <th scope="col">{t('column.amount')}</th>
              <th scope="col">{t('filter.status')}</th>
              <th scope="col">{t('column.created')}</th>
              <th scope="col">{t('column.paid')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.data?.items.map((order) => (
              <tr key={order.order_id}>
                <td>
                  <Link to={`/admin/orders/${encodeURIComponent(order.order_id)}`}>
                    <bdi>{order.order_id}</bdi>
                  </Link>
                </td>
                <td>
                  <bdi>{order.user.username}</bdi>
                </td>
                <td>{t(`provider.${order.provider}`)}</td>
                <td>{t(`plan.${order.plan}`)}</td>
                <td>{formatAmount(order.amount_fen, order.currency)}</td>
                <td>{t(`status.${order.status}`)}</td>
                <td>{formatDateTime(order.created_at)}</td>
                <td>{formatDateTime(order.paid_at)}</td>
              </tr>
            ))}
            {orders.data?.items.length === 0 && (
              <tr>
                <td colSpan={8}>{common('empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {orders.data && (
        <Pager
          page={pages.page}
          pageSize={PAGE_SIZE}
          total={orders.data.total}
          totalIsLowerBound={orders.data.total_is_lower_bound}
          hasNext={Boolean(orders.data.next_cursor)}
          position={pages.position}
          shown={orders.data.items.length}
          onPage={(next) =>
            next > pages.page && orders.data.next_cursor ? pages.next(orders.data.next_cursor, orders.data.items.length) : pages.previous()
          }
        />
      )}
    </>
  );
}
