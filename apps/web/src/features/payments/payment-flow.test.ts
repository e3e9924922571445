import { describe, expect, it } from 'vitest';
import { initialPaymentState, paymentReducer, pollingOrderId, type PaymentAction, type PaymentState } from './payment-flow';

const T0 = 1_000_000;
const run = (...actions: PaymentAction[]) => actions.reduce<PaymentState>(paymentReducer, initialPaymentState);
const select: PaymentAction = { type: 'select', plan: 'season', channel: 'wechat', requestId: 1 };
const created: PaymentAction = { type: 'created', requestId: 1, orderId: 'o1', qrCode: 'data:image/png;base64,AA', now: T0 };
const waiting = (now: number): PaymentAction => ({
  type: 'status',
  orderId: 'o1',
  result: { completed: false, status: 'requires_action' },
  now,
});
const pending = () => run(select, created);

describe('payment flow', () => {
  it('starts idle and does not poll', () => {
    expect(initialPaymentState).toEqual({ phase: 'idle' });
    expect(pollingOrderId(initialPaymentState)).toBeNull();
  });

  it('goes pending on a plan click, without a QR code or polling until the order arrives', () => {
    const state = run(select);
    expect(state).toEqual({ phase: 'pending', plan: 'season', channel: 'wechat', requestId: 1, order: null });
    expect(pollingOrderId(state)).toBeNull();
  });

  it('ignores a second plan click while a payment is under way', () => {
    const state = run(select, { type: 'select', plan: 'month', channel: 'card', requestId: 2 });
    expect(state).toMatchObject({ plan: 'season', channel: 'wechat', requestId: 1 });
  });

  it('shows the QR code and polls once the order is created', () => {
    const state = pending();
    expect(state).toMatchObject({ phase: 'pending', order: { orderId: 'o1', qrCode: 'data:image/png;base64,AA', createdAt: T0 } });
    expect(pollingOrderId(state)).toBe('o1');
  });

  it('stays pending while the payer has not paid', () => {
    expect(paymentReducer(pending(), waiting(T0 + 3000))).toEqual(pending());
    expect(paymentReducer(pending(), { type: 'tick', now: T0 + 180_000 })).toEqual(pending());
  });

  it('succeeds when the status says completed, and polling stops', () => {
    const state = paymentReducer(pending(), {
      type: 'status',
      orderId: 'o1',
      result: { completed: true, status: 'succeeded' },
      now: T0 + 6000,
    });
    expect(state).toEqual({ phase: 'success', plan: 'season', channel: 'wechat', orderId: 'o1' });
    expect(pollingOrderId(state)).toBeNull();
  });

  it('still succeeds when the completed answer arrives after the 3 minutes: the payer paid', () => {
    const state = paymentReducer(pending(), {
      type: 'status',
      orderId: 'o1',
      result: { completed: true, status: 'succeeded' },
      now: T0 + 180_000 + 5000,
    });
    expect(state.phase).toBe('success');
  });

  it('fails when the order cannot be created', () => {
    const state = run(select, { type: 'creationFailed', requestId: 1, code: 'PAYMENT_UNAVAILABLE' });
    expect(state).toEqual({ phase: 'failed', plan: 'season', channel: 'wechat', reason: 'creation', code: 'PAYMENT_UNAVAILABLE' });
    expect(pollingOrderId(state)).toBeNull();
  });

  it('fails when the status call errors, and polling stops', () => {
    const state = paymentReducer(pending(), { type: 'statusFailed', orderId: 'o1' });
    expect(state).toEqual({ phase: 'failed', plan: 'season', channel: 'wechat', reason: 'status' });
    expect(pollingOrderId(state)).toBeNull();
  });

  it('fails when the provider reports the payment failed', () => {
    const state = paymentReducer(pending(), {
      type: 'status',
      orderId: 'o1',
      result: { completed: false, status: 'failed' },
      now: T0 + 3000,
    });
    expect(state).toMatchObject({ phase: 'failed', reason: 'status' });
  });

  it('times out when the provider reports the order expired', () => {
    const state = paymentReducer(pending(), {
      type: 'status',
      orderId: 'o1',
      result: { completed: false, status: 'expired' },
      now: T0 + 3000,
    });
    expect(state).toMatchObject({ phase: 'failed', reason: 'timeout' });
  });

  it('times out more than 180000 ms after order creation, on a tick or a late waiting answer', () => {
    expect(paymentReducer(pending(), { type: 'tick', now: T0 + 180_000 + 1 })).toMatchObject({
      phase: 'failed',
      reason: 'timeout',
    });
    expect(paymentReducer(pending(), waiting(T0 + 180_000 + 1))).toMatchObject({ phase: 'failed', reason: 'timeout' });
    expect(pollingOrderId(paymentReducer(pending(), { type: 'tick', now: T0 + 180_000 + 1 }))).toBeNull();
  });

  it('never times out before the order exists', () => {
    expect(run(select, { type: 'tick', now: T0 + 10 * 180_000 })).toMatchObject({ phase: 'pending', order: null });
  });

  it('keeps a paid gift’s code and link as the server’s answer gave them (issue 59), and nothing when it gave none', () => {
    const gift = { code: 'GIFT-ABCD-EFGH-JKMN-PQRS', link: 'https://example.test/gift#GIFT-ABCD-EFGH-JKMN-PQRS' };
    const paid = paymentReducer(pending(), {
      type: 'status',
      orderId: 'o1',
      result: { completed: true, status: 'succeeded', gift },
      now: T0,
    });
    expect(paid).toEqual({ phase: 'success', plan: 'season', channel: 'wechat', orderId: 'o1', gift });
    const plain = paymentReducer(pending(), { type: 'status', orderId: 'o1', result: { completed: true, status: 'succeeded' }, now: T0 });
    expect(plain).not.toHaveProperty('gift');
  });

  it('cancels from pending back to idle, forgetting plan and QR code', () => {
    expect(run(select, { type: 'cancel' })).toEqual(initialPaymentState);
    expect(paymentReducer(pending(), { type: 'cancel' })).toEqual(initialPaymentState);
  });

  it('continues from success and reselects from failed back to idle', () => {
    const success = paymentReducer(pending(), { type: 'status', orderId: 'o1', result: { completed: true, status: 'succeeded' }, now: T0 });
    expect(paymentReducer(success, { type: 'reset' })).toEqual(initialPaymentState);
    const failed = paymentReducer(pending(), { type: 'statusFailed', orderId: 'o1' });
    expect(paymentReducer(failed, { type: 'reset' })).toEqual(initialPaymentState);
  });

  it('does not leave pending on reset, nor success or failed on cancel', () => {
    expect(paymentReducer(pending(), { type: 'reset' })).toEqual(pending());
    const failed = paymentReducer(pending(), { type: 'statusFailed', orderId: 'o1' });
    expect(paymentReducer(failed, { type: 'cancel' })).toBe(failed);
  });

  it('ignores answers that belong to a cancelled attempt or another order', () => {
    const again = run(select, { type: 'cancel' }, { ...select, requestId: 2 });
    expect(paymentReducer(again, created)).toBe(again);
    expect(paymentReducer(again, { type: 'creationFailed', requestId: 1, code: 'X' })).toBe(again);
    const state = pending();
    expect(paymentReducer(state, { type: 'statusFailed', orderId: 'other' })).toBe(state);
    expect(paymentReducer(state, { type: 'status', orderId: 'other', result: { completed: true, status: 'succeeded' }, now: T0 })).toBe(
      state,
    );
    expect(paymentReducer(initialPaymentState, { type: 'statusFailed', orderId: 'o1' })).toBe(initialPaymentState);
  });

  it('ignores a second creation answer for the same attempt', () => {
    const state = pending();
    expect(paymentReducer(state, { ...created, orderId: 'o2' } as PaymentAction)).toBe(state);
  });
});
