import { PLANS, type PlanId } from '@inkstream/contracts';
import type { DbExecutor } from '../../../db/database.js';
import type { OrderLedger } from '../order-ledger.js';
import * as repo from '../payments.repository.js';
import { newOrderId } from '../payments.service.js';

/** What a payment link sells: a membership plan, or a coin pack (its coins and bonus as sold now). */
export type SoldProduct =
  | { plan: PlanId; gift?: boolean }
  | { plan: 'coins'; pack: { id: number; coins: number; bonus_coins: number; bonus_expiry_days: number | null; price_fen: number } };

/** The order columns of what was sold. */
const orderColumnsOf = (product: SoldProduct) =>
  product.plan === 'coins'
    ? {
        plan: 'coins' as const,
        months: 0,
        coin_pack_id: product.pack.id,
        coins: product.pack.coins,
        bonus_coins: product.pack.bonus_coins,
        bonus_expiry_days: product.pack.bonus_expiry_days,
      }
    : { plan: product.plan, months: PLANS[product.plan].months, gift: product.gift === true ? 1 : 0 };

/** A paid Checkout session, with the product and user we established for it. */
export interface PaidSession {
  sessionId: string;
  paymentIntent: string | null;
  /** What Stripe charged, in the currency's smallest unit; recorded as it is (prices live in the dashboard). */
  amount: number;
  currency: string;
  product: SoldProduct;
  userId: number;
}

/**
 * Finds or creates our order for a Checkout session and completes it through the ledger, inside
 * the caller's transaction. The session id is the order's unique provider transaction, and the
 * ledger marks an order paid only once, so however often (or concurrently) a session arrives, by
 * any event or by an admin resolving an incident, it grants once. `granted` is false when it had;
 * `userId` is the order's owner, who may differ from `session.userId` when the order existed before.
 */
export async function completeSessionOrderWithin(
  trx: DbExecutor,
  ledger: OrderLedger,
  session: PaidSession,
  now: number,
): Promise<{ orderId: string; userId: number; granted: boolean }> {
  await repo.insertOrderUnlessTxnExists(trx, {
    order_id: newOrderId(now),
    user_id: session.userId,
    provider: 'stripe',
    ...orderColumnsOf(session.product),
    amount_fen: session.amount,
    currency: session.currency,
    status: 'pending',
    provider_txn_id: session.sessionId,
    provider_payment_id: session.paymentIntent,
    created_at: now,
    paid_at: null,
    // Stripe tells us about a session once it is paid: there is no payment window to wait for.
    expires_at: now,
    settled_at: null,
    refunded_at: null,
  });
  // Ours, or the one a concurrent delivery inserted first (visible once that transaction committed).
  const order = await repo.findOrderByTxn(trx, 'stripe', session.sessionId);
  if (!order) throw new Error(`the order of Stripe session ${session.sessionId} vanished`);
  const granted = await ledger.completeWithin(trx, order.order_id, {
    txnId: session.sessionId,
    amountFen: order.amount_fen,
    paymentId: session.paymentIntent,
  });
  return { orderId: order.order_id, userId: order.user_id, granted };
}
