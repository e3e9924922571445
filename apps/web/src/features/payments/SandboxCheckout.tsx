import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { formatCount, formatLength } from '@inkstream/contracts/formats';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import type { PaymentStatusValue } from '@inkstream/contracts';
import { ApiError } from '../../lib/api-client';
import { accountApi } from '../../lib/api-account';
import { formatFen } from '../../lib/format-price';
import { usePageTitle } from '../../components/use-page-title';
import forms from '../../components/forms.module.css';
import styles from './payments.module.css';

/**
 * The sandbox provider's checkout (contract call 20): where the sandbox QR code and card buttons lead.
 * No login needed, as a payer scanning with a phone is not logged in there.
 */
export function SandboxCheckout({ orderId, checkoutToken }: { orderId: string; checkoutToken: string | null }) {
  const { t, i18n } = useTranslation('payments');
  usePageTitle(t('checkout.title'));
  const order = useQuery({
    queryKey: ['sandbox-order', orderId],
    queryFn: () => accountApi.sandboxOrder(orderId, checkoutToken),
    retry: false,
  });
  const pay = useMutation({ mutationFn: (outcome: 'succeeded' | 'failed') => accountApi.sandboxPay(orderId, outcome, checkoutToken) });
  const status: PaymentStatusValue | undefined = pay.data?.status ?? order.data?.status;

  return (
    <div className={styles.checkout}>
      <section className={styles.checkoutCard} aria-labelledby="checkout-title">
        <h1 id="checkout-title" className={`${styles.checkoutTitle} ${styles.headingRow}`}>
          {t('checkout.heading')}
          <span className={styles.sandboxBadge}>{t('sandbox.badge')}</span>
        </h1>
        <p className={styles.sandboxNotice}>{t('checkout.explain')}</p>
        {order.isPending ? (
          <Loading />
        ) : order.isError ? (
          <p role="alert" className={forms.error}>
            {order.error instanceof ApiError && order.error.status === 404 ? t('checkout.notFound') : t('common:status.error')}
          </p>
        ) : (
          <>
            <dl className={styles.details}>
              <dt>{t('checkout.plan')}</dt>
              <dd>
                {order.data.plan === 'coins'
                  ? t('checkout.coins', { count: order.data.coins, formatted: formatCount(order.data.coins, i18n.language) })
                  : `${t(`plans:names.${order.data.plan}`)} (${formatLength({ months: order.data.months }, i18n.language)})`}
              </dd>
              <dt>{t('checkout.amount')}</dt>
              <dd>{formatFen(order.data.amount_fen, i18n.language)}</dd>
              <dt>{t('checkout.order')}</dt>
              <dd dir="ltr">{order.data.order_id}</dd>
            </dl>
            {status === 'requires_action' ? (
              <>
                {pay.isError && (
                  <p role="alert" className={forms.error}>
                    {t('checkout.error')}
                  </p>
                )}
                <div className={styles.outcomes}>
                  <button type="button" className={forms.primary} disabled={pay.isPending} onClick={() => pay.mutate('succeeded')}>
                    {t('checkout.pay')}
                  </button>
                  <button type="button" className={forms.secondary} disabled={pay.isPending} onClick={() => pay.mutate('failed')}>
                    {t('checkout.fail')}
                  </button>
                </div>
                {pay.isPending && <p role="status">{t('checkout.sending')}</p>}
              </>
            ) : (
              <p role="status" className={status === 'succeeded' ? forms.success : forms.error}>
                {t(
                  status === 'succeeded'
                    ? order.data.plan === 'coins'
                      ? 'checkout.succeededCoins'
                      : order.data.gift
                        ? 'checkout.succeededGift'
                        : 'checkout.succeeded'
                    : status === 'expired'
                      ? 'checkout.expired'
                      : 'checkout.failed',
                )}
              </p>
            )}
          </>
        )}
        <Link to={PAGE_PATTERNS.profile} className={forms.secondary}>
          {t('checkout.toProfile')}
        </Link>
      </section>
    </div>
  );
}
