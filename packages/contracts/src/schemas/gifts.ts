import { Type, type Static } from 'typebox';
import { Nullable, Result, Timestamp } from './common.js';
import { GiftCodeReveal } from './payments.js';

/**
 * Issue 59: gift memberships a reader bought for someone else (docs/PAYMENTS.md "Gifts"). The code
 * is shown in the answers right after the payment only (`code`), never again afterwards.
 */
export const GiftState = Type.Union([Type.Literal('unredeemed'), Type.Literal('redeemed'), Type.Literal('cancelled')]);
export type GiftState = Static<typeof GiftState>;
export const BoughtGift = Type.Object({
  order_id: Type.String(),
  plan: Type.Union([Type.Literal('month'), Type.Literal('season')]),
  months: Type.Integer(),
  provider: Type.Union([Type.Literal('wechat'), Type.Literal('stripe'), Type.Literal('sandbox')]),
  bought_at: Timestamp(),
  state: GiftState,
  redeemed_at: Nullable(Timestamp()),
  /** Only in the answers right after the payment (the same window as the order status answer). */
  reveal: Type.Optional(GiftCodeReveal),
});
export type BoughtGift = Static<typeof BoughtGift>;
export const BoughtGiftsResponse = Result(Type.Array(BoughtGift));
