/**
 * The payment state machine of spec section 4, as a pure reducer so every transition is unit tested:
 * idle → pending (order being created, then QR shown and status polled) → success | failed;
 * cancel (pending) and continue/reselect (success, failed) go back to idle, forgetting plan and QR.
 */
import type { GiftCodeReveal, PaymentStatus } from '@inkstream/contracts';

/** Spec section 9: status polled every 3 s; a payment not done 3 minutes after order creation has failed. */
export const POLL_INTERVAL_MS = 3000;
export const PAYMENT_TIMEOUT_MS = 180_000;

export type PlanId = 'month' | 'season';
/** What the flow is paying for: a membership plan, or a coin pack (issue 42), which the screens name themselves. */
export type PaymentPlan = PlanId | 'coins';
/** 'wechat' shows a QR code; 'card' sends the payer to a checkout page (the sandbox's, until Stripe is live). */
export type PaymentChannel = 'wechat' | 'card';
/** Why a payment failed; the failed screen words its message after it. */
export type FailureReason = 'creation' | 'status' | 'timeout';

export interface PaymentOrder {
  orderId: string;
  qrCode: string;
  /** Client clock when the order came back: the 3-minute limit counts from here. */
  createdAt: number;
}

export type PaymentState =
  | { phase: 'idle' }
  | { phase: 'pending'; plan: PaymentPlan; channel: PaymentChannel; requestId: number; order: PaymentOrder | null }
  /** `gift`: a paid gift's code and link, as the server's status answer showed them (issue 59). */
  | { phase: 'success'; plan: PaymentPlan; channel: PaymentChannel; orderId: string; gift?: GiftCodeReveal }
  | { phase: 'failed'; plan: PaymentPlan; channel: PaymentChannel; reason: FailureReason; code?: string };

export type PaymentAction =
  /** A plan was clicked; requestId tells this attempt's answers apart from those of a cancelled one. */
  | { type: 'select'; plan: PaymentPlan; channel: PaymentChannel; requestId: number }
  | { type: 'created'; requestId: number; orderId: string; qrCode: string; now: number }
  | { type: 'creationFailed'; requestId: number; code: string }
  | { type: 'status'; orderId: string; result: PaymentStatus; now: number }
  | { type: 'statusFailed'; orderId: string }
  | { type: 'tick'; now: number }
  | { type: 'cancel' }
  | { type: 'reset' };

export const initialPaymentState: PaymentState = { phase: 'idle' };

const isTimedOut = (order: PaymentOrder, now: number) => now - order.createdAt > PAYMENT_TIMEOUT_MS;

export function paymentReducer(state: PaymentState, action: PaymentAction): PaymentState {
  switch (action.type) {
    case 'select':
      // One payment at a time: a second click while one is under way changes nothing.
      return state.phase === 'idle'
        ? { phase: 'pending', plan: action.plan, channel: action.channel, requestId: action.requestId, order: null }
        : state;
    case 'created':
      if (state.phase !== 'pending' || state.order || state.requestId !== action.requestId) return state;
      return { ...state, order: { orderId: action.orderId, qrCode: action.qrCode, createdAt: action.now } };
    case 'creationFailed':
      if (state.phase !== 'pending' || state.order || state.requestId !== action.requestId) return state;
      return fail(state, 'creation', action.code);
    case 'status': {
      if (!isCurrentOrder(state, action.orderId)) return state;
      // A completed payment wins even past the limit: the payer has paid and the server granted the time.
      if (action.result.completed || action.result.status === 'succeeded')
        return {
          phase: 'success',
          plan: state.plan,
          channel: state.channel,
          orderId: action.orderId,
          ...(action.result.gift ? { gift: action.result.gift } : {}),
        };
      if (action.result.status === 'failed') return fail(state, 'status');
      if (action.result.status === 'expired' || isTimedOut(state.order, action.now)) return fail(state, 'timeout');
      return state;
    }
    case 'statusFailed':
      return isCurrentOrder(state, action.orderId) ? fail(state, 'status') : state;
    case 'tick':
      return state.phase === 'pending' && state.order && isTimedOut(state.order, action.now) ? fail(state, 'timeout') : state;
    case 'cancel':
      return state.phase === 'pending' ? initialPaymentState : state;
    case 'reset':
      return state.phase === 'success' || state.phase === 'failed' ? initialPaymentState : state;
  }
}

function isCurrentOrder(
  state: PaymentState,
  orderId: string,
): state is Extract<PaymentState, { phase: 'pending' }> & { order: PaymentOrder } {
  return state.phase === 'pending' && state.order?.orderId === orderId;
}

function fail(state: Extract<PaymentState, { phase: 'pending' }>, reason: FailureReason, code?: string): PaymentState {
  return { phase: 'failed', plan: state.plan, channel: state.channel, reason, ...(code ? { code } : {}) };
}

/** The order whose status is polled right now, or null: polling runs only while pending with an order. */
export function pollingOrderId(state: PaymentState): string | null {
  return state.phase === 'pending' && state.order ? state.order.orderId : null;
}
