import { Type, type Static } from 'typebox';
import { ClosedObject, Nullable, PlainText, Result, Timestamp } from './common.js';

/**
 * Issue 59: a membership that renews itself (docs/PAYMENTS.md "Renewals"). The server decides every
 * state the profile shows; the web app renders it and never works it out again.
 */
export const Subscription = Type.Object({
  provider: Type.Union([Type.Literal('stripe'), Type.Literal('sandbox'), Type.Literal('wechat')], {
    description: 'wechat: a WeChat Pay deduction contract (委托代扣), charged by us before each period ends',
  }),
  plan: Type.Union([Type.Literal('month'), Type.Literal('season')]),
  /**
   * `renewing`: renews at `renews_at`; `canceling`: ends at `ends_at`, renewal stopped (resume
   * possible); `past_due`: a renewal failed, reading goes on until `grace_until` while the payment
   * is retried (fix the card); `ended`: over, nothing more will be charged.
   */
  state: Type.Union([Type.Literal('renewing'), Type.Literal('canceling'), Type.Literal('past_due'), Type.Literal('ended')]),
  renews_at: Nullable(Timestamp('The next renewal (state renewing)')),
  ends_at: Nullable(Timestamp('The end of the paid time (the membership end)')),
  grace_until: Nullable(Timestamp('While past due: reading stops then unless the payment goes through')),
  /** The price of each renewal, in the currency's smallest unit (fen). */
  price: Type.Integer({ minimum: 0 }),
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  can_cancel: Type.Boolean(),
  can_resume: Type.Boolean(),
  /** Stripe: the customer portal changes the card (POST …/subscription/portal). */
  can_manage_payment: Type.Boolean(),
});
export type Subscription = Static<typeof Subscription>;
/** `result` is null when the reader never had a renewing membership. */
export const SubscriptionResponse = Result(Nullable(Subscription));

export const SubscriptionCancelBody = ClosedObject({
  reason: Type.Optional(PlainText({ maxLength: 500, description: 'Optional: why the reader stops (never required)' })),
});
export type SubscriptionCancelBody = Static<typeof SubscriptionCancelBody>;

export const SubscriptionPortalResponse = Result(Type.Object({ url: Type.String({ format: 'uri' }) }));

/**
 * Issue 59: a one-time member whose membership ends soon is offered the same plan again in one tap
 * (the profile's top-up section; the reminder mail links there). Null when nothing is offered.
 */
export const RenewalOffer = Type.Object({
  plan: Type.Union([Type.Literal('month'), Type.Literal('season')]),
  ends_at: Timestamp('When the current membership ends'),
  price: Type.Integer({ minimum: 0 }),
  currency: Type.String({ minLength: 3, maxLength: 3 }),
});
export type RenewalOffer = Static<typeof RenewalOffer>;
export const RenewalOfferResponse = Result(Nullable(RenewalOffer));

/** Issue 59: sign a WeChat Pay deduction contract (委托代扣) for a plan, through WeChat's QR page. */
export const WechatContractBody = ClosedObject({ plan: Type.Union([Type.Literal('month'), Type.Literal('season')]) });
export type WechatContractBody = Static<typeof WechatContractBody>;

/**
 * Where a contract signing stands: `waiting` for the payer's signature (show the QR code), `signed`
 * and its first period being charged, `active` (the membership renews; GET /user/membership/subscription
 * shows it), `failed` (the first charge failed: nothing granted, the contract ended), `ended`.
 */
export const WechatContract = Type.Object({
  contract_code: Type.String({ description: 'Our out_contract_code: poll GET /payment/wechat/contract/{contract_code}' }),
  state: Type.Union([
    Type.Literal('waiting'),
    Type.Literal('signed'),
    Type.Literal('active'),
    Type.Literal('failed'),
    Type.Literal('ended'),
  ]),
  plan: Type.Union([Type.Literal('month'), Type.Literal('season')]),
  price: Type.Integer({ minimum: 0, description: 'Each period, in fen' }),
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  sign_url: Nullable(Type.String({ description: "WeChat's signing page (only in the answer that created it)" })),
  qr_code: Nullable(
    Type.String({
      description: 'The signing page as a QR code image (data: URL), scanned with WeChat (only in the answer that created it)',
    }),
  ),
});
export type WechatContract = Static<typeof WechatContract>;
export const WechatContractResponse = Result(WechatContract);
export const WechatContractParams = Type.Object({ code: Type.String({ pattern: '^ctr[0-9a-f]{24}$' }) });
