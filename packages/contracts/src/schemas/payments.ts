import { Type, type Static } from 'typebox';
import { ClosedObject, Data, Result, Timestamp } from './common.js';

export const CreateOrderBody = ClosedObject({
  months: Type.Optional(Type.Integer({ description: '1 (month card) or 3 (season card); give this or `pack`' })),
  pack: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2_147_483_647,
      description: 'Ext (issue 42): a coin pack id (public config `coins.packs`) instead of months',
    }),
  ),
  channel: Type.Optional(
    Type.Union([Type.Literal('wechat'), Type.Literal('card')], { description: 'Sandbox only: which button started it' }),
  ),
  renewing: Type.Optional(
    Type.Boolean({
      description:
        'Ext (issue 59), sandbox only: buy the plan renewing (a sandbox subscription whose first period this order pays); on Stripe, renewing plans have buy buttons of their own',
    }),
  ),
  gift: Type.Optional(
    Type.Boolean({
      description:
        'Issue 59: a gift membership (with `months` only): paying grants the buyer nothing and makes a one-use gift code (docs/PAYMENTS.md "Gifts")',
    }),
  ),
});
export type CreateOrderBody = Static<typeof CreateOrderBody>;
export const CreatedOrder = Type.Object({
  qr_code: Type.String({ description: 'data: URL of the QR image' }),
  order_id: Type.String(),
  amount_fen: Type.Integer(),
  expires_at: Timestamp(),
});
export type CreatedOrder = Static<typeof CreatedOrder>;
export const CreateOrderResponse = Data(CreatedOrder);

/** The sandbox checkout link's token (its QR code carries it); the order's owner needs none. */
export const SandboxCheckoutQuery = Type.Object({
  checkout_token: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]*$' })),
});
export const OrderIdParams = Type.Object({ order_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });
export const PaymentStatusValue = Type.Union([
  Type.Literal('requires_action'),
  Type.Literal('succeeded'),
  Type.Literal('expired'),
  Type.Literal('failed'),
]);
export type PaymentStatusValue = Static<typeof PaymentStatusValue>;
/** A paid gift's code and redemption link, in the answers right after the payment only (docs/PAYMENTS.md "Gifts"). */
export const GiftCodeReveal = Type.Object({
  code: Type.String({ description: 'The one-use gift code (GIFT-XXXX-XXXX-XXXX-XXXX)' }),
  link: Type.String({ description: 'PUBLIC_URL/gift/<code>: the friend opens it, signs in and confirms' }),
});
export type GiftCodeReveal = Static<typeof GiftCodeReveal>;
export const PaymentStatus = Type.Object({
  completed: Type.Boolean(),
  status: PaymentStatusValue,
  gift: Type.Optional(GiftCodeReveal),
});
export type PaymentStatus = Static<typeof PaymentStatus>;
export const PaymentStatusResponse = Data(Type.Object({ result: PaymentStatus }));

export const SandboxPayBody = ClosedObject({ outcome: Type.Union([Type.Literal('succeeded'), Type.Literal('failed')]) });
export const SandboxOrder = Type.Object({
  order_id: Type.String(),
  plan: Type.Union([Type.Literal('month'), Type.Literal('season'), Type.Literal('coins')]),
  months: Type.Integer({ description: '0 for a coin pack' }),
  coins: Type.Integer({ description: 'A coin pack: its coins with the bonus; 0 for a membership' }),
  amount_fen: Type.Integer(),
  status: PaymentStatusValue,
  gift: Type.Optional(Type.Literal(true, { description: 'Issue 59: a gift membership (absent otherwise)' })),
});
export const SandboxOrderResponse = Result(SandboxOrder);

/** Stripe's webhook (call 19): any 2xx tells Stripe to stop retrying the event. */
export const StripeWebhookResponse = Data(Type.Object({ received: Type.Literal(true) }));

/** Issue 59, sandbox only: what the simulated provider does next to the reader's sandbox subscription. */
export const SandboxSubscriptionSimulateBody = ClosedObject({
  event: Type.Union(
    [Type.Literal('renewal_paid'), Type.Literal('renewal_failed'), Type.Literal('period_end'), Type.Literal('terminated')],
    {
      description:
        'renewal_paid: the next period is paid (or the failed one, retried); renewal_failed: a renewal payment fails; period_end: a stopped or past-due subscription ends; terminated: the reader ended it at the provider (a WeChat contract terminated in WeChat): it ends now, the paid time stands',
    },
  ),
});
export type SandboxSubscriptionSimulateBody = Static<typeof SandboxSubscriptionSimulateBody>;
