import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { CouponDialog } from './CouponDialog';
import { offersWeChatPay, PLANS, type Plan } from './plans';
import styles from './forms.module.css';
import profile from './profile.module.css';

export type PaymentMethod = 'wechat' | 'card';

interface TopUpSectionProps {
  userUuid: string;
  language: string;
  /** The payments issue plugs its flows in here; until then every buy control stays disabled. */
  onBuy?: (plan: Plan, method: PaymentMethod) => void;
}

/** Top-up layout per language (spec section 2): zh-cn adds WeChat Pay plan cards before the card-payment buttons. */
export function TopUpSection({ userUuid, language, onBuy }: TopUpSectionProps) {
  const { t } = useTranslation('profile');
  const [couponOpen, setCouponOpen] = useState(false);
  const { data: config } = useQuery({ queryKey: ['public-config'], queryFn: api.publicConfig, staleTime: 5 * 60_000 });
  const wechatEnabled = Boolean(onBuy && config?.payments.wechat.enabled);
  const cardEnabled = Boolean(onBuy && config?.payments.stripe.enabled);
  const showSoon = !wechatEnabled || !cardEnabled;

  return (
    <section className={profile.section} aria-labelledby="top-up-title">
      <h2 id="top-up-title" className={profile.sectionTitle}>
        {t('topUp.heading')}
      </h2>
      {showSoon && (
        <p id="payments-soon" className={profile.soon}>
          {t('topUp.comingSoon')}
        </p>
      )}
      {offersWeChatPay(language) && (
        <div className={profile.group}>
          <h3 className={profile.groupTitle}>{t('topUp.wechatHeading')}</h3>
          <ul className={profile.plans}>
            {PLANS.map((plan) => (
              <li key={plan.id} className={profile.planCard}>
                <span className={profile.planName}>{t(`topUp.plans.${plan.id}`)}</span>
                <span className={profile.planMeta}>{t('topUp.duration', { count: plan.months })}</span>
                <span className={profile.planPrice}>{t('topUp.price', { amount: plan.priceYuan })}</span>
                <button
                  type="button"
                  className={styles.primary}
                  disabled={!wechatEnabled}
                  aria-describedby={wechatEnabled ? undefined : 'payments-soon'}
                  aria-label={t('topUp.choosePlan', { plan: t(`topUp.plans.${plan.id}`) })}
                  onClick={() => onBuy?.(plan, 'wechat')}
                >
                  {t('topUp.choose')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className={profile.group}>
        <h3 className={profile.groupTitle}>{t('topUp.cardHeading')}</h3>
        <div className={profile.buyButtons}>
          {PLANS.map((plan) => (
            <button
              key={plan.id}
              type="button"
              className={styles.primary}
              data-client-reference-id={userUuid}
              disabled={!cardEnabled}
              aria-describedby={cardEnabled ? undefined : 'payments-soon'}
              onClick={() => onBuy?.(plan, 'card')}
            >
              {t(`topUp.buy.${plan.id}`)}
            </button>
          ))}
        </div>
      </div>
      <button type="button" className={styles.secondary} onClick={() => setCouponOpen(true)}>
        {t('topUp.coupon')}
      </button>
      <CouponDialog open={couponOpen} onClose={() => setCouponOpen(false)} />
    </section>
  );
}
