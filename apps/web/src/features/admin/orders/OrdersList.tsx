import { adminPath } from '@inkstream/contracts/routes';
import type { AdminOrderListQuery } from '@inkstream/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { DataTable } from '../shell/DataTable';
import { FilterForm } from '../shell/FilterForm';
import { FilterSelect } from '../shell/FilterSelect';
import { formatAmount, formatDateTime } from '../shell/format';
import { useListParams } from '../shell/use-list-params';
import { orderPlanLabel } from './order-plan';
import { ordersApi, PROVIDERS, STATUSES } from './orders-api';

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
  const { t, i18n } = useTranslation('admin-orders');
  // The list pages by cursor (the server counts only so far); new filters start at the first page.
  const list = useListParams({ filters: FILTERS, pageSize: PAGE_SIZE, paging: 'cursor' });
  const query = { ...list.query, from: toInstant('from', list.values.from), to: toInstant('to', list.values.to) } as AdminOrderListQuery;
  const orders = useQuery({
    queryKey: ['admin', 'orders', query],
    queryFn: () => ordersApi.list(query),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <FilterForm onSubmit={list.apply} label={t('filters')}>
        <label>
          {t('filter.user')}
          <input className={styles.input} {...list.field('user')} maxLength={64} />
        </label>
        <FilterSelect
          label={t('filter.provider')}
          any={t('any')}
          choices={PROVIDERS}
          choiceLabel={(provider) => t(`provider.${provider}`)}
          field={list.field('provider')}
        />
        <FilterSelect
          label={t('filter.status')}
          any={t('any')}
          choices={STATUSES}
          choiceLabel={(status) => t(`status.${status}`)}
          field={list.field('status')}
        />
        <label>
          {t('filter.from')}
          <input type="date" className={styles.input} {...list.field('from')} />
        </label>
        <label>
          {t('filter.to')}
          <input type="date" className={styles.input} {...list.field('to')} />
        </label>
      </FilterForm>
      <DataTable
        label={t('title')}
        caption={t('caption')}
        columns={[
          t('column.order'),
          t('column.user'),
          t('filter.provider'),
          t('column.plan'),
          t('column.amount'),
          t('filter.status'),
          t('column.created'),
          t('column.paid'),
        ]}
        items={orders.data?.items}
        rowKey={(order) => order.order_id}
        row={(order) => (
          <>
            <td>
              <Link to={adminPath.order(order.order_id)}>
                <bdi>{order.order_id}</bdi>
              </Link>
            </td>
            <td>
              <bdi>{order.user.username}</bdi>
            </td>
            <td>{t(`provider.${order.provider}`)}</td>
            <td>{orderPlanLabel(order, t, i18n.language)}</td>
            <td>{formatAmount(order.amount_fen, order.currency)}</td>
            <td>{t(`status.${order.status}`)}</td>
            <td>{formatDateTime(order.created_at)}</td>
            <td>{formatDateTime(order.paid_at)}</td>
          </>
        )}
        error={orders.error?.message}
        pager={orders.data && list.pager(orders.data)}
      />
    </>
  );
}
