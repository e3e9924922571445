import { adminPath } from '@inkstream/contracts/routes';
import type { RefundOrderResult } from '@inkstream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';
import { formatAmount, formatDateTime } from '../shell/format';
import local from './orders.module.css';
import { ordersApi } from './orders-api';
import { CoinRefundSummary } from './CoinRefundSummary';
import { orderPlanLabel } from './order-plan';

/** One order: its facts, its provider events as a timeline, its grant, and the refund form for a paid order. */
export function OrderDetail() {
  const { orderId = '' } = useParams();
  const { t, i18n } = useTranslation('admin-orders');
  const { t: common } = useTranslation('admin');
  const client = useQueryClient();
  const order = useQuery({ queryKey: ['admin', 'order', orderId], queryFn: () => ordersApi.detail(orderId) });
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState<RefundOrderResult | null>(null);
  const isPack = order.data?.plan === 'coins';
  // A coin pack's confirmation says what the refund takes, as the server reckons it at that moment.
  const preview = useQuery({
    queryKey: ['admin', 'order', orderId, 'refund-preview'],
    queryFn: () => ordersApi.refundPreview(orderId),
    enabled: confirming && isPack,
    staleTime: 0,
    gcTime: 0,
  });
  const refund = useMutation({
    mutationFn: () => ordersApi.refund(orderId, reason.trim()),
    onSuccess: (result) => {
      client.setQueryData(['admin', 'order', orderId], result.order);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      setDone(result);
      setConfirming(false);
      setReason('');
      setErrors(NO_ERRORS);
    },
    onError: (error) => {
      setErrors(toFormErrors(error));
      setConfirming(false);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!reason.trim()) {
      setErrors({ fields: { reason: t('refund.reasonRequired') }, message: null });
      return;
    }
    if (!confirming) {
      setConfirming(true);
      return;
    }
    refund.mutate();
  };

  if (order.isPending) return <p className={styles.muted}>{common('loading')}</p>;
  if (order.error) return <FormNotice message={order.error.message} />;
  const o = order.data;
  return (
    <div className={local.stack}>
      <p>
        <Link to={adminPath.orders}>{t('back')}</Link>
      </p>
      <div className={styles.card}>
        <h2>
          {t('order')} <bdi>{o.order_id}</bdi>
        </h2>
        <dl className={local.facts}>
          <dt>{t('column.user')}</dt>
          <dd>
            <bdi>{o.user.username}</bdi>{' '}
            <span className={styles.muted}>
              (<bdi>{o.user.uuid}</bdi>)
            </span>
          </dd>
          <dt>{t('filter.status')}</dt>
          <dd>{t(`status.${o.status}`)}</dd>
          <dt>{t('filter.provider')}</dt>
          <dd>{t(`provider.${o.provider}`)}</dd>
          <dt>{t('column.plan')}</dt>
          <dd>{orderPlanLabel(o, t, i18n.language)}</dd>
          {o.gift && (
            <>
              <dt>{t('gift.title')}</dt>
              <dd data-testid="order-gift">
                {t(`gift.${o.gift.state}`, { date: formatDateTime(o.gift.cancelled_at) })}
                {o.gift.redeemed_by && (
                  <>
                    {' · '}
                    {t('gift.redeemedBy', { date: formatDateTime(o.gift.redeemed_at) })} <bdi>{o.gift.redeemed_by.username}</bdi>
                  </>
                )}
              </dd>
            </>
          )}
          <dt>{t('column.amount')}</dt>
          <dd>{formatAmount(o.amount_fen, o.currency)}</dd>
          <dt>{t('column.created')}</dt>
          <dd>{formatDateTime(o.created_at)}</dd>
          <dt>{t('column.paid')}</dt>
          <dd>{formatDateTime(o.paid_at)}</dd>
          <dt>{t('column.refunded')}</dt>
          <dd>{formatDateTime(o.refunded_at)}</dd>
          <dt>{t('column.txn')}</dt>
          <dd>
            <bdi>{o.provider_txn_id ?? '—'}</bdi>
          </dd>
          <dt>{t('grant.title')}</dt>
          <dd>
            {o.grant
              ? t(o.grant.revoked_at ? 'grant.revoked' : 'grant.running', {
                  start: formatDateTime(o.grant.starts_at),
                  end: formatDateTime(o.grant.ends_at),
                  revoked: formatDateTime(o.grant.revoked_at),
                })
              : t('grant.none')}
          </dd>
          {o.coin_refund && (
            <>
              <dt>{t('refund.coins.title')}</dt>
              <dd>
                <CoinRefundSummary refund={o.coin_refund} />
              </dd>
            </>
          )}
        </dl>
      </div>
      <div className={styles.card}>
        <h2>{t('events.title')}</h2>
        {o.events.length === 0 ? (
          <p className={styles.muted}>{t('events.none')}</p>
        ) : (
          <ol className={local.timeline}>
            {o.events.map((event) => (
              <li key={`${event.provider}:${event.event_id}`}>
                <time dateTime={event.received_at}>{formatDateTime(event.received_at)}</time> —{' '}
                {event.event_type ? (
                  <span title={event.event_type}>
                    {t(`eventType.${event.event_type.replace(/\./g, '_')}`, { defaultValue: event.event_type })}
                  </span>
                ) : (
                  <code>{event.event_id}</code>
                )}
                {event.summary && (
                  <>
                    : <bdi>{event.summary}</bdi>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      {done && (
        <div className={styles.success} role="status">
          {done.outcome === 'refunded' && done.order.plan === 'coins' ? t('refund.refundedCoins') : t(`refund.${done.outcome}`)}
          {done.order.coin_refund && (
            <>
              {' '}
              <CoinRefundSummary refund={done.order.coin_refund} />
            </>
          )}
        </div>
      )}
      {o.status === 'paid' && (
        <form className={styles.card} onSubmit={submit} aria-labelledby="refund-heading">
          <h2 id="refund-heading">{t('refund.title')}</h2>
          <p className={styles.muted}>{t(isPack ? 'refund.explainCoins' : 'refund.explain')}</p>
          <FormNotice message={errors.message} />
          <div className={styles.field}>
            <label htmlFor="refund-reason">{t('refund.reason')}</label>
            <textarea
              id="refund-reason"
              className={styles.input}
              value={reason}
              maxLength={500}
              rows={3}
              aria-invalid={errors.fields.reason ? true : undefined}
              aria-describedby={errors.fields.reason ? 'refund-reason-error' : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setConfirming(false);
              }}
            />
            <FieldError id="refund-reason-error" message={errors.fields.reason} />
          </div>
          {confirming && (
            <div role="alert" className={styles.notice}>
              {t('refund.confirmText', { amount: formatAmount(o.amount_fen, o.currency), user: o.user.username })}
              {isPack && (
                <>
                  {' '}
                  {preview.data?.coin_refund ? (
                    <CoinRefundSummary refund={preview.data.coin_refund} />
                  ) : preview.error ? (
                    <FormNotice message={preview.error.message} />
                  ) : (
                    <span>{t('refund.previewLoading')}</span>
                  )}
                </>
              )}
            </div>
          )}
          <div className={local.actions}>
            <button
              type="submit"
              className={confirming ? styles.danger : styles.button}
              disabled={refund.isPending || (confirming && isPack && !preview.data)}
            >
              {refund.isPending ? common('loading') : confirming ? t('refund.confirm') : t('refund.submit')}
            </button>
            {confirming && (
              <button type="button" className={styles.secondary} onClick={() => setConfirming(false)}>
                {common('cancel')}
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
