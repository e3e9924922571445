import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError } from '../../lib/api-client';
import { accountApi, type OrderProduct } from '../../lib/api-account';
import {
  initialPaymentState,
  PAYMENT_TIMEOUT_MS,
  paymentReducer,
  pollingOrderId,
  POLL_INTERVAL_MS,
  type PaymentChannel,
  type PaymentPlan,
} from './payment-flow';
import { openSandboxCheckout, type CheckoutWindow } from './sandbox-checkout-url';

/** Queries whose answers change once a payment grants membership time or coins (or starts a renewing membership, issue 59). */
const MEMBERSHIP_QUERY_KEYS = [
  ['account', 'membership'],
  ['account', 'subscription'],
  ['membership'],
  ['chapter-content'],
  ['wallet'],
  ['book-unlocks'],
  // Issue 59: a paid gift joins the profile's gift list.
  ['account', 'gifts'],
] as const;

/**
 * Drives the payment reducer: creates the order, polls its status every 3 s while pending, fires the
 * 3-minute limit, and refreshes the membership once paid. Timers and requests die with the state they serve.
 */
export function usePaymentFlow() {
  const [state, dispatch] = useReducer(paymentReducer, initialPaymentState);
  const queryClient = useQueryClient();
  const nextRequestId = useRef(0);

  const start = useCallback((plan: PaymentPlan, product: OrderProduct, channel: PaymentChannel, checkoutWindow?: CheckoutWindow) => {
    const requestId = ++nextRequestId.current;
    dispatch({ type: 'select', plan, channel, requestId });
    accountApi.createWechatOrder(product, channel === 'card' ? 'card' : undefined).then(
      (order) => {
        dispatch({ type: 'created', requestId, orderId: order.order_id, qrCode: order.qr_code, now: Date.now() });
        if (checkoutWindow) openSandboxCheckout(checkoutWindow, order.order_id);
      },
      (error: unknown) => {
        checkoutWindow?.close();
        dispatch({ type: 'creationFailed', requestId, code: error instanceof ApiError ? error.code : 'NETWORK_ERROR' });
      },
    );
  }, []);

  const orderId = pollingOrderId(state);
  const createdAt = state.phase === 'pending' ? state.order?.createdAt : undefined;
  useEffect(() => {
    if (!orderId || createdAt === undefined) return;
    let active = true;
    let inFlight = false;
    const poll = window.setInterval(() => {
      dispatch({ type: 'tick', now: Date.now() });
      // A slow answer must not pile up requests behind it.
      if (inFlight) return;
      inFlight = true;
      accountApi
        .paymentStatus(orderId)
        .then(
          (result) => active && dispatch({ type: 'status', orderId, result, now: Date.now() }),
          () => active && dispatch({ type: 'statusFailed', orderId }),
        )
        .finally(() => (inFlight = false));
    }, POLL_INTERVAL_MS);
    // The limit fires on time even if a status answer hangs.
    const deadline = window.setTimeout(() => dispatch({ type: 'tick', now: Date.now() }), createdAt + PAYMENT_TIMEOUT_MS + 1 - Date.now());
    return () => {
      active = false;
      window.clearInterval(poll);
      window.clearTimeout(deadline);
    };
  }, [orderId, createdAt]);

  const succeeded = state.phase === 'success';
  useEffect(() => {
    if (!succeeded) return;
    for (const queryKey of MEMBERSHIP_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  }, [succeeded, queryClient]);

  const cancel = useCallback(() => dispatch({ type: 'cancel' }), []);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  return { state, start, cancel, reset };
}
