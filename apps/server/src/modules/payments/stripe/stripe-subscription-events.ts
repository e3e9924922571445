import { PLAN_CURRENCY, PLANS, type PlanId } from '@inkstream/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from '../../../db/domain-events.js';
import { attachEventToOrder, recordEventOnce } from '../payment-incidents.repository.js';
import type { SubscriptionLedger } from '../subscriptions/subscription-ledger.js';
import { findInvoice, findSubscription, type SubscriptionRow } from '../subscriptions/subscriptions.repository.js';
import { readInvoice, readSubscription, type StripeInvoice, type StripeSubscription } from './stripe-billing-objects.js';
import type { StripeEvent } from './stripe-event.js';

export interface StripeSubscriptionEventsDeps {
  domainEvents: DomainEvents;
  subscriptions: SubscriptionLedger;
  now: () => number;
}

/** The plan a recurring price sells: exactly a plan's length and price in CNY, or none. */
export function planOfPrice(price: StripeSubscription['price']): PlanId | null {
  if (price.interval !== 'month' || price.currency !== PLAN_CURRENCY) return null;
  for (const plan of ['month', 'season'] as const)
    if (price.intervalCount === PLANS[plan].months && price.unitAmount === PLANS[plan].amountFen) return plan;
  return null;
}

/** A plan guessed from an invoice's amount, for an invoice that arrives before its checkout (which decides). */
const planOfAmount = (invoice: StripeInvoice): PlanId | null =>
  invoice.currency !== PLAN_CURRENCY
    ? null
    : invoice.amountPaid === PLANS.season.amountFen
      ? 'season'
      : invoice.amountPaid === PLANS.month.amountFen
        ? 'month'
        : null;

/** Stripe's subscription statuses as ours. */
function statusOf(status: string): SubscriptionRow['status'] | null {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return null;
}

/**
 * Stripe Billing's events for memberships that renew (issue 59): `invoice.paid`,
 * `invoice.payment_failed`, `customer.subscription.updated` and `…deleted`, each applied in one
 * transaction with its event id recorded once (a resent event changes nothing), through the
 * subscription ledger (subscriptions/subscription-ledger.ts), which serialises per subscription.
 * An invoice of a subscription that is not ours (another product on the same account: unknown
 * subscription and not a plan's price) is ignored.
 */
export function createStripeSubscriptionEvents(deps: StripeSubscriptionEventsDeps) {
  const { domainEvents, subscriptions, now } = deps;

  async function onInvoice(event: StripeEvent, log: FastifyBaseLogger): Promise<void> {
    const invoice = readInvoice(event.object);
    if (invoice.subscription === null) return log.debug({ invoice: invoice.id }, 'Stripe invoice without subscription ignored');
    const subscriptionRef = invoice.subscription;
    const outcome = await domainEvents.transact(async (trx) => {
      const summary = `invoice ${invoice.id} of ${subscriptionRef}: ${event.type === 'invoice.paid' ? invoice.amountPaid : invoice.amountDue} ${invoice.currency}`;
      if (!(await recordEventOnce(trx, 'stripe', event.id, now(), { eventType: event.type, summary: summary.slice(0, 300) })))
        return 'duplicate';
      const known = await findSubscription(trx, 'stripe', subscriptionRef);
      const plan = known?.plan ?? planOfAmount(invoice);
      if (plan === null) return 'not_ours';
      const sub = { provider: 'stripe' as const, ref: subscriptionRef, plan, customer: invoice.customer };
      const line = {
        ref: invoice.id,
        currency: invoice.currency,
        paymentRef: invoice.paymentIntent,
        billingReason: invoice.billingReason,
        periodEnd: invoice.periodEnd,
      };
      if (event.type === 'invoice.paid') {
        const paid = await subscriptions.invoicePaidWithin(trx, sub, { ...line, amount: invoice.amountPaid });
        const order = (await findInvoice(trx, 'stripe', invoice.id))?.order_id;
        if (order) await attachEventToOrder(trx, 'stripe', event.id, order);
        return paid;
      }
      return subscriptions.invoiceFailedWithin(trx, sub, { ...line, amount: invoice.amountDue });
    });
    if (outcome === 'duplicate') log.info({ invoice: invoice.id }, 'Stripe event already processed');
    else if (outcome === 'amount_mismatch') log.warn({ invoice: invoice.id }, 'Stripe renewal needs an admin: see `payment incidents`');
    else log.info({ invoice: invoice.id, subscription: subscriptionRef, outcome }, 'Stripe invoice applied');
  }

  async function onSubscription(event: StripeEvent, log: FastifyBaseLogger): Promise<void> {
    const subscription = readSubscription(event.object);
    const ref = { provider: 'stripe' as const, ref: subscription.id, customer: subscription.customer };
    const outcome = await domainEvents.transact(async (trx) => {
      const summary = `subscription ${subscription.id}: ${subscription.status}${subscription.cancelAtPeriodEnd ? ', cancels at period end' : ''}`;
      if (!(await recordEventOnce(trx, 'stripe', event.id, now(), { eventType: event.type, summary }))) return 'duplicate';
      if (event.type === 'customer.subscription.deleted') return subscriptions.endedWithin(trx, ref, event.createdAt || now());
      return subscriptions.stateChangedWithin(trx, ref, {
        at: event.createdAt,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        currentPeriodEnd: subscription.currentPeriodEnd,
        status: statusOf(subscription.status),
        plan: planOfPrice(subscription.price),
        reason: subscription.cancellationComment,
      });
    });
    log.info({ subscription: subscription.id, outcome }, 'Stripe subscription event applied');
  }

  return { onInvoice, onSubscription };
}
