import { createElement, useEffect } from 'react';

const STRIPE_BUY_BUTTON_SCRIPT = 'https://js.stripe.com/v3/buy-button.js';

/** Adds Stripe's script once, and only when a live buy button is on screen (never in tests or the sandbox). */
function loadStripeBuyButtonScript(): void {
  if (import.meta.env.MODE === 'test' || document.querySelector(`script[src="${STRIPE_BUY_BUTTON_SCRIPT}"]`)) return;
  const script = document.createElement('script');
  script.src = STRIPE_BUY_BUTTON_SCRIPT;
  script.async = true;
  document.head.append(script);
}

interface StripeBuyButtonProps {
  buyButtonId: string;
  publishableKey: string;
  /** The user's uuid: the webhook grants the plan to the account it names (spec section 2). */
  clientReferenceId: string;
}

/** Stripe's embeddable buy button; its plan and price live in the Stripe dashboard, never in the browser. */
export function StripeBuyButton({ buyButtonId, publishableKey, clientReferenceId }: StripeBuyButtonProps) {
  useEffect(loadStripeBuyButtonScript, []);
  // A custom element: React 19 passes these through as attributes.
  return createElement('stripe-buy-button', {
    'buy-button-id': buyButtonId,
    'publishable-key': publishableKey,
    'client-reference-id': clientReferenceId,
  });
}
