import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatYuan } from '../../lib/format-price';
import { currentLanguage } from '../../lib/language';
import type { PaymentState } from './payment-flow';
import { sandboxCheckoutPath } from './sandbox-checkout-url';
import forms from '../../components/forms.module.css';
import styles from './payments.module.css';

interface PaymentPanelProps {
  state: Exclude<PaymentState, { phase: 'idle' }>;
  priceYuan: number;
  sandbox: boolean;
  /** A coin pack (issue 42) names itself ("500 coins"); a membership plan is named from plans.json. */
  planName?: string;
  /** What the success says was added, when not membership time. */
  successText?: string;
  onCancel(): void;
  onReset(): void;
}

/** The pending, success and failed screens of the payment flow (spec sections 4 and 8). */
export function PaymentPanel({ state, priceYuan, sandbox, planName, successText, onCancel, onReset }: PaymentPanelProps) {
  const { t } = useTranslation('payments');
  const heading = useRef<HTMLHeadingElement>(null);
  const plan = planName ?? t(`plans:names.${state.plan}`);

  // The button that was clicked is gone; keyboard and screen-reader users continue from the new heading.
  useEffect(() => heading.current?.focus(), [state.phase]);

  if (state.phase === 'success') {
    return (
      <div className={styles.panel}>
        <h3 ref={heading} tabIndex={-1} className={styles.panelTitle}>
          {t('success.heading')}
        </h3>
        <p role="status" className={forms.success}>
          {successText ?? t('success.text')}
        </p>
        <button type="button" className={forms.primary} onClick={onReset}>
          {t('success.continue')}
        </button>
      </div>
    );
  }

  if (state.phase === 'failed') {
    return (
      <div className={styles.panel}>
        <h3 ref={heading} tabIndex={-1} className={`${styles.panelTitle} ${styles.failedTitle}`}>
          {t('failed.heading')}
        </h3>
        <p role="alert" className={forms.error}>
          {t(failureKey(state))}
        </p>
        {state.reason === 'timeout' && <p>{t('failed.timeoutPaidAnyway')}</p>}
        <button type="button" className={forms.primary} onClick={onReset}>
          {t('failed.reselect')}
        </button>
      </div>
    );
  }

  const { order } = state;
  return (
    <div className={styles.panel} aria-busy={!order}>
      <h3 ref={heading} tabIndex={-1} className={styles.panelTitle}>
        {t('pending.heading', { plan, price: formatYuan(priceYuan, currentLanguage()) })}
      </h3>
      {state.channel === 'wechat' && (
        <div className={styles.qrBox}>
          {order ? (
            <img className={styles.qr} src={order.qrCode} alt={t('pending.qrAlt', { plan })} width={240} height={240} />
          ) : (
            <span className={styles.spinner} aria-hidden="true" />
          )}
        </div>
      )}
      <p className={styles.instructions}>
        {!order ? t('pending.creating') : state.channel === 'wechat' ? t('pending.scan') : t('pending.card')}
      </p>
      {order && (sandbox || state.channel === 'card') && (
        <p>
          <a href={sandboxCheckoutPath(order.orderId)} target="_blank" rel="noopener" className={styles.link}>
            {t('pending.openCheckout')}
          </a>
        </p>
      )}
      {order && (
        <p role="status" className={styles.waiting}>
          <span className={styles.spinnerSmall} aria-hidden="true" />
          {t('pending.waiting')}
        </p>
      )}
      <button type="button" className={forms.secondary} onClick={onCancel}>
        {t('pending.cancel')}
      </button>
    </div>
  );
}

function failureKey(state: Extract<PaymentState, { phase: 'failed' }>): string {
  if (state.reason === 'timeout') return 'failed.timeout';
  if (state.reason === 'status') return 'failed.status';
  return state.code === 'PAYMENT_UNAVAILABLE' ? 'failed.unavailable' : 'failed.creation';
}
