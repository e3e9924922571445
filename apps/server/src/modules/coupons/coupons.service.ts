import { ErrorCode, type Membership } from '@inkstream/contracts';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError } from '../../lib/app-error.js';
import type { MembershipService } from '../membership/membership.service.js';
import { queueCouponReceipt } from '../notices/receipts.js';
import * as repo from './coupons.repository.js';
import { canonicalGiftCode } from '../payments/gifts/gift-codes.js';
import type { GiftsService } from '../payments/gifts/gifts.service.js';

/** Codes are case-insensitive and compared without surrounding spaces. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

const COUPON_CODE = /^[A-Z0-9][A-Z0-9_-]{2,63}$/;
export const isValidCouponCode = (code: string) => COUPON_CODE.test(code);

const refuse = (code: ErrorCode, message: string) => new AppError(code, 400, message);

export function createCouponsService(deps: {
  domainEvents: DomainEvents;
  membership: MembershipService;
  /** Issue 59: the redemption box takes gift codes too (GIFT-…). */
  gifts: Pick<GiftsService, 'redeem'>;
  now?: () => number;
}) {
  const { domainEvents, membership } = deps;
  const now = deps.now ?? Date.now;

  /**
   * Redeems a coupon for a user: the redemption, the use count, the membership grant and the
   * receipt are one transaction, so a failure or a lost race leaves nothing behind.
   */
  async function redeem(userId: number, rawCode: string): Promise<Membership> {
    const gift = canonicalGiftCode(rawCode);
    if (gift !== null) return deps.gifts.redeem(userId, gift);
    const code = normalizeCouponCode(rawCode);
    await domainEvents.transact(async (trx) => {
      const coupon = await repo.findCouponByCode(trx, code);
      if (!coupon || coupon.disabled_at !== null) throw refuse(ErrorCode.INVALID_COUPON, 'This coupon code is not valid');
      const current = now();
      if (coupon.expires_at !== null && coupon.expires_at <= current) throw refuse(ErrorCode.COUPON_EXPIRED, 'This coupon has expired');
      if (!(await repo.insertRedemptionOnce(trx, coupon.id, userId, current))) {
        throw refuse(ErrorCode.COUPON_ALREADY_USED, 'You have already used this coupon');
      }
      if (!(await repo.takeRedemptionSlot(trx, coupon.id))) throw refuse(ErrorCode.COUPON_EXHAUSTED, 'This coupon has been fully used');
      const length = coupon.grant_months !== null ? { months: coupon.grant_months } : { days: coupon.grant_days ?? 0 };
      const granted = await membership.grantWithin(trx, {
        userId,
        length,
        source: 'coupon',
        sourceRef: `${coupon.id}:${userId}`,
        note: code,
      });
      // The receipt shows the end the grant made (granted before under this reference: the end as it stands).
      const memberUntil = granted ? granted.memberUntil : await membership.endWithin(trx, userId);
      await queueCouponReceipt(trx, domainEvents, { userId, code, length }, memberUntil, current);
    });
    const result = await membership.getMembership(userId);
    if (!result) throw new Error('membership missing right after a coupon grant');
    return result;
  }

  return { redeem };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
