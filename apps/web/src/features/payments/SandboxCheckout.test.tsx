import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import SandboxCheckoutPage from '../../routes/SandboxCheckoutPage';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';

const ok = (data: unknown) => ({ status: 200, body: { data } });
const order = (status: string) => ok({ result: { order_id: 'o1', plan: 'season', months: 3, amount_fen: 2700, status } });

beforeAll(setUpI18n);
beforeEach(() => localStorage.clear());
afterEach(cleanUpScreen);

const open = () => renderScreen(<SandboxCheckoutPage />, '/sandbox/checkout/o1', '/sandbox/checkout/:orderId');

describe('sandbox checkout page', () => {
  it('says no real money moves, shows the plan and amount, and pays', async () => {
    const fetch = stubApi({
      'GET /payment/sandbox/orders/o1': order('requires_action'),
      'POST /payment/sandbox/orders/o1/pay': ok({ result: { completed: true, status: 'succeeded' } }),
    });
    open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Sandbox payment — no real money');
    expect(await screen.findByText('3-month pass (3 months)')).toBeTruthy();
    expect(screen.getByText('CN¥27')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect((await screen.findByText(/Payment succeeded/)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ outcome: 'succeeded' });
  });

  it('passes the checkout token of a scanned QR link to both calls', async () => {
    const fetch = stubApi({
      'GET /payment/sandbox/orders/o1': order('requires_action'),
      'POST /payment/sandbox/orders/o1/pay': ok({ result: { completed: true, status: 'succeeded' } }),
    });
    renderScreen(<SandboxCheckoutPage />, '/sandbox/checkout/o1?checkout_token=tok_123', '/sandbox/checkout/:orderId');
    await screen.findByText('3-month pass (3 months)');
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await screen.findByText(/Payment succeeded/);
    const urls = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url.searchParams.get('checkout_token')).toBe('tok_123');
  });

  it('fails the payment on request', async () => {
    const fetch = stubApi({
      'GET /payment/sandbox/orders/o1': order('requires_action'),
      'POST /payment/sandbox/orders/o1/pay': ok({ result: { completed: false, status: 'failed' } }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Fail' }));
    expect(await screen.findByText(/^Payment failed\./)).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ outcome: 'failed' });
  });

  it('shows the outcome of an order already settled, and explains an unknown order', async () => {
    stubApi({ 'GET /payment/sandbox/orders/o1': order('expired') });
    open();
    expect(await screen.findByText('This order has expired. Choose a plan again on the profile.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    cleanup();
    stubApi({});
    open();
    expect((await screen.findByRole('alert')).textContent).toBe('This sandbox order does not exist, or the sandbox is switched off.');
  });
});
