import { STRIPE_TEST_ENV, stripeCheckoutSession, stripeId } from './payment-flows.js';
import type { TestUser } from './factories.js';

/**
 * Stripe Billing's objects as its webhooks carry them (issue 59: memberships that renew), for the
 * renewal tests: a subscription-mode checkout, invoices (in the 2025 "basil" shape and the older
 * one), subscriptions. Ids are unique within the run.
 */

export const RENEWING_LINKS = { month: 'plink_test_month_renewing', season: 'plink_test_season_renewing' } as const;

/** STRIPE_TEST_ENV plus renewing links and buttons for both plans (they need a secret key: the fake's). */
export const renewingEnv = (fake: { env(): Record<string, string> }): Record<string, string> => ({
  ...STRIPE_TEST_ENV,
  ...fake.env(),
  STRIPE_RENEWING_PAYMENT_LINK_MONTH: RENEWING_LINKS.month,
  STRIPE_RENEWING_BUY_BUTTON_MONTH: 'buy_btn_test_month_renewing',
  STRIPE_RENEWING_PAYMENT_LINK_SEASON: RENEWING_LINKS.season,
  STRIPE_RENEWING_BUY_BUTTON_SEASON: 'buy_btn_test_season_renewing',
});

/** One renewing membership at Stripe: its ids, for the objects below. */
export const newStripeSubscription = (plan: 'month' | 'season' = 'month') => ({
  id: stripeId('sub'),
  customer: stripeId('cus'),
  plan,
  amount: plan === 'month' ? 1000 : 2700,
});
export type FakeSubscription = ReturnType<typeof newStripeSubscription>;

/** The checkout that starts `sub` for `user`: mode subscription, its first invoice paid. */
export const subscriptionCheckout = (user: TestUser | null, sub: FakeSubscription, firstInvoice: string) =>
  stripeCheckoutSession(user, {
    mode: 'subscription',
    payment_link: RENEWING_LINKS[sub.plan],
    amount_total: sub.amount,
    payment_intent: null,
    subscription: sub.id,
    invoice: firstInvoice,
    customer: sub.customer,
  });

export interface InvoiceOptions {
  id?: string;
  paid?: boolean;
  amount?: number;
  reason?: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  paymentIntent?: string;
  /** Unix seconds; defaults to a month from now. */
  periodEnd?: number;
  /** The pre-2025 shape (subscription and payment_intent at the top). */
  legacy?: boolean;
}

/** An invoice of `sub`, paid or failed (the object of `invoice.paid` / `invoice.payment_failed`). */
export function stripeInvoice(sub: FakeSubscription, options: InvoiceOptions = {}) {
  const amount = options.amount ?? sub.amount;
  const paid = options.paid ?? true;
  const paymentIntent = options.paymentIntent ?? stripeId('pi');
  const periodEnd = options.periodEnd ?? Math.floor(Date.now() / 1000) + 31 * 86_400;
  const common = {
    id: options.id ?? stripeId('in'),
    object: 'invoice',
    customer: sub.customer,
    amount_paid: paid ? amount : 0,
    amount_due: amount,
    currency: 'cny',
    billing_reason: options.reason ?? 'subscription_cycle',
    status: paid ? 'paid' : 'open',
    hosted_invoice_url: 'https://invoice.stripe.test/i/1',
    lines: { object: 'list', data: [{ id: stripeId('il'), amount, period: { start: periodEnd - 30 * 86_400, end: periodEnd } }] },
  };
  return options.legacy
    ? { ...common, subscription: sub.id, payment_intent: paymentIntent }
    : {
        ...common,
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
        payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: paymentIntent } }] },
      };
}

/** `sub` as `customer.subscription.updated` / `.deleted` carries it. */
export const stripeSubscriptionObject = (
  sub: FakeSubscription,
  state: { status?: string; cancelAtPeriodEnd?: boolean; periodEnd?: number; plan?: 'month' | 'season'; comment?: string } = {},
) => {
  const plan = state.plan ?? sub.plan;
  const periodEnd = state.periodEnd ?? Math.floor(Date.now() / 1000) + 31 * 86_400;
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: state.status ?? 'active',
    cancel_at_period_end: state.cancelAtPeriodEnd ?? false,
    cancellation_details: { comment: state.comment ?? null, reason: null },
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          current_period_end: periodEnd,
          price: {
            id: `price_test_${plan}`,
            currency: 'cny',
            unit_amount: plan === 'month' ? 1000 : 2700,
            recurring: { interval: 'month', interval_count: plan === 'month' ? 1 : 3 },
          },
        },
      ],
    },
  };
};

/** A Stripe event around `object`, made at `createdSeconds` (default now). */
export const billingEvent = (type: string, object: object, createdSeconds = Math.floor(Date.now() / 1000)) => ({
  id: stripeId('evt'),
  object: 'event',
  type,
  api_version: '2025-10-29.clover',
  created: createdSeconds,
  data: { object },
});
