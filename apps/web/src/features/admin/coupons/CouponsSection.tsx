import type { AdminCoupon } from '@inkstream/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from 'react-router';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { formatDate, formatNumber } from '../shell/format';
import { Pager } from '../shell/Pager';
import { CouponForm } from './CouponForm';
import { couponsApi, type CouponQuery } from './coupons-api';
import { ScrollRegion } from '../shell/ScrollRegion';

const PAGE_SIZE = 50;
const STATES = ['active', 'disabled', 'expired', 'exhausted'] as const;

/** Coupons: the create form, then every coupon with its redemptions and state; a state filter lives in the address. */
export default function CouponsSection() {
  const { t } = useTranslation('admin-coupons');
  const { t: common } = useTranslation('admin');
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
        <label>
          {t('state')}
          <select className={styles.input} value={state ?? ''} onChange={(event) => setParam('state', event.target.value)}>
            <option value="">{t('anyState')}</option>
            {STATES.map((name) => (
              <option key={name} value={name}>
                {t(`states.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FormNotice message={coupons.error?.message ?? disable.error?.message ?? null} />
      <ScrollRegion label={t('list')}>
        <table className={styles.table} aria-labelledby="coupon-list-heading">
          <thead>
            <tr>
              <th scope="col">{t('code')}</th>
              <th scope="col">{t('grants')}</th>
              <th scope="col">{t('redeemed')}</th>
              <th scope="col">{t('expires')}</th>
              <th scope="col">{t('state')}</th>
              <th scope="col">{t('note')}</th>
              <th scope="col">
                <span className={styles.muted}>{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {coupons.data?.items.map((coupon) => (
              <tr key={coupon.code}>
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
              </tr>
            ))}
            {coupons.data?.items.length === 0 && (
              <tr>
                <td colSpan={7}>{common('empty')}</td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {coupons.data && (
        <Pager page={page} pageSize={PAGE_SIZE} total={coupons.data.total} onPage={(next) => setParam('page', String(next))} />
      )}
    </section>
  );
}
