import { useParams, useSearchParams } from 'react-router';
import { SandboxCheckout } from '../features/payments/SandboxCheckout';

/** /sandbox/checkout/:orderId: the sandbox provider's checkout (contract call 20). */
export default function SandboxCheckoutPage() {
  const { orderId = '' } = useParams();
  // The QR code's link carries the order's checkout token: a phone that scans it needs no login.
  const [search] = useSearchParams();
  // Keyed by order, so a second order opened in the same tab starts with a fresh outcome.
  return <SandboxCheckout key={orderId} orderId={orderId} checkoutToken={search.get('checkout_token')} />;
}
