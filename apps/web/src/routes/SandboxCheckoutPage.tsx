import { useParams } from 'react-router';
import { SandboxCheckout } from '../features/payments/SandboxCheckout';

/** /sandbox/checkout/:orderId: the sandbox provider's checkout (contract call 20). */
export default function SandboxCheckoutPage() {
  const { orderId = '' } = useParams();
  // Keyed by order, so a second order opened in the same tab starts with a fresh outcome.
  return <SandboxCheckout key={orderId} orderId={orderId} />;
}
