import type { DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import type { Selectable } from 'kysely';
import type { PaymentOrdersTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { ErrorCode } from '@inkstream/contracts';
import type { CoinLedger } from '../coins/coin-ledger.js';
import type { MembershipService } from '../membership/membership.service.js';
import { queuePaymentReceipt, queueRefundNotice } from '../notices/receipts.js';
import * as repo from './payments.repository.js';
import { recordIncident } from './payment-incidents.repository.js';
import { isErased } from '../users/account-state.repository.js';
import type { GiftsService } from './gifts/gifts.service.js';

export type OrderRow = Selectable<PaymentOrdersTable>;

export interface OrderLedgerDeps {
  domainEvents: DomainEvents;
  membership: MembershipService;
  /** Coin packs (plan 'coins') credit and refund here (modules/coins/coin-ledger.ts). */
  coins: CoinLedger;
  /** Issue 59: a gift order makes its gift code on payment and voids it (or its grant) on refund. */
  gifts?: Pick<GiftsService, 'createWithin' | 'cancelWithin'>;
  inviteRewardDays: number;
  now?: () => number;
}

export const orderNotFound = () => notFound(ErrorCode.ORDER_NOT_FOUND, 'This order does not exist');

/** The paid amount differs from the order's: never grant, always tell a human. */
export class AmountMismatchError extends AppError {
  constructor() {
    super(ErrorCode.VALIDATION_FAILED, 400, 'The paid amount does not match the order');
  }
}

/**
 * The one way every provider (sandbox, WeChat Pay, Stripe) turns money into membership time and
 * back: an order becomes paid, or refunded, together with its grants and the payer's receipt or
 * refund notice (notices/receipts.ts), in one transaction, once. The grants raise
 * `membership-changed` (membership.service.ts), delivered once the caller's transaction commits.
 */
export function createOrderLedger(deps: OrderLedgerDeps) {
  const { domainEvents, membership } = deps;
  const now = deps.now ?? Date.now;
  const gifts = () => {
    if (!deps.gifts) throw new Error('a gift order reached a ledger built without the gifts service');
    return deps.gifts;
  };

  /**
   * Marks the order paid and grants its months (plus an invite reward on the user's first paid
   * order). Returns false when the order had been paid before: duplicate and concurrent
   * confirmations are harmless. `paymentId` is the provider's payment reference refunds will name.
   */
  async function completeWithin(
    trx: DbExecutor,
    orderId: string,
    payment: { txnId: string; amountFen: number; paymentId?: string | null; grantFrom?: number },
  ): Promise<boolean> {
    const order = await repo.findOrder(trx, orderId);
    if (!order) throw orderNotFound();
    if (order.amount_fen !== payment.amountFen) throw new AmountMismatchError();
    if (!(await repo.markPaidOnce(trx, orderId, payment.txnId, payment.paymentId ?? null, now()))) return false;
    await domainEvents.raise(trx, { type: 'order-changed', orderId, provider: order.provider, plan: order.plan, event: 'paid' });
    const inviter = await repo.findInviter(trx, order.user_id);
    // Both users' locks before the first grant (membership.service lockMembersWithin says why).
    await membership.lockMembersWithin(trx, inviter === null ? [order.user_id] : [order.user_id, inviter]);
    // Issue 43: paid after the account was erased (read under the reader's lock, which the erasure
    // holds): the payment is recorded like any other (the ledger keeps it, on the pseudonymised
    // row) and the console is asked to refund it: an incident naming only the order. Nothing is
    // credited (issue 56): no one can use the account, so a pack's coins would only count as owed
    // (outstanding) and a plan's months as a member, and no invite reward is earned by it either.
    // Its refund then takes back nothing but the money.
    if (await isErased(trx, order.user_id)) {
      await recordIncident(
        trx,
        {
          provider: order.provider,
          reference: orderId,
          kind: 'erased_account',
          plan: order.plan,
          detail: { order_id: orderId, amount_fen: order.amount_fen, currency: order.currency, provider_txn_id: payment.txnId },
        },
        now(),
      );
      return true;
    }
    // Issue 59: a gift grants its buyer nothing (no months, no invite reward: gift orders do not
    // count as paid orders there); it makes the one-use code the buyer passes on, and mails it.
    if (order.gift === 1) {
      await gifts().createWithin(trx, order, now());
      return true;
    }
    // A coin pack credits its coins (and bonus); a plan grants its months.
    if (order.plan === 'coins') await deps.coins.creditPackWithin(trx, order);
    const granted =
      order.plan === 'coins'
        ? null
        : await membership.grantWithin(trx, {
            userId: order.user_id,
            length: { months: order.months },
            source: order.provider,
            sourceRef: orderId,
            ...(payment.grantFrom === undefined ? {} : { asOf: payment.grantFrom }),
          });
    if (inviter !== null && deps.inviteRewardDays > 0 && (await repo.countPaidOrders(trx, order.user_id)) === 1) {
      // Unique (source, source_ref): one reward per invited user, however many times they pay.
      await membership.grantWithin(trx, {
        userId: inviter,
        length: { days: deps.inviteRewardDays },
        source: 'invite',
        sourceRef: String(order.user_id),
      });
    }
    // Only here, after markPaidOnce changed the row: a repeated notification sends nothing twice.
    // The receipt shows the end the grant made (granted before under this reference: the end as it stands).
    const memberUntil = granted ? granted.memberUntil : await membership.endWithin(trx, order.user_id);
    await queuePaymentReceipt(trx, domainEvents, order, memberUntil, now());
    return true;
  }

  const complete = (orderId: string, payment: { txnId: string; amountFen: number; paymentId?: string | null }) =>
    domainEvents.transact((trx) => completeWithin(trx, orderId, payment));

  /**
   * A full refund: the order becomes refunded and its grant is revoked, the remaining grants
   * re-stacked. If the user has no paid order left, the invite reward it earned goes too (paying
   * and refunding must not farm free days). Returns false when there was nothing to refund.
   * Once the caller's transaction has committed, the revocations' `membership-changed` events stop
   * this process serving the refunded time from memory (reader-state-cache.ts).
   */
  async function refundWithin(trx: DbExecutor, orderId: string): Promise<boolean> {
    const order = await repo.findOrder(trx, orderId);
    if (!order) throw orderNotFound();
    if (!(await repo.markRefundedOnce(trx, orderId, now()))) return false;
    await domainEvents.raise(trx, { type: 'order-changed', orderId, provider: order.provider, plan: order.plan, event: 'refunded' });
    // Issue 59: a gift's code dies; if a friend had redeemed it, their grant is revoked (and the
    // rest of their time re-stacked). The buyer's own membership and invite reward never depended on it.
    if (order.gift === 1) {
      await gifts().cancelWithin(trx, orderId);
      await queueRefundNotice(trx, domainEvents, order, await membership.endWithin(trx, order.user_id), now());
      return true;
    }
    const inviter = await repo.findInviter(trx, order.user_id);
    await membership.lockMembersWithin(trx, inviter === null ? [order.user_id] : [order.user_id, inviter]);
    // A coin pack: the coins left of it and the unlocks its coins paid for (coin-ledger.ts refundPackWithin).
    if (order.plan === 'coins') await deps.coins.refundPackWithin(trx, order);
    const revoked = order.plan === 'coins' ? undefined : await membership.revokeWithin(trx, order.provider, orderId);
    if ((await repo.countPaidOrders(trx, order.user_id)) === 0) await membership.revokeWithin(trx, 'invite', String(order.user_id));
    // The notice shows the end the refund left (its grant was revoked before: the end as it stands).
    const memberUntil = revoked ? revoked.memberUntil : await membership.endWithin(trx, order.user_id);
    await queueRefundNotice(trx, domainEvents, order, memberUntil, now());
    return true;
  }

  const refund = (orderId: string) => domainEvents.transact((trx) => refundWithin(trx, orderId));

  return { completeWithin, complete, refundWithin, refund };
}

export type OrderLedger = ReturnType<typeof createOrderLedger>;
