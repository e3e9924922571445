import { lazyStripeClient } from './stripe-event.js';
import type { StripeConfig } from '../payments-config.js';

/** Stripe refused the refund or could not be reached. */
export class StripeRefundError extends Error {}

export interface StripeRefunder {
  /** Refunds a payment intent in full; `idempotencyKey` makes a repeated call the same refund at Stripe. */
  refund(paymentIntent: string, idempotencyKey: string): Promise<{ refundId: string; status: string }>;
}

/**
 * Refunds through Stripe's API (POST /v1/refunds) with the secret key; null when no secret key is
 * configured (the webhook alone needs none). STRIPE_API_BASE points the SDK at another host (tests).
 */
export function createStripeRefunder(config: Pick<StripeConfig, 'secretKey' | 'apiBase'>): StripeRefunder | null {
  if (!config.secretKey) return null;
  const stripe = lazyStripeClient(config.secretKey, config.apiBase);
  return {
    async refund(paymentIntent, idempotencyKey) {
      try {
        const refund = await stripe().refunds.create({ payment_intent: paymentIntent }, { idempotencyKey });
        return { refundId: refund.id, status: refund.status ?? 'unknown' };
      } catch (error) {
        throw new StripeRefundError(`Stripe refused the refund: ${(error as Error).message}`);
      }
    },
  };
}
