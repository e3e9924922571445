import type { StripeConfig } from '../payments-config.js';
import { lazyStripeClient } from './stripe-event.js';

/** Stripe refused the change or could not be reached; nothing changed at Stripe. */
export class StripeBillingError extends Error {}

export interface StripeBilling {
  /** Stops (true) or resumes (false) the renewal at the period's end; `reason` is kept as Stripe's cancellation comment. */
  setCancelAtPeriodEnd(subscription: string, cancel: boolean, reason: string | null): Promise<void>;
  /** Ends the subscription now (an erased account: nothing more may be charged). */
  cancelNow(subscription: string): Promise<void>;
  /** A customer-portal session where the reader changes their card; its one-time URL. */
  portalUrl(customer: string, returnUrl: string): Promise<string>;
}

/**
 * Stripe Billing's API for the reader's own renewal (issue 59): POST /v1/subscriptions/{id} and
 * POST /v1/billing_portal/sessions with the secret key (renewing links require one: payments-config.ts).
 * STRIPE_API_BASE points the SDK at another host (the tests' fake). Stripe answers every change
 * with `customer.subscription.updated` too; the webhook applies it in order.
 */
export function createStripeBilling(config: Pick<StripeConfig, 'secretKey' | 'apiBase'>): StripeBilling | null {
  if (!config.secretKey) return null;
  const stripe = lazyStripeClient(config.secretKey, config.apiBase);
  const failed = (what: string, error: unknown) => new StripeBillingError(`Stripe refused to ${what}: ${(error as Error).message}`);
  return {
    async setCancelAtPeriodEnd(subscription, cancel, reason) {
      try {
        await stripe().subscriptions.update(subscription, {
          cancel_at_period_end: cancel,
          ...(cancel && reason ? { cancellation_details: { comment: reason } } : {}),
        });
      } catch (error) {
        throw failed(cancel ? 'stop the renewal' : 'resume the renewal', error);
      }
    },
    async cancelNow(subscription) {
      try {
        await stripe().subscriptions.cancel(subscription);
      } catch (error) {
        throw failed('end the subscription', error);
      }
    },
    async portalUrl(customer, returnUrl) {
      try {
        return (await stripe().billingPortal.sessions.create({ customer, return_url: returnUrl })).url;
      } catch (error) {
        throw failed('open the customer portal', error);
      }
    },
  };
}
