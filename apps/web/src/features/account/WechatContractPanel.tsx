import type { WechatContract } from '@inkstream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { api, ApiError } from '../../lib/api-client';
import { formatYuan } from '../../lib/format-price';
import { currentLanguage } from '../../lib/language';
import { paymentStyles as payments } from '../payments';
import { PLANS } from './plans';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

/** How often the signing screen asks where the contract stands (WeChat's notifications decide it). */
const POLL_MS = 2000;

const ERROR_KEYS: Record<string, string> = {
  SUBSCRIPTION_RUNNING: 'wechat.errors.running',
  SUBSCRIPTION_PROVIDER_FAILED: 'wechat.errors.provider',
  PAYMENT_UNAVAILABLE: 'wechat.errors.unavailable',
  RATE_LIMITED: 'errors.rateLimited',
};
const errorKey = (error: unknown) => (error instanceof ApiError && ERROR_KEYS[error.code]) || 'errors.generic';

/**
 * Issue 59, WeChat Pay contract deduction (委托代扣): the plans sold renewing with WeChat Pay, and
 * the signing screen: WeChat's page as a QR code, then what the server says the contract became
 * (signed and charging, active, failed). The browser never decides a state itself.
 */
export function WechatContractPanel() {
  const { t } = useTranslation('renewal');
  const queryClient = useQueryClient();
  const start = useMutation({ mutationFn: api.startWechatContract });
  const created = start.data;
  const { data: polled } = useQuery({
    queryKey: ['account', 'wechat-contract', created?.contract_code],
    queryFn: () => api.wechatContract(created!.contract_code),
    enabled: created !== undefined,
    refetchInterval: (query) => (isSettled(query.state.data) ? false : POLL_MS),
  });
  const contract: WechatContract | undefined = polled ?? created;
  const settled = isSettled(contract);
  const active = polled?.state === 'active';
  useEffect(() => {
    if (!active) return;
    // The profile's renewal section and membership follow what the server now holds.
    void queryClient.invalidateQueries({ queryKey: ['account', 'subscription'] });
    void queryClient.invalidateQueries({ queryKey: ['account', 'membership'] });
  }, [active, queryClient]);

  if (!contract) {
    return (
      <div className={profile.group} data-testid="wechat-renewing">
        <h3 className={profile.groupTitle}>{t('wechat.heading')}</h3>
        <p className={profile.sectionText}>{t('wechat.terms')}</p>
        {start.error && (
          <p role="alert" className={styles.error}>
            {t(errorKey(start.error))}
          </p>
        )}
        <div className={profile.buyButtons}>
          {PLANS.map((plan) => (
            <button key={plan.id} type="button" className={styles.primary} disabled={start.isPending} onClick={() => start.mutate(plan.id)}>
              {t(`wechat.sign.${plan.id}`)} <span className={profile.buttonPrice}>{formatYuan(plan.priceYuan, currentLanguage())}</span>
            </button>
          ))}
        </div>
      </div>
    );
  }

  const plan = t(`plans:names.${contract.plan}`);
  return (
    <div className={payments.panel} data-testid="wechat-contract" data-state={contract.state}>
      <h3 className={payments.panelTitle}>
        {t('wechat.signHeading', { plan, price: formatYuan(contract.price / 100, currentLanguage()) })}
      </h3>
      {contract.state === 'waiting' && created?.qr_code && (
        <div className={payments.qrBox}>
          <img className={payments.qr} src={created.qr_code} alt={t('wechat.qrAlt', { plan })} width={240} height={240} />
        </div>
      )}
      <p
        role={settled ? (contract.state === 'active' ? 'status' : 'alert') : 'status'}
        className={
          contract.state === 'active'
            ? styles.success
            : contract.state === 'waiting' || contract.state === 'signed'
              ? payments.instructions
              : styles.error
        }
      >
        {t(`wechat.states.${contract.state}`)}
      </p>
      <button type="button" className={settled ? styles.primary : styles.secondary} onClick={() => start.reset()}>
        {settled ? t('wechat.done') : t('wechat.back')}
      </button>
    </div>
  );
}

const isSettled = (contract: WechatContract | undefined) =>
  contract !== undefined && (contract.state === 'active' || contract.state === 'failed' || contract.state === 'ended');
