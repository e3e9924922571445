import { ErrorCode } from '@inkstream/contracts';
import { badRequest } from '../../../lib/app-error.js';

/**
 * What we read of Stripe Billing's objects (issue 59: memberships that renew). Stripe moved some
 * fields between API versions (2025-03-31 "basil" put an invoice's subscription under
 * `parent.subscription_details`, its payment intent under `payments`, a subscription's period on its
 * items); each reader accepts both places, so the webhook keeps working whichever version the
 * endpoint is pinned to.
 */

const notAnEvent = (message: string) => badRequest(ErrorCode.VALIDATION_FAILED, message);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: unknown) => stringOrNull(isRecord(value) ? value.id : value);
const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
/** Stripe's times are Unix seconds; ours are milliseconds. */
const msOrNull = (value: unknown) => (isAmount(value) ? value * 1000 : null);
const firstOf = (list: unknown): Record<string, unknown> => {
  const data = isRecord(list) && Array.isArray(list.data) ? list.data : [];
  return isRecord(data[0]) ? data[0] : {};
};
const CURRENCY = /^[a-z]{3}$/i;

export interface StripeInvoice {
  id: string;
  subscription: string | null;
  customer: string | null;
  /** What was paid (invoice.paid) or is owed (payment_failed), in the currency's smallest unit. */
  amountPaid: number;
  amountDue: number;
  currency: string;
  paymentIntent: string | null;
  /** `subscription_create`, `subscription_cycle`, `subscription_update`, … */
  billingReason: string | null;
  /** The end of the period the invoice pays for (its first line's), ms. */
  periodEnd: number | null;
  /** Where the reader pays a failed invoice by hand (Stripe's hosted page). */
  hostedInvoiceUrl: string | null;
}

export function readInvoice(object: Record<string, unknown>): StripeInvoice {
  const id = stringOrNull(object.id);
  if (
    id === null ||
    !isAmount(object.amount_paid) ||
    !isAmount(object.amount_due) ||
    typeof object.currency !== 'string' ||
    !CURRENCY.test(object.currency)
  ) {
    throw notAnEvent('The invoice lacks id, amount_paid, amount_due or currency');
  }
  const parent = isRecord(object.parent) ? object.parent : {};
  const details = isRecord(parent.subscription_details) ? parent.subscription_details : {};
  const payment = firstOf(object.payments).payment;
  const line = firstOf(object.lines);
  const period = isRecord(line.period) ? line.period : {};
  return {
    id,
    subscription: idOf(object.subscription) ?? idOf(details.subscription),
    customer: idOf(object.customer),
    amountPaid: object.amount_paid,
    amountDue: object.amount_due,
    currency: object.currency.toUpperCase(),
    paymentIntent: idOf(object.payment_intent) ?? (isRecord(payment) ? idOf(payment.payment_intent) : null),
    billingReason: stringOrNull(object.billing_reason),
    periodEnd: msOrNull(period.end),
    hostedInvoiceUrl: stringOrNull(object.hosted_invoice_url),
  };
}

export interface StripeSubscription {
  id: string;
  customer: string | null;
  /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  /** The reader asked to stop: `cancel_at_period_end`, or a `cancel_at` set for the period's end. */
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number | null;
  /** The recurring price of its first item: what plan it sells now (a plan change moves it). */
  price: { id: string | null; unitAmount: number | null; currency: string | null; interval: string | null; intervalCount: number | null };
  cancellationComment: string | null;
}

export function readSubscription(object: Record<string, unknown>): StripeSubscription {
  const id = stringOrNull(object.id);
  if (id === null || typeof object.status !== 'string') throw notAnEvent('The subscription lacks id or status');
  const item = firstOf(object.items);
  const price = isRecord(item.price) ? item.price : isRecord(item.plan) ? item.plan : {};
  const recurring = isRecord(price.recurring) ? price.recurring : price;
  const cancellation = isRecord(object.cancellation_details) ? object.cancellation_details : {};
  return {
    id,
    customer: idOf(object.customer),
    status: object.status,
    cancelAtPeriodEnd: object.cancel_at_period_end === true || isAmount(object.cancel_at),
    currentPeriodEnd: msOrNull(object.current_period_end) ?? msOrNull(item.current_period_end),
    price: {
      id: stringOrNull(price.id),
      unitAmount: isAmount(price.unit_amount) ? price.unit_amount : isAmount(price.amount) ? price.amount : null,
      currency: typeof price.currency === 'string' ? price.currency.toUpperCase() : null,
      interval: stringOrNull(recurring.interval),
      intervalCount: isAmount(recurring.interval_count) ? recurring.interval_count : null,
    },
    cancellationComment: stringOrNull(cancellation.comment),
  };
}
