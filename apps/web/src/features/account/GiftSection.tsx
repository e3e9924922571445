import type { BoughtGift, GiftCodeReveal } from '@inkstream/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { accountApi } from '../../lib/api-account';
import { formatYuan } from '../../lib/format-price';
import { currentLanguage } from '../../lib/language';
import { publicConfigQuery } from '../../lib/public-config';
import { PaymentPanel, paymentOptions, reserveCheckoutWindow, usePaymentFlow } from '../payments';
import { CopyButton } from './CopyButton';
import { formatExpiry } from './format-expiry';
import { offersWeChatPay, PLANS, type Plan } from './plans';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

export const GIFTS_QUERY_KEY = ['account', 'gifts'] as const;

/**
 * Issue 59: give a month or a season to someone else. The payment runs as any other (WeChat Pay's QR
 * code for zh-cn, the card checkout otherwise); once paid, the code and its link are shown here as the
 * server's status answer gave them, once, and the gift list below says what became of each gift.
 * Stripe gifts are sold through the site's gift payment links; their code appears in the list once.
 */
export function GiftSection({ language }: { language: string }) {
  const { t } = useTranslation('profile');
  const { data: config } = useQuery({ ...publicConfigQuery(), staleTime: 5 * 60_000 });
  const options = paymentOptions(config);
  const flow = usePaymentFlow();
  // The sandbox stands in for both rails; WeChat Pay's QR code where the top-up offers it.
  const channel = offersWeChatPay(language) && options.wechat ? 'wechat' : options.card.kind === 'stripe' ? null : 'card';
  const canBuy = channel === 'wechat' || (channel === 'card' && options.card.kind !== 'off');
  const active = flow.state.phase === 'idle' ? null : flow.state;

  const buy = (plan: Plan) =>
    flow.start(plan.id, { months: plan.months, gift: true }, channel ?? 'card', channel === 'card' ? reserveCheckoutWindow() : undefined);

  return (
    <section id="gifts" className={profile.section} aria-labelledby="gifts-title">
      <h2 id="gifts-title" className={profile.sectionTitle}>
        {t('gift.heading')}
      </h2>
      <p>{t('gift.intro')}</p>
      {active?.phase === 'success' && active.gift ? (
        <GiftReveal gift={active.gift} onDone={flow.reset} />
      ) : active ? (
        <PaymentPanel
          state={active}
          priceYuan={PLANS.find((plan) => plan.id === active.plan)?.priceYuan ?? 0}
          sandbox={options.sandbox}
          planName={t('gift.planName', { plan: t(`plans:names.${active.plan}`) })}
          successText={t('gift.paidNoCode')}
          onCancel={flow.cancel}
          onReset={flow.reset}
        />
      ) : canBuy ? (
        <div className={profile.buyButtons}>
          {PLANS.map((plan) => (
            <button key={plan.id} type="button" className={styles.primary} onClick={() => buy(plan)}>
              {t(`gift.buy.${plan.id}`)} <span className={profile.buttonPrice}>{formatYuan(plan.priceYuan, currentLanguage())}</span>
            </button>
          ))}
        </div>
      ) : (
        <p className={profile.soon}>{t('gift.unavailable')}</p>
      )}
      <GiftList />
    </section>
  );
}

/** The code and its link, right after the payment: the only time the site shows them (the mail keeps them). */
function GiftReveal({ gift, onDone }: { gift: GiftCodeReveal; onDone(): void }) {
  const { t } = useTranslation('profile');
  return (
    <div className={profile.group} data-testid="gift-reveal">
      <p role="status" className={styles.success}>
        {t('gift.paid')}
      </p>
      <p>
        {t('gift.codeLabel')}{' '}
        <strong dir="ltr" data-testid="gift-code">
          {gift.code}
        </strong>
      </p>
      <p>
        {t('gift.linkLabel')}{' '}
        <a href={gift.link} dir="ltr" data-testid="gift-link">
          {gift.link}
        </a>
      </p>
      <p>{t('gift.onceWarning')}</p>
      <div className={profile.buttonRow}>
        <CopyButton text={gift.link} label={t('gift.copyLink')} />
        <button type="button" className={styles.secondary} onClick={onDone}>
          {t('gift.done')}
        </button>
      </div>
    </div>
  );
}

function GiftList() {
  const { t } = useTranslation('profile');
  const { data: gifts } = useQuery({ queryKey: [...GIFTS_QUERY_KEY], queryFn: accountApi.giftsBought });
  if (!gifts || gifts.length === 0) return null;
  return (
    <div className={profile.group}>
      <h3 className={profile.groupTitle}>{t('gift.listHeading')}</h3>
      <ul data-testid="gift-list">
        {gifts.map((gift) => (
          <li key={gift.order_id}>
            {t('gift.listItem', { plan: t(`plans:names.${gift.plan}`), date: formatExpiry(gift.bought_at) })} · {stateText(gift, t)}
            {gift.reveal && (
              <>
                {' '}
                · {t('gift.codeLabel')} <strong dir="ltr">{gift.reveal.code}</strong>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function stateText(gift: BoughtGift, t: (key: string, options?: Record<string, string>) => string): string {
  if (gift.state === 'redeemed') return t('gift.state.redeemed', { date: formatExpiry(gift.redeemed_at) });
  return gift.state === 'cancelled' ? t('gift.state.cancelled') : t('gift.state.unredeemed');
}
