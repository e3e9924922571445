import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MembershipSummary } from '../account/MembershipSummary';
import { TopUpSection } from '../account/TopUpSection';
import { sandboxPublicConfig } from '../../test-support/public-config';
import { renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import zhCn from '../../i18n/locales/zh-cn/payments.json';

const SANDBOX_CONFIG = sandboxPublicConfig();
const QR = 'data:image/png;base64,iVBORw0KGgo=';
const ok = (data: unknown) => ({ status: 200, body: { data } });
const statusReply = (completed: boolean, status: string) => ok({ result: { completed, status } });
const membership = (expire_at: string, is_expired: boolean) => ok({ result: { expire_at, is_expired } });

beforeAll(setUpI18n);
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('X-API-TOKEN', 'token-1');
  localStorage.setItem('USER_UUID', 'uuid-1');
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets answered requests, React Query and React settle, moving the fake clock by `ms`. */
const advance = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Stubs the API with a payer who has paid once `paid.value` is true. */
function stubPayment(overrides: Record<string, { status: number; body: unknown } | (() => { status: number; body: unknown })> = {}) {
  const paid = { value: false };
  const fetch = stubApi({
    'GET /config/public': ok({ result: SANDBOX_CONFIG }),
    'GET /user/book/membership': () =>
      paid.value ? membership('2027-04-01T00:00:00.000Z', false) : membership('2026-01-01T00:00:00.000Z', true),
    'POST /payment/wechat/payment/china_book_membership/create': ok({
      qr_code: QR,
      order_id: 'o1',
      amount_fen: 1000,
      expires_at: '2030-01-01T00:00:00.000Z',
    }),
    'GET /payment/wechat/payment/status/o1': () => (paid.value ? statusReply(true, 'succeeded') : statusReply(false, 'requires_action')),
    ...overrides,
  });
  const calls = (key: string) =>
    fetch.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${new URL(String(url)).pathname}` === key).length;
  return { paid, fetch, calls };
}

async function renderProfile(language: string) {
  renderScreen(
    <>
      <MembershipSummary username="reader" />
      <TopUpSection userUuid="uuid-1" language={language} />
    </>,
    '/profile',
  );
  await advance();
}

const chooseMonth = () => fireEvent.click(screen.getByRole('button', { name: 'Choose Monthly pass' }));

describe('WeChat payment on the profile', () => {
  it('marks the sandbox, shows a spinner then the QR code, polls every 3 s, and on success stops polling and refreshes the expiry', async () => {
    const { paid, calls } = stubPayment();
    await renderProfile('zh-cn');
    expect(screen.getByText('Sandbox')).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();

    chooseMonth();
    expect(screen.getByText('Creating your order…')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    await advance();
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'WeChat Pay QR code for the Monthly pass' }).src).toBe(QR);
    expect(screen.getByRole('status').textContent).toBe('Waiting for your payment…');
    expect(screen.queryByRole('button', { name: 'Choose 3-month pass' })).toBeNull();

    await advance(3000 - 1);
    expect(calls('GET /api/v1/payment/wechat/payment/status/o1')).toBe(0);
    await advance(1);
    expect(calls('GET /api/v1/payment/wechat/payment/status/o1')).toBe(1);
    expect(screen.getByRole('img')).toBeTruthy();

    paid.value = true;
    await advance(3000);
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(calls('GET /api/v1/payment/wechat/payment/status/o1')).toBe(2);
    await advance();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(calls('GET /api/v1/user/book/membership')).toBe(2);

    await advance(5 * 3000);
    expect(calls('GET /api/v1/payment/wechat/payment/status/o1')).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Choose 3-month pass' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment successful' })).toBeNull();
  });

  it('fails with the alert when the status call errors, stops polling, and reselects back to the plans', async () => {
    const { calls } = stubPayment({ 'GET /payment/wechat/payment/status/o1': { status: 500, body: { error: 'Boom', code: 'INTERNAL' } } });
    await renderProfile('zh-cn');
    chooseMonth();
    await advance();
    await advance(3000);
    expect(screen.getByRole('heading', { name: 'payment failed or timed out' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Payment failed. Please choose the amount again and scan the code to pay, or contact the administrator.',
    );
    await advance(3 * 3000);
    expect(calls('GET /api/v1/payment/wechat/payment/status/o1')).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Choose again' }));
    expect(screen.getByRole('button', { name: 'Choose Monthly pass' })).toBeTruthy();
  });

  it('words the alert in Chinese for zh-cn readers exactly as the spec does', () => {
    expect(zhCn.failed.status).toBe('支付失败，请重新选择金额并扫码支付，或联系管理员');
  });

  it('times out 3 minutes after the order was created', async () => {
    const { calls } = stubPayment();
    await renderProfile('zh-cn');
    chooseMonth();
    await advance();
    await advance(180_000 - 1);
    expect(screen.getByRole('img')).toBeTruthy();
    await advance(2);
    expect(screen.getByRole('heading', { name: 'payment failed or timed out' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('No payment arrived within 3 minutes.');
    expect(screen.getByText(/If you paid anyway, nothing is lost/)).toBeTruthy();
    const polled = calls('GET /api/v1/payment/wechat/payment/status/o1');
    await advance(10 * 3000);
    expect(calls('GET /api/v1/payment/wechat/payment/status/o1')).toBe(polled);
  });

  it('fails when the order cannot be created, and cancels a pending payment back to the plans', async () => {
    stubPayment({
      'POST /payment/wechat/payment/china_book_membership/create': {
        status: 503,
        body: { error: 'Unavailable', code: 'PAYMENT_UNAVAILABLE' },
      },
    });
    await renderProfile('zh-cn');
    chooseMonth();
    await advance();
    expect(screen.getByRole('alert').textContent).toBe('Online payment is not available right now. Please try again later.');
    fireEvent.click(screen.getByRole('button', { name: 'Choose again' }));

    chooseMonth();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await advance();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose Monthly pass' })).toBeTruthy();
  });
});

describe('card payment in the sandbox', () => {
  it('shows only the card buttons outside zh-cn, creates a card order and opens the sandbox checkout', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const { fetch, paid } = stubPayment();
    await renderProfile('en-us');
    expect(screen.queryByRole('button', { name: 'Choose Monthly pass' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Buy 3-month pass CN¥27' }));
    await advance();
    const create = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({ months: 3, channel: 'card' });
    expect(tab.location.href).toBe('/sandbox/checkout/o1');
    expect(screen.getByRole('link', { name: 'Open the sandbox checkout' }).getAttribute('href')).toBe('/sandbox/checkout/o1');
    expect(screen.queryByRole('img')).toBeNull();

    paid.value = true;
    await advance(3000);
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
  });
});

describe('the one-tap renewal offer (issue 59)', () => {
  it('offers the same plan in a one-time member’s last days and starts its WeChat payment in one tap', async () => {
    const offer = { plan: 'season', ends_at: '2027-01-01T00:00:00.000Z', price: 2700, currency: 'CNY' };
    const { fetch } = stubPayment({ 'GET /user/membership/renewal_offer': ok({ result: offer }) });
    await renderProfile('zh-cn');
    expect(screen.getByTestId('renewal-offer').textContent).toMatch(/Your 3-month pass ends on .*2027.*one tap/);
    fireEvent.click(screen.getByRole('button', { name: 'Renew for CN¥27' }));
    await advance();
    const create = fetch.mock.calls.find(([url]) => String(url).endsWith('/china_book_membership/create'));
    expect(JSON.parse(String(create![1]!.body))).toEqual({ months: 3 });
    expect(screen.getByRole('img', { name: 'WeChat Pay QR code for the 3-month pass' })).toBeTruthy();
  });

  it('shows no offer when the server makes none', async () => {
    stubPayment({ 'GET /user/membership/renewal_offer': ok({ result: null }) });
    await renderProfile('zh-cn');
    expect(screen.queryByTestId('renewal-offer')).toBeNull();
  });
});
