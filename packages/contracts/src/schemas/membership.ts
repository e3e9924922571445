import { Type, type Static } from 'typebox';
import { ClosedObject, Nullable, PlainText, Result, Timestamp } from './common.js';

export const Membership = Type.Object({
  expire_at: Timestamp('When the membership ends (or ended)'),
  is_expired: Type.Boolean(),
});
export type Membership = Static<typeof Membership>;
/** `result` is null for visitors and for users who never had a membership. */
export const MembershipResponse = Result(Nullable(Membership));

export const CouponRedeemBody = ClosedObject({
  code: PlainText({ minLength: 1, maxLength: 64, description: 'Coupon code (case-insensitive)' }),
});
export type CouponRedeemBody = Static<typeof CouponRedeemBody>;
/** The membership after the coupon's time was added. */
export const CouponRedeemResponse = Result(Membership);
