import { PROFILE_SECTIONS } from '@inkstream/contracts/routes';
import { formatLength } from '@inkstream/contracts/formats';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { publicConfigQuery } from '../../lib/public-config';
import {
  PaymentPanel,
  paymentOptions,
  paymentStyles as payments,
  reserveCheckoutWindow,
  StripeBuyButton,
  usePaymentFlow,
} from '../payments';
import { CouponDialog } from './CouponDialog';
import { RenewalOfferCard } from './RenewalOfferCard';
import { WechatContractPanel } from './WechatContractPanel';
import { api } from '../../lib/api-client';
import { offersWeChatPay, PLANS, type Plan } from './plans';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';
import { formatYuan } from '../../lib/format-price';
import { currentLanguage } from '../../lib/language';

interface TopUpSectionProps {
  userUuid: string;
  language: string;
}

/**
 * Top-up layout per language (spec section 2): zh-cn adds WeChat Pay plan cards before the card-payment
 * buttons. Choosing a plan runs the payment flow of spec section 4 in place of the choices.
 */
export function TopUpSection({ userUuid, language }: TopUpSectionProps) {
  const { t } = useTranslation('profile');
  const { t: tp } = useTranslation('payments');
  const { t: tr } = useTranslation('renewal');
  const [couponOpen, setCouponOpen] = useState(false);
  const { data: config, isPending } = useQuery({ ...publicConfigQuery(), staleTime: 5 * 60_000 });
  const options = paymentOptions(config);
  const flow = usePaymentFlow();
  const showWeChat = offersWeChatPay(language);
  const cardEnabled = options.card.kind !== 'off';
  const showSoon = !isPending && ((showWeChat && !options.wechat) || !cardEnabled);
  const active = flow.state.phase === 'idle' ? null : flow.state;

  // Issue 59: the same plan again in one tap, when the server offers it (a one-time member's last days).
  const { data: offer } = useQuery({ queryKey: ['account', 'renewal-offer'], queryFn: () => api.renewalOffer(), staleTime: 0 });
  const offered = offer ? PLANS.find((plan) => plan.id === offer.plan) : undefined;
  const renewOffered = !offered
    ? undefined
    : showWeChat && options.wechat
      ? () => flow.start(offered.id, { months: offered.months as 1 | 3 }, 'wechat')
      : options.card.kind === 'sandbox'
        ? () => buyWithCard(offered)
        : undefined;

  const buyWithCard = (plan: Plan) => flow.start(plan.id, { months: plan.months }, 'card', reserveCheckoutWindow());

  return (
    <section id={PROFILE_SECTIONS.topUp} className={profile.section} aria-labelledby="top-up-title">
      <h2 id="top-up-title" className={`${profile.sectionTitle} ${payments.headingRow}`}>
        {t('topUp.heading')}
        {options.sandbox && <span className={payments.sandboxBadge}>{tp('sandbox.badge')}</span>}
      </h2>
      {options.sandbox && <p className={payments.sandboxNotice}>{tp('sandbox.notice')}</p>}
      {showSoon && (
        <p id="payments-soon" className={profile.soon}>
          {t('topUp.comingSoon')}
        </p>
      )}
      {active ? (
        <PaymentPanel
          state={active}
          priceYuan={PLANS.find((plan) => plan.id === active.plan)?.priceYuan ?? 0}
          sandbox={options.sandbox}
          onCancel={flow.cancel}
          onReset={flow.reset}
        />
      ) : (
        <>
          {offer && offered && (
            <RenewalOfferCard
              offer={offer}
              {...(renewOffered ? { onRenew: renewOffered } : {})}
              button={
                options.card.kind === 'stripe' ? (
                  <StripeBuyButton
                    buyButtonId={options.card.buyButtons[offered.id]}
                    publishableKey={options.card.publishableKey}
                    clientReferenceId={userUuid}
                  />
                ) : undefined
              }
            />
          )}
          {showWeChat && (
            <div className={profile.group}>
              <h3 className={profile.groupTitle}>{t('topUp.wechatHeading')}</h3>
              <ul className={profile.plans}>
                {PLANS.map((plan) => (
                  <li key={plan.id} className={profile.planCard}>
                    <span className={profile.planName}>{t(`plans:names.${plan.id}`)}</span>
                    <span className={profile.planMeta}>{formatLength({ months: plan.months }, currentLanguage())}</span>
                    <span className={profile.planPrice}>{formatYuan(plan.priceYuan, currentLanguage())}</span>
                    <button
                      type="button"
                      className={styles.primary}
                      disabled={!options.wechat}
                      aria-describedby={options.wechat ? undefined : 'payments-soon'}
                      aria-label={t('topUp.choosePlan', { plan: t(`plans:names.${plan.id}`) })}
                      onClick={() => flow.start(plan.id, { months: plan.months }, 'wechat')}
                    >
                      {t('topUp.choose')}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {showWeChat && config?.payments.wechat.renewing && (
            // Issue 59: WeChat Pay contract deduction, where the merchant has it (the server says so).
            <WechatContractPanel />
          )}
          {options.card.kind === 'sandbox' && options.card.renewing && (
            // Issue 59: the sandbox sells the plans renewing too, through the same checkout page.
            <div className={profile.group} data-testid="renewing-buttons">
              <h3 className={profile.groupTitle}>{tr('buyHeading')}</h3>
              <p className={profile.sectionText}>{tr('buyTerms')}</p>
              <div className={profile.buyButtons}>
                {PLANS.map((plan) => (
                  <button
                    key={plan.id}
                    type="button"
                    className={styles.primary}
                    onClick={() => flow.start(plan.id, { months: plan.months as 1 | 3, renewing: true }, 'card', reserveCheckoutWindow())}
                  >
                    {tr(`buy.${plan.id}`)} <span className={profile.buttonPrice}>{formatYuan(plan.priceYuan, currentLanguage())}</span>
                  </button>
                ))}
              </div>
            </div>
          )}
          {options.card.kind === 'stripe' && Object.keys(options.card.renewingButtons).length > 0 && (
            // Issue 59: the plans sold renewing, first; the server says which (public config).
            <div className={profile.group} data-testid="renewing-buttons">
              <h3 className={profile.groupTitle}>{tr('buyHeading')}</h3>
              <p className={profile.sectionText}>{tr('buyTerms')}</p>
              <div className={profile.buyButtons}>
                {PLANS.map((plan) => {
                  const button = options.card.kind === 'stripe' ? options.card.renewingButtons[plan.id] : undefined;
                  return button && options.card.kind === 'stripe' ? (
                    <StripeBuyButton
                      key={plan.id}
                      buyButtonId={button}
                      publishableKey={options.card.publishableKey}
                      clientReferenceId={userUuid}
                    />
                  ) : null;
                })}
              </div>
            </div>
          )}
          <div className={profile.group}>
            <h3 className={profile.groupTitle}>{t('topUp.cardHeading')}</h3>
            <div className={profile.buyButtons}>
              {PLANS.map((plan) =>
                options.card.kind === 'stripe' ? (
                  <StripeBuyButton
                    key={plan.id}
                    buyButtonId={options.card.buyButtons[plan.id]}
                    publishableKey={options.card.publishableKey}
                    clientReferenceId={userUuid}
                  />
                ) : (
                  <button
                    key={plan.id}
                    type="button"
                    className={styles.primary}
                    disabled={!cardEnabled}
                    aria-describedby={cardEnabled ? undefined : 'payments-soon'}
                    onClick={() => buyWithCard(plan)}
                  >
                    {t(`topUp.buy.${plan.id}`)} <span className={profile.buttonPrice}>{formatYuan(plan.priceYuan, currentLanguage())}</span>
                  </button>
                ),
              )}
            </div>
          </div>
        </>
      )}
      <button type="button" className={styles.secondary} onClick={() => setCouponOpen(true)}>
        {t('topUp.coupon')}
      </button>
      <CouponDialog open={couponOpen} onClose={() => setCouponOpen(false)} />
    </section>
  );
}
