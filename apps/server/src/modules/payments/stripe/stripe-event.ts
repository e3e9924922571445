import { ErrorCode } from '@inkstream/contracts';
import type Stripe from 'stripe';
import { loadOnFirstUse } from '../../../lib/load-on-first-use.js';
import { badRequest } from '../../../lib/app-error.js';

/** The Stripe SDK, loaded with the first webhook delivery (installations without Stripe never load it). */
export const stripeSdk = loadOnFirstUse<typeof Stripe>('stripe');

/**
 * A Stripe API client made on its first call (refunds, renewals), with the secret key; STRIPE_API_BASE
 * points it at another host (the tests' fake).
 */
export function lazyStripeClient(secretKey: string, base: URL | null): () => Stripe {
  let client: Stripe | undefined;
  return () =>
    (client ??= new (stripeSdk())(secretKey, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
          }
        : {}),
    }));
}

/** The envelope of a verified Stripe event: its id (for dedupe), type and the object it is about. */
export interface StripeEvent {
  id: string;
  type: string;
  /** When Stripe made the event (ms; 0 when absent): the order subscription states are applied in. */
  createdAt: number;
  object: Record<string, unknown>;
}

/** What we read of a Checkout session (a buy button's payment). */
export interface CheckoutSession {
  id: string;
  /** `paid`, `unpaid` (an asynchronous method is still running) or `no_payment_required`. */
  paymentStatus: string;
  paymentLink: string | null;
  clientReferenceId: string | null;
  /** In the currency's smallest unit (fen, cents), as Stripe charged it. */
  amountTotal: number;
  /** Upper case, as our orders keep it. */
  currency: string;
  paymentIntent: string | null;
  customerEmail: string | null;
  /** `payment` (a one-time card) or `subscription` (a renewing membership, issue 59). */
  mode: string;
  /** For `subscription`: Stripe's subscription, its first invoice and its customer. */
  subscription: string | null;
  invoice: string | null;
  customer: string | null;
}

/** What we read of a refunded charge. */
export interface RefundedCharge {
  id: string;
  paymentIntent: string | null;
  amount: number;
  amountRefunded: number;
  isFullyRefunded: boolean;
  currency: string;
}

const signatureInvalid = (message: string) => badRequest(ErrorCode.WEBHOOK_SIGNATURE_INVALID, message);
const notAnEvent = (message: string) => badRequest(ErrorCode.VALIDATION_FAILED, message);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
/** Stripe sends references as ids, or as objects when expanded. */
const idOf = (value: unknown) => stringOrNull(isRecord(value) ? value.id : value);
const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const CURRENCY = /^[a-z]{3}$/i;

/**
 * Verifies the Stripe-Signature header over the exact bytes received (HMAC-SHA256 with the webhook
 * secret, timestamp within Stripe's default 300 s tolerance), then reads the event envelope.
 * The two steps are kept apart so that whatever goes wrong while checking the header (the SDK
 * throws plain errors too, e.g. for an empty `v1=`) is a signature error, and only a body that was
 * signed and still is no event is VALIDATION_FAILED. Stripe's error objects carry the header and
 * the payload, so they are never logged or passed on.
 */
export function verifyStripeEvent(rawBody: Buffer, signature: string | undefined, secret: string, nowMs: number): StripeEvent {
  if (signature === undefined || signature.trim() === '') throw signatureInvalid('The Stripe-Signature header is missing');
  const Stripe = stripeSdk();
  try {
    Stripe.webhooks.signature!.verifyHeader(rawBody, signature, secret, Stripe.webhooks.DEFAULT_TOLERANCE, undefined, nowMs);
  } catch (error) {
    const stale = error instanceof Stripe.errors.StripeSignatureVerificationError && error.message.startsWith('Timestamp outside');
    throw signatureInvalid(
      stale ? 'The Stripe-Signature timestamp is more than 5 minutes old' : 'The Stripe-Signature header does not match the body',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw notAnEvent('The body is not a Stripe event');
  }
  const event = isRecord(parsed) ? parsed : {};
  const data = isRecord(event.data) ? event.data : {};
  // A v2 "thin" event notification (object `v2.core.event`) is not one we subscribe to.
  if (
    typeof event.id !== 'string' ||
    event.id === '' ||
    typeof event.type !== 'string' ||
    event.object === 'v2.core.event' ||
    !isRecord(data.object)
  ) {
    throw notAnEvent('The Stripe event lacks id, type or data.object');
  }
  const createdAt = isAmount(event.created) ? event.created * 1000 : 0;
  return { id: event.id, type: event.type, createdAt, object: data.object };
}

export function readCheckoutSession(object: Record<string, unknown>): CheckoutSession {
  const id = stringOrNull(object.id);
  if (id === null || !isAmount(object.amount_total) || typeof object.currency !== 'string' || !CURRENCY.test(object.currency)) {
    throw notAnEvent('The Checkout session lacks id, amount_total or currency');
  }
  const customer = isRecord(object.customer_details) ? object.customer_details : {};
  return {
    id,
    paymentStatus: String(object.payment_status),
    paymentLink: idOf(object.payment_link),
    clientReferenceId: stringOrNull(object.client_reference_id),
    amountTotal: object.amount_total,
    currency: object.currency.toUpperCase(),
    paymentIntent: idOf(object.payment_intent),
    customerEmail: stringOrNull(customer.email),
    mode: stringOrNull(object.mode) ?? 'payment',
    subscription: idOf(object.subscription),
    invoice: idOf(object.invoice),
    customer: idOf(object.customer),
  };
}

export function readRefundedCharge(object: Record<string, unknown>): RefundedCharge {
  const id = stringOrNull(object.id);
  if (id === null || !isAmount(object.amount) || !isAmount(object.amount_refunded)) {
    throw notAnEvent('The charge lacks id, amount or amount_refunded');
  }
  return {
    id,
    paymentIntent: idOf(object.payment_intent),
    amount: object.amount,
    amountRefunded: object.amount_refunded,
    isFullyRefunded: object.refunded === true || object.amount_refunded >= object.amount,
    currency: String(object.currency ?? '').toUpperCase(),
  };
}
