import type { AdminCoupon } from '@inkstream/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import styles from '../shell/admin.module.css';
import { DataTable } from '../shell/DataTable';
import { FilterSelect } from '../shell/FilterSelect';
import { formatDate, formatNumber } from '../shell/format';
import { CouponForm } from './CouponForm';
import { couponsApi, type CouponQuery } from './coupons-api';

const PAGE_SIZE = 50;
const STATES = ['active', 'disabled', 'expired', 'exhausted'] as const;

/** Coupons: the create form, then every coupon with its redemptions and state; a state filter lives in the address. */
export default function CouponsSection() {
  const { t } = useTranslation('admin-coupons');
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 0) || 0;
  const state = params.get('state') ?? undefined;
  const client = useQueryClient();
  const coupons = useQuery({
    queryKey: ['admin', 'coupons', page, state],
    // The address's value goes to the server as it is: it answers VALIDATION_FAILED to one it does not know.
    queryFn: () => couponsApi.list({ page, page_size: PAGE_SIZE, state: state as CouponQuery['state'] }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'coupons'] });
  const disable = useMutation({ mutationFn: couponsApi.disable, onSuccess: refresh });
  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (value === null || value === '') copy.delete(name);
      else copy.set(name, value);
      if (name !== 'page') copy.delete('page');
      return copy;
    });

  const grants = (coupon: AdminCoupon) =>
    coupon.months !== null ? t('months', { count: coupon.months }) : t('days', { count: coupon.days ?? 0 });

  return (
    <section aria-labelledby="coupons-heading">
      <div className={styles.heading}>
        <h1 id="coupons-heading">{t('title')}</h1>
      </div>
      <CouponForm onCreate={async (body) => couponsApi.create(body).then(refresh)} />
      <h2 id="coupon-list-heading">{t('list')}</h2>
      <div className={styles.filters}>
        <FilterSelect
          label={t('state')}
          any={t('anyState')}
          choices={STATES}
          choiceLabel={(name) => t(`states.${name}`)}
          field={{ value: state ?? '', onChange: (event) => setParam('state', event.target.value) }}
        />
      </div>
      <DataTable
        label={t('list')}
        labelledBy="coupon-list-heading"
        columns={[
          t('code'),
          t('grants'),
          t('redeemed'),
          t('expires'),
          t('state'),
          t('note'),
          <span className={styles.muted}>{t('actions')}</span>,
        ]}
        items={coupons.data?.items}
        rowKey={(coupon) => coupon.code}
        row={(coupon) => (
          <>
            <th scope="row">
              <code>{coupon.code}</code>
            </th>
            <td>{grants(coupon)}</td>
            <td>
              {formatNumber(coupon.redemption_count)} / {coupon.max_redemptions === null ? '∞' : formatNumber(coupon.max_redemptions)}
            </td>
            <td>{formatDate(coupon.expires_at)}</td>
            <td>{t(`states.${coupon.state}`)}</td>
            <td>{coupon.note ? <bdi>{coupon.note}</bdi> : '—'}</td>
            <td>
              {coupon.state !== 'disabled' && (
                <button
                  type="button"
                  className={styles.danger}
                  disabled={disable.isPending}
                  onClick={() => disable.mutate(coupon.code)}
                  aria-label={t('disableCode', { code: coupon.code })}
                >
                  {t('disable')}
                </button>
              )}
            </td>
          </>
        )}
        error={coupons.error?.message ?? disable.error?.message ?? null}
        pager={coupons.data && { page, pageSize: PAGE_SIZE, total: coupons.data.total, onPage: (next) => setParam('page', String(next)) }}
      />
    </section>
  );
}
