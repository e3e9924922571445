import { ErrorCode, pagePath, type BoughtGift, type GiftCodeReveal, type Membership } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import { AppError } from '../../../lib/app-error.js';
import { toIso } from '../../../lib/time.js';
import type { MembershipService } from '../../membership/membership.service.js';
import { queueCouponReceipt, queueGiftCode } from '../../notices/receipts.js';
import type { PaymentOrdersTable } from '../../../db/schema.js';
import { canonicalGiftCode, hashGiftCode, type GiftCodes } from './gift-codes.js';
import * as repo from './gifts.repository.js';

/** The grant source of a redeemed gift; its reference is the buyer's order id (the money). */
export const GIFT_GRANT_SOURCE = 'gift';

/**
 * How long after the first answer that carried it a code is still shown (the order status answer
 * right after the payment, or the profile's gift list for a Stripe gift): a reload or a lost answer
 * within this window shows it again; afterwards it is never shown again (the mail keeps it).
 */
export const GIFT_REVEAL_WINDOW_MS = 10 * 60 * 1000;

const refuse = (code: ErrorCode, message: string) => new AppError(code, 400, message);

type GiftOrder = Pick<PaymentOrdersTable, 'order_id' | 'user_id' | 'months' | 'amount_fen' | 'currency'>;

/**
 * Gift memberships (issue 59, docs/PAYMENTS.md "Gifts"): a paid gift order makes a one-use code for
 * its buyer to pass on; the friend redeems it on their own account, which grants the plan's months
 * under the source `gift` with the buyer's order as its reference. A refund of the order voids an
 * unredeemed code, or revokes the redeemer's grant through the ledger.
 */
export function createGiftsService(deps: {
  db: Db;
  domainEvents: DomainEvents;
  membership: MembershipService;
  codes: GiftCodes;
  publicUrl: string;
  now?: () => number;
}) {
  const { db, domainEvents, membership, codes } = deps;
  const now = deps.now ?? Date.now;
  const revealOf = (orderId: string): GiftCodeReveal => {
    const code = codes.codeFor(orderId);
    return { code, link: `${deps.publicUrl}${pagePath.gift(code)}` };
  };

  /** The ledger's completion of a gift order (order-ledger.ts): the code instead of any grant, and the buyer's mail. */
  async function createWithin(trx: DbExecutor, order: GiftOrder, at: number): Promise<void> {
    const reveal = revealOf(order.order_id);
    const codeHash = hashGiftCode(canonicalGiftCode(reveal.code)!);
    const gift = { order_id: order.order_id, buyer_id: order.user_id, months: order.months, code_hash: codeHash, created_at: at };
    if (!(await repo.insertGiftOnce(trx, gift))) return;
    await queueGiftCode(trx, domainEvents, { order, ...reveal }, at);
  }

  /**
   * The ledger's refund of a gift order: the code dies; if it had been redeemed, the redeemer's
   * grant is revoked and their remaining grants re-stacked (membership.revokeWithin).
   */
  async function cancelWithin(trx: DbExecutor, orderId: string): Promise<void> {
    const cancelled = await repo.cancelGift(trx, orderId, now());
    if (cancelled?.redeemedBy != null) await membership.revokeWithin(trx, GIFT_GRANT_SOURCE, orderId);
  }

  /** The code and link while the reveal window of this gift runs; undefined once it is over (or the gift is used or void). */
  async function revealWithin(executor: DbExecutor, orderId: string): Promise<GiftCodeReveal | undefined> {
    const gift = await repo.findGiftByOrder(executor, orderId);
    if (!gift || gift.redeemed_at !== null || gift.cancelled_at !== null) return undefined;
    const current = now();
    if (gift.revealed_at === null) {
      await repo.markRevealedOnce(executor, gift.id, current);
      return revealOf(orderId);
    }
    return current - Number(gift.revealed_at) < GIFT_REVEAL_WINDOW_MS ? revealOf(orderId) : undefined;
  }

  /** The gifts a reader bought, with their state; the code only within its reveal window. */
  async function listBought(userId: number): Promise<BoughtGift[]> {
    const rows = await repo.giftsBoughtBy(db, userId);
    const gifts: BoughtGift[] = [];
    for (const row of rows) {
      const state = row.cancelled_at !== null ? 'cancelled' : row.redeemed_at !== null ? 'redeemed' : 'unredeemed';
      const reveal = state === 'unredeemed' ? await revealWithin(db, row.order_id) : undefined;
      gifts.push({
        order_id: row.order_id,
        plan: row.plan === 'season' ? 'season' : 'month',
        months: row.months,
        provider: row.provider,
        bought_at: toIso(Number(row.created_at)),
        state,
        redeemed_at: row.redeemed_at === null ? null : toIso(Number(row.redeemed_at)),
        ...(reveal ? { reveal } : {}),
      });
    }
    return gifts;
  }

  /**
   * Redeems a gift code (canonical form) for `userId`: the claim, the grant and the receipt in one
   * transaction. The buyer cannot redeem their own gift; a code redeems once.
   */
  async function redeem(userId: number, canonical: string): Promise<Membership> {
    await domainEvents.transact(async (trx) => {
      const gift = await repo.findGiftByHash(trx, hashGiftCode(canonical));
      if (!gift) throw refuse(ErrorCode.INVALID_COUPON, 'This code is not valid');
      if (Number(gift.buyer_id) === userId) throw refuse(ErrorCode.GIFT_OWN, 'A gift you bought is for someone else: pass the code on');
      const current = now();
      if (!(await repo.claimGift(trx, gift.id, userId, current))) {
        // Lost to a refund or to another redemption (committed first): read which.
        const after = await repo.findGiftByHash(trx, gift.code_hash);
        if (after?.cancelled_at != null) throw refuse(ErrorCode.GIFT_CANCELLED, 'This gift was refunded, so its code no longer works');
        throw refuse(ErrorCode.GIFT_ALREADY_REDEEMED, 'This gift code has been redeemed already');
      }
      const length = { months: gift.months };
      const granted = await membership.grantWithin(trx, { userId, length, source: GIFT_GRANT_SOURCE, sourceRef: gift.order_id });
      const memberUntil = granted ? granted.memberUntil : await membership.endWithin(trx, userId);
      // The receipt names the code by its last group only: the outbox row keeps its data.
      await queueCouponReceipt(trx, domainEvents, { userId, code: `GIFT-…-${canonical.slice(-4)}`, length }, memberUntil, current);
    });
    const result = await membership.getMembership(userId);
    if (!result) throw new Error('membership missing right after a gift grant');
    return result;
  }

  return { createWithin, cancelWithin, revealWithin, listBought, redeem };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
