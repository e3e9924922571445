import type { NotificationMetrics } from '../../metrics/money-metrics.js';
import { AppError } from '../../../lib/app-error.js';
import { PLAN_CURRENCY, PLANS } from '@inkstream/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DbExecutor } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import { findUserByUuid } from '../../users/users.repository.js';
import type { OrderLedger } from '../order-ledger.js';
import { attachEventToOrder, recordEventOnce, recordIncident } from '../payment-incidents.repository.js';
import type { StripeConfig } from '../payments-config.js';
import * as repo from '../payments.repository.js';
import {
  readCheckoutSession,
  readRefundedCharge,
  verifyStripeEvent,
  type CheckoutSession,
  type RefundedCharge,
  type StripeEvent,
} from './stripe-event.js';
import { completeSessionOrderWithin, type SoldProduct } from './stripe-session-order.js';
import { findPackByPaymentLink } from '../../coins/coin-packs.repository.js';
import type { SubscriptionLedger } from '../subscriptions/subscription-ledger.js';
import { createStripeSubscriptionEvents } from './stripe-subscription-events.js';

export interface StripeWebhookDeps {
  domainEvents: DomainEvents;
  ledger: OrderLedger;
  config: StripeConfig;
  /** Memberships that renew (issue 59): the subscription-mode checkouts and Stripe Billing's events. */
  subscriptions: SubscriptionLedger;
  now?: () => number;
  /** Deliveries received, verified, refused, duplicated (metrics, when on). */
  metrics?: NotificationMetrics | null;
}

/**
 * The incident kinds of a paid session we could not apply; `payment resolve --user` grants them
 * once an admin has looked (an `amount_mismatch` may be a promotion code the operator issued).
 */
export const SESSION_INCIDENT_KINDS = ['missing_reference', 'unknown_user', 'unknown_plan', 'amount_mismatch'] as const;
type SessionIncidentKind = (typeof SESSION_INCIDENT_KINDS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an admin needs to decide about a session, and what `payment resolve` needs to grant it. */
const sessionIncidentDetail = (session: CheckoutSession, eventId: string, product: SoldProduct | null) => ({
  session_id: session.id,
  payment_link: session.paymentLink,
  payment_intent: session.paymentIntent,
  amount_total: session.amountTotal,
  currency: session.currency,
  email: session.customerEmail,
  client_reference_id: session.clientReferenceId,
  event_id: eventId,
  ...(product ? { plan: product.plan, expected_amount: priceOf(product), expected_currency: PLAN_CURRENCY } : {}),
  ...(product?.plan === 'coins' ? { coin_pack: product.pack.id, coins: product.pack.coins + product.pack.bonus_coins } : {}),
});

const priceOf = (product: SoldProduct) => (product.plan === 'coins' ? product.pack.price_fen : PLANS[product.plan].amountFen);

/**
 * Stripe's webhook (contract call 19): buy-button payments become memberships, refunds take them
 * back. Every event that changes something is applied in one transaction with its event id, so a
 * resent event is a no-op. What cannot be applied becomes a payment incident for an admin and is
 * still answered 200: Stripe retrying would not make the answer different.
 */
export function createStripeWebhook(deps: StripeWebhookDeps) {
  const { domainEvents, ledger, config } = deps;
  const now = deps.now ?? Date.now;
  const billing = createStripeSubscriptionEvents({ domainEvents, subscriptions: deps.subscriptions, now });

  /**
   * The payment link allowlist alone decides what was sold: a plan's link (configuration) or a coin
   * pack's (the operator sets it on the pack, issue 42). A link outside both (another product sold on
   * the same Stripe account, or a link someone made) grants nothing, whatever its metadata says.
   */
  async function productOf(trx: DbExecutor, session: CheckoutSession): Promise<SoldProduct | null> {
    if (session.paymentLink === null) return null;
    // A renewing link sells its plan only as a subscription, a one-time link only as a payment.
    if (session.mode === 'subscription') {
      const renewing = config.renewingLinks.get(session.paymentLink);
      return renewing && session.subscription !== null ? { plan: renewing } : null;
    }
    const plan = config.paymentLinks.get(session.paymentLink);
    if (plan) return { plan };
    // Issue 59: a gift link sells the plan as a gift (a code for the payer to pass on).
    const giftPlan = config.giftPaymentLinks.get(session.paymentLink);
    if (giftPlan) return { plan: giftPlan, gift: true };
    const pack = await findPackByPaymentLink(trx, session.paymentLink);
    return pack ? { plan: 'coins', pack: { ...pack, id: Number(pack.id) } } : null;
  }

  /** Whether Stripe charged exactly the plan's or pack's price, in its currency. */
  const chargedPrice = (session: CheckoutSession, product: SoldProduct) =>
    session.amountTotal === priceOf(product) && session.currency === PLAN_CURRENCY;

  /** Whom the session pays for and with which plan, or why an admin must decide. */
  async function recipientOf(
    trx: DbExecutor,
    session: CheckoutSession,
  ): Promise<{ product: SoldProduct; userId: number } | { incident: SessionIncidentKind; product: SoldProduct | null }> {
    const product = await productOf(trx, session);
    if (product === null) return { incident: 'unknown_plan', product };
    // A link priced wrongly in the dashboard, a promotion code, another currency: never granted unseen.
    if (!chargedPrice(session, product)) return { incident: 'amount_mismatch', product };
    // The buy button's client-reference-id: the public uuid of the user who pressed it.
    const reference = session.clientReferenceId;
    if (reference === null) return { incident: 'missing_reference', product };
    const user = UUID.test(reference) ? await findUserByUuid(trx, reference.toLowerCase()) : undefined;
    return user ? { product, userId: user.id } : { incident: 'unknown_user', product };
  }

  async function fulfilSession(event: StripeEvent, session: CheckoutSession, log: FastifyBaseLogger): Promise<void> {
    const outcome = await domainEvents.transact(async (trx) => {
      const summary = `session ${session.id}, ${session.amountTotal} ${session.currency}`.slice(0, 300);
      if (!(await recordEventOnce(trx, 'stripe', event.id, now(), { eventType: event.type, summary })))
        return { kind: 'duplicate' as const };
      const recipient = await recipientOf(trx, session);
      if ('incident' in recipient) {
        const { incident, product } = recipient;
        const detail = sessionIncidentDetail(session, event.id, product);
        const plan = product?.plan ?? null;
        const isNew = await recordIncident(trx, { provider: 'stripe', reference: session.id, kind: incident, plan, detail }, now());
        return { kind: 'incident' as const, incident, isNew };
      }
      if (session.mode === 'subscription' && recipient.product.plan !== 'coins') {
        // The checkout names the reader of a subscription: it becomes theirs, its first invoice
        // (and any invoice that arrived before this event, parked) is granted once, keyed by the invoice.
        const sub = { provider: 'stripe' as const, ref: session.subscription!, plan: recipient.product.plan, customer: session.customer };
        await deps.subscriptions.attachReaderWithin(trx, { ...sub, userId: recipient.userId });
        if (session.invoice !== null) {
          const first = {
            ref: session.invoice,
            amount: session.amountTotal,
            currency: session.currency,
            paymentRef: session.paymentIntent,
          };
          await deps.subscriptions.invoicePaidWithin(
            trx,
            { ...sub, userId: recipient.userId },
            {
              ...first,
              billingReason: 'subscription_create',
              periodEnd: null,
            },
          );
        }
        return { kind: 'subscribed' as const, subscription: sub.ref };
      }
      const paid = {
        ...recipient,
        sessionId: session.id,
        paymentIntent: session.paymentIntent,
        amount: session.amountTotal,
        currency: session.currency,
      };
      const completed = await completeSessionOrderWithin(trx, ledger, paid, now());
      await attachEventToOrder(trx, 'stripe', event.id, completed.orderId);
      return { kind: 'completed' as const, ...completed };
    });
    const fields = { session: session.id };
    if (outcome.kind === 'duplicate') {
      deps.metrics?.duplicate('stripe');
      log.info(fields, 'Stripe event already processed');
    } else if (outcome.kind === 'incident') {
      log.warn({ ...fields, incident: outcome.incident, isNew: outcome.isNew }, 'Stripe payment needs an admin: see `payment incidents`');
    } else if (outcome.kind === 'subscribed') {
      log.info({ ...fields, subscription: outcome.subscription }, 'Stripe subscription started');
    } else log.info({ ...fields, order: outcome.orderId, granted: outcome.granted }, 'Stripe payment applied');
  }

  async function onSessionEvent(event: StripeEvent, log: FastifyBaseLogger): Promise<void> {
    const session = readCheckoutSession(event.object);
    if (event.type === 'checkout.session.async_payment_failed') {
      log.info({ session: session.id }, 'Stripe asynchronous payment failed; nothing to grant');
      return;
    }
    // `unpaid`: a bank debit or voucher is still on its way; async_payment_succeeded follows if it arrives.
    if (event.type === 'checkout.session.completed' && session.paymentStatus === 'unpaid') {
      log.info({ session: session.id }, 'Stripe session completed, payment pending');
      return;
    }
    // `paid`, and `no_payment_required` (a 100 % promotion code made the total zero): either way the
    // amount is then compared with the plan's price, and a total that differs waits for an admin.
    await fulfilSession(event, session, log);
  }

  /** A full refund takes the time back; anything less is for an admin to weigh. */
  async function onChargeRefunded(event: StripeEvent, charge: RefundedCharge, log: FastifyBaseLogger): Promise<void> {
    const detail = {
      charge_id: charge.id,
      payment_intent: charge.paymentIntent,
      amount: charge.amount,
      amount_refunded: charge.amountRefunded,
      currency: charge.currency,
      event_id: event.id,
    };
    const outcome = await domainEvents.transact(async (trx) => {
      const order = charge.paymentIntent === null ? undefined : await repo.findOrderByPayment(trx, 'stripe', charge.paymentIntent);
      const info = {
        orderId: order?.order_id ?? null,
        eventType: event.type,
        summary: `charge ${charge.id}: refunded ${charge.amountRefunded} of ${charge.amount} ${charge.currency}`,
      };
      if (!(await recordEventOnce(trx, 'stripe', event.id, now(), info))) return 'duplicate' as const;
      if (!order) {
        await recordIncident(trx, { provider: 'stripe', reference: charge.id, kind: 'unknown_refund', plan: null, detail }, now());
        return 'unknown_refund' as const;
      }
      if (!charge.isFullyRefunded) {
        // Keyed by the refunded total, so each further partial refund of the charge is seen too.
        const reference = `${charge.id}:${charge.amountRefunded}`;
        const incident = { provider: 'stripe', reference, kind: 'partial_refund', plan: order.plan };
        await recordIncident(trx, { ...incident, detail: { ...detail, order_id: order.order_id } }, now());
        return 'partial_refund' as const;
      }
      // False when the order is not paid (any more): a resent refund under a new event id changes nothing.
      return (await ledger.refundWithin(trx, order.order_id)) ? ('refunded' as const) : ('nothing_to_refund' as const);
    });
    if (outcome === 'duplicate') deps.metrics?.duplicate('stripe');
    const fields = { charge: charge.id, paymentIntent: charge.paymentIntent, outcome };
    if (outcome === 'unknown_refund' || outcome === 'partial_refund') log.warn(fields, 'Stripe refund needs an admin');
    else log.info(fields, 'Stripe refund processed');
  }

  /** Verifies and applies one delivery; throws a 400 AppError for anything that is not a signed event. */
  async function handle(rawBody: Buffer, signature: string | undefined, log: FastifyBaseLogger): Promise<void> {
    const { metrics } = deps;
    metrics?.received('stripe');
    let event: StripeEvent;
    try {
      event = verifyStripeEvent(rawBody, signature, config.webhookSecret, now());
    } catch (error) {
      // Our reason only: never the header, the body or Stripe's error object, which carries both.
      log.warn({ reason: (error as Error).message }, 'Stripe webhook delivery rejected');
      metrics?.refused('stripe', 'signature');
      throw error;
    }
    metrics?.verified('stripe');
    try {
      await apply(event, log);
    } catch (error) {
      // A 400 of ours after verification is a refusal by our rules; anything else is our fault (5xx).
      metrics?.refused('stripe', error instanceof AppError && error.statusCode < 500 ? 'rejected' : 'error');
      throw error;
    }
  }

  async function apply(event: StripeEvent, log: FastifyBaseLogger): Promise<void> {
    const eventLog = log.child({ stripeEvent: event.id, type: event.type });
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
        return onSessionEvent(event, eventLog);
      case 'charge.refunded':
        return onChargeRefunded(event, readRefundedCharge(event.object), eventLog);
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return billing.onInvoice(event, eventLog);
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return billing.onSubscription(event, eventLog);
      default:
        eventLog.debug('Stripe event ignored');
    }
  }

  return { handle };
}

export type StripeWebhook = ReturnType<typeof createStripeWebhook>;
