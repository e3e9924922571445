import { ApiError } from '../../lib/api-client';

export type CouponErrorKey =
  'invalid' | 'expired' | 'exhausted' | 'alreadyUsed' | 'giftOwn' | 'giftRedeemed' | 'giftCancelled' | 'rateLimited' | 'failure';

/**
 * Server error codes of POST /user/coupon/redeem → message key under profile:coupon.errors.
 * VALIDATION_FAILED only happens for an empty or over-long code (the form blocks both), so the
 * reader is told the code is not valid rather than something technical.
 */
const BY_CODE: Record<string, CouponErrorKey> = {
  INVALID_COUPON: 'invalid',
  VALIDATION_FAILED: 'invalid',
  COUPON_EXPIRED: 'expired',
  COUPON_EXHAUSTED: 'exhausted',
  COUPON_ALREADY_USED: 'alreadyUsed',
  // Issue 59: the box takes gift codes too.
  GIFT_OWN: 'giftOwn',
  GIFT_ALREADY_REDEEMED: 'giftRedeemed',
  GIFT_CANCELLED: 'giftCancelled',
  RATE_LIMITED: 'rateLimited',
};

/** Anything else (401, 5xx, network failure) gets the generic message. */
export function couponErrorKey(error: unknown): CouponErrorKey {
  return (error instanceof ApiError && BY_CODE[error.code]) || 'failure';
}
