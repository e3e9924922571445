import { pagePath } from '@inkstream/contracts/routes';
/** The part of a browser window the card flow needs: somewhere to send the payer, or to close. */
export type CheckoutWindow = { location: { href: string }; close(): void };

/** The sandbox checkout page of our own site (contract call 20); the sandbox QR codes encode the same path. */
export const sandboxCheckoutPath = pagePath.sandboxCheckout;

/**
 * Opens the tab during the click, while the browser still counts it as the user's gesture: a tab opened
 * after the order request returns is what popup blockers stop. Undefined when blocked anyway; the
 * pending screen then offers a link.
 */
export function reserveCheckoutWindow(): CheckoutWindow | undefined {
  const tab = window.open('', '_blank');
  // The checkout has no business with the profile that opened it.
  if (tab) tab.opener = null;
  return tab ?? undefined;
}

export function openSandboxCheckout(checkoutWindow: CheckoutWindow, orderId: string): void {
  checkoutWindow.location.href = sandboxCheckoutPath(orderId);
}
