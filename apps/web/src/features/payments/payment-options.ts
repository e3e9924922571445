import type { PublicConfig } from '@inkstream/contracts';
import type { PlanId } from './payment-flow';

/** How the card buttons work: our sandbox checkout, Stripe's live buy buttons, or not at all. */
export type CardMode =
  /** `renewing`: the sandbox sells plans renewing too (issue 59). */
  | { kind: 'sandbox'; renewing: boolean }
  | {
      kind: 'stripe';
      publishableKey: string;
      buyButtons: Record<PlanId, string>;
      /** Issue 59: the plans also sold renewing, with their buttons (the server decides which). */
      renewingButtons: Partial<Record<PlanId, string>>;
    }
  | { kind: 'off' };

export interface PaymentOptions {
  wechat: boolean;
  card: CardMode;
  /** Any enabled provider is the sandbox: the profile says so plainly, since no real money moves. */
  sandbox: boolean;
}

/** Reads the public config (contract call 15); no config yet means nothing can be bought. */
export function paymentOptions(config: PublicConfig | undefined): PaymentOptions {
  if (!config) return { wechat: false, card: { kind: 'off' }, sandbox: false };
  const { wechat, stripe } = config.payments;
  return {
    wechat: wechat.enabled,
    card: cardMode(stripe),
    sandbox: (wechat.enabled && wechat.sandbox) || (stripe.enabled && stripe.sandbox),
  };
}

function cardMode(stripe: PublicConfig['payments']['stripe']): CardMode {
  if (!stripe.enabled) return { kind: 'off' };
  if (stripe.sandbox) return { kind: 'sandbox', renewing: stripe.renewing === true };
  const { month, season } = stripe.buy_buttons;
  // A live Stripe set-up missing a key or a button cannot take money; better no button than a broken one.
  if (!stripe.publishable_key || !month || !season) return { kind: 'off' };
  const renewing = stripe.renewing_buy_buttons;
  const renewingButtons = {
    ...(renewing?.month ? { month: renewing.month } : {}),
    ...(renewing?.season ? { season: renewing.season } : {}),
  };
  return { kind: 'stripe', publishableKey: stripe.publishable_key, buyButtons: { month, season }, renewingButtons };
}
