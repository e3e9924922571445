import { randomBytes } from 'node:crypto';
import { ErrorCode, PLANS, type PlanId } from '@inkstream/contracts';
import type { DbExecutor } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import type { SubscriptionLedger } from './subscription-ledger.js';
import * as repo from './subscriptions.repository.js';

export type SandboxEvent = 'renewal_paid' | 'renewal_failed' | 'period_end' | 'terminated';

const noSubscription = () => notFound(ErrorCode.SUBSCRIPTION_NOT_FOUND, 'You have no renewing sandbox membership');
const notNow = (state: string) => new AppError(ErrorCode.CONFLICT, 409, `A ${state} subscription cannot do that`);

/**
 * The sandbox's renewing memberships (issue 59): what Stripe Billing does, simulated on one
 * development machine through the same subscription ledger, so a new reader can subscribe, renew,
 * fail a renewal, fix it, cancel, resume, end, or end it at the provider (a WeChat contract
 * terminated in WeChat), and see each as a real reader would.
 * The first period is the sandbox order the reader pays on the sandbox checkout page (its own id
 * is its invoice); each later period is an invoice of its own, paid or failed on demand.
 */
export function createSandboxSubscriptions(deps: { domainEvents: DomainEvents; subscriptions: SubscriptionLedger; now?: () => number }) {
  const { domainEvents, subscriptions } = deps;
  const now = deps.now ?? Date.now;
  const invoiceRef = () => `sbinv_${randomBytes(8).toString('hex')}`;

  /** A subscription for a new sandbox order (not shown until the order is paid); its id for the order. */
  async function startWithin(trx: DbExecutor, userId: number, plan: PlanId, orderId: string): Promise<number> {
    const row = await repo.startIncompleteSubscription(trx, { provider: 'sandbox', ref: `sbsub_${orderId}`, userId, plan, now: now() });
    return row.id;
  }

  /** The sandbox payer paid the first order of a subscription: it starts, its first period granted once. */
  async function firstPaymentWithin(
    trx: DbExecutor,
    order: { order_id: string; subscription_id: number; amount_fen: number; currency: string },
  ) {
    const row = await repo.findSubscriptionById(trx, order.subscription_id);
    if (!row || row.user_id === null) throw new Error(`the subscription of order ${order.order_id} vanished`);
    const sub = { provider: 'sandbox' as const, ref: row.provider_ref, plan: row.plan, userId: row.user_id };
    await repo.updateSubscription(trx, row.id, { status: 'active' }, now());
    const invoice = { ref: order.order_id, amount: order.amount_fen, currency: order.currency, paymentRef: null };
    return subscriptions.invoicePaidWithin(trx, sub, { ...invoice, billingReason: 'subscription_create', periodEnd: null });
  }

  /** What the simulated provider does next (the profile's sandbox buttons). */
  async function simulate(userId: number, event: SandboxEvent): Promise<void> {
    await domainEvents.transact(async (trx) => {
      const shown = await repo.subscriptionOfReader(trx, userId);
      if (!shown || shown.provider !== 'sandbox') throw noSubscription();
      const row = (await repo.lockSubscription(trx, 'sandbox', shown.provider_ref))!;
      const sub = { provider: 'sandbox' as const, ref: row.provider_ref, plan: row.plan, userId };
      const state =
        row.status === 'canceled' ? 'ended' : row.status === 'past_due' ? 'past due' : row.cancel_at_period_end ? 'stopped' : 'renewing';
      const invoice = (ref: string) => ({
        ref,
        amount: PLANS[row.plan].amountFen,
        currency: 'CNY',
        paymentRef: null,
        billingReason: 'subscription_cycle',
        periodEnd: null,
      });
      if (event === 'renewal_paid' && (state === 'renewing' || state === 'past due')) {
        await subscriptions.invoicePaidWithin(trx, sub, invoice(row.grace_ref ?? invoiceRef()));
      } else if (event === 'renewal_failed' && state === 'renewing') {
        await subscriptions.invoiceFailedWithin(trx, sub, invoice(invoiceRef()));
      } else if (event === 'period_end' && (state === 'stopped' || state === 'past due')) {
        await subscriptions.endedWithin(trx, sub, now());
      } else if (event === 'terminated' && state !== 'ended') {
        // The reader ended it at the provider (a WeChat contract terminated in WeChat): no more
        // charges from now; the time paid for stands, a running grace goes.
        await subscriptions.endedWithin(trx, sub, now());
      } else throw notNow(state);
    });
  }

  return { startWithin, firstPaymentWithin, simulate };
}

export type SandboxSubscriptions = ReturnType<typeof createSandboxSubscriptions>;
