import { fireEvent, screen } from '@testing-library/react';
import { activeTranslator } from '../../../i18n/active';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../../test-support/render-screen';
import admin from '../../../i18n/locales/en-us/admin/admin.json';
import adminOrders from '../../../i18n/locales/en-us/admin/admin-orders.json';
import OrdersSection from './OrdersSection';

const ok = (data: unknown) => ({ status: 200, body: { data } });
const order = (status: string, extra: object = {}) => ({
  order_id: 'IS1',
  user: { uuid: '0b7c2f0e-0000-4000-8000-000000000001', username: 'reader1' },
  provider: 'sandbox',
  plan: 'month',
  months: 1,
  coins: 0,
  bonus_coins: 0,
  amount_fen: 1000,
  currency: 'CNY',
  status,
  created_at: '2026-11-23T08:00:00.000Z',
  paid_at: '2026-11-23T08:01:00.000Z',
  refunded_at: null,
  provider_txn_id: 'sandbox-IS1',
  provider_payment_id: null,
  events: [
    {
      provider: 'sandbox',
      event_id: 'pay:IS1',
      event_type: 'sandbox.succeeded',
      summary: 'sandbox payer chose succeeded',
      received_at: '2026-11-23T08:01:00.000Z',
    },
  ],
  grant: { source: 'sandbox', starts_at: '2026-11-23T08:01:00.000Z', ends_at: '2026-12-23T08:01:00.000Z', revoked_at: null },
  coin_refund: null,
  ...extra,
});

beforeAll(async () => {
  setUpI18n();
  activeTranslator().addResources('admin', admin);
  activeTranslator().addResources('admin-orders', adminOrders);
});
afterEach(cleanUpScreen);

/** The order's status as its facts list shows it (the dd after the Status term). */
const statusShown = () => screen.getByText('Status', { selector: 'dt' }).nextElementSibling?.textContent;

const open = (path: string) => renderScreen(<OrdersSection />, path, '/admin/orders/*');

describe('orders in the console', () => {
  it('lists orders with the filters taken from the address', async () => {
    const fetch = stubApi({
      'GET /admin/orders': ok({ items: [order('paid')], total: 1, total_is_lower_bound: false, next_cursor: null }),
    });
    open('/admin/orders?status=paid&user=reader1');
    expect(await screen.findByRole('link', { name: 'IS1' })).toBeTruthy();
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(url.searchParams.get('status')).toBe('paid');
    expect(url.searchParams.get('user')).toBe('reader1');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('paid');
  });

  it('pages by cursor: next sends the answer\'s cursor, previous goes back, and a count past the cap reads "1,000+"', async () => {
    const pages: Record<string, unknown> = {
      first: { items: [order('paid', { order_id: 'IS-A' })], total: 1000, total_is_lower_bound: true, next_cursor: 'CUR2' },
      CUR2: { items: [order('paid', { order_id: 'IS-B' })], total: 2, total_is_lower_bound: false, next_cursor: null },
    };
    const fetch = stubApi({ 'GET /admin/orders': (url) => ok(pages[url.searchParams.get('cursor') ?? 'first']) });
    open('/admin/orders?status=paid');
    expect(await screen.findByRole('link', { name: 'IS-A' })).toBeTruthy();
    expect(screen.getByText('1–1 of 1,000+')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'IS-B' })).toBeTruthy();
    const second = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://localhost');
    expect(second.searchParams.get('cursor')).toBe('CUR2');
    expect(second.searchParams.get('status')).toBe('paid');
    expect(second.searchParams.get('page')).toBeNull();
    expect(screen.getByText('2–2 of 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'IS-A' })).toBeTruthy();
    expect(new URL(String(fetch.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get('cursor')).toBeNull();
  });

  it('says an order is a gift and who redeemed it when (issue 59); an order for oneself says nothing of gifts', async () => {
    const gift = {
      state: 'redeemed',
      redeemed_by: { uuid: '0b7c2f0e-0000-4000-8000-000000000002', username: 'friend1' },
      redeemed_at: '2026-11-24T10:00:00.000Z',
      cancelled_at: null,
    };
    stubApi({ 'GET /admin/orders/IS1': ok(order('paid', { gift })) });
    open('/admin/orders/IS1');
    const shown = await screen.findByTestId('order-gift');
    expect(shown.textContent).toMatch(/^A gift, redeemed · redeemed on .+ by friend1$/);
    expect(screen.getByText('Gift', { selector: 'dt' })).toBeTruthy();
    cleanUpScreen();
    stubApi({ 'GET /admin/orders/IS1': ok(order('paid')) });
    open('/admin/orders/IS1');
    await screen.findByText('Sandbox payment succeeded');
    expect(screen.queryByTestId('order-gift')).toBeNull();
  });

  it('refunds a paid order after a reason and a confirmation, then shows the new state', async () => {
    const fetch = stubApi({
      'GET /admin/orders/IS1': ok(order('paid')),
      'POST /admin/orders/IS1/refund': ok({
        outcome: 'refunded',
        order: order('refunded', { refunded_at: '2026-11-23T09:00:00.000Z' }),
      }),
    });
    open('/admin/orders/IS1');
    // The provider event in words (its code as the hint), never "sandbox.succeeded" alone.
    expect((await screen.findByText('Sandbox payment succeeded')).getAttribute('title')).toBe('sandbox.succeeded');
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(await screen.findByText('Say why the order is refunded.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason (kept in the audit log)'), { target: { value: 'payer asked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    expect(screen.getByText(/Refund CN¥10 to reader1\?/)).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, refund now' }));
    expect((await screen.findByText('Refunded: the membership time was taken back.')).getAttribute('role')).toBe('status');
    expect(statusShown()).toBe('Refunded');
    expect(screen.queryByRole('button', { name: 'Refund…' })).toBeNull();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'payer asked' });
  });

  it('refunds a coin pack: the confirmation says from the server what goes and which chapters lock again, and so does the result', async () => {
    const pack = { plan: 'coins', months: 0, coins: 100, bonus_coins: 0, amount_fen: 600, grant: null };
    const chapter = (number: number, coins: number) => ({
      book_uuid: '0b7c2f0e-0000-4000-8000-00000000000b',
      book_title: 'The Tower',
      chapter_uuid: `0b7c2f0e-0000-4000-8000-00000000000${number}`,
      chapter_number: number,
      coins,
    });
    const coinRefund = { balance_before: 90, balance_after: 100, chapters: [chapter(2, 30), chapter(4, 50)] };
    const fetch = stubApi({
      'GET /admin/orders/IS1': ok(order('paid', pack)),
      'GET /admin/orders/IS1/refund-preview': ok({ coin_refund: coinRefund }),
      'POST /admin/orders/IS1/refund': ok({
        outcome: 'refunded',
        order: order('refunded', { ...pack, coin_refund: { ...coinRefund, chapters: [chapter(2, 30)] } }),
      }),
    });
    open('/admin/orders/IS1');
    expect(await screen.findByText('Coin pack: 100 coins')).toBeTruthy();
    expect(screen.getByText(/takes back the pack's coins and locks again the chapters/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason (kept in the audit log)'), { target: { value: 'payer asked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    const alert = await screen.findByRole('alert');
    await screen.findByText('2 chapters lock again:');
    expect(alert.textContent).toContain('Coins given back from other packs: 10 coins (balance 90 coins → 100 coins).');
    expect(alert.textContent).toContain('The Tower, chapter 2 (unlocked for 30 coins)');
    expect(alert.textContent).toContain('The Tower, chapter 4 (unlocked for 50 coins)');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, refund now' }));
    const result = await screen.findByRole('status');
    expect(result.textContent).toContain("Refunded: the pack's coins were taken back.");
    expect(result.textContent).toContain('1 chapter locks again:');
    expect(result.textContent).toContain('The Tower, chapter 2 (unlocked for 30 coins)');
    expect(result.textContent).not.toContain('membership');
  });

  it('shows a refused refund and keeps the order as it was', async () => {
    stubApi({
      'GET /admin/orders/IS1': ok(order('paid')),
      'POST /admin/orders/IS1/refund': { status: 502, body: { error: 'The provider did not refund', code: 'REFUND_FAILED' } },
    });
    open('/admin/orders/IS1');
    fireEvent.change(await screen.findByLabelText('Reason (kept in the audit log)'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, refund now' }));
    expect(await screen.findByText('The provider did not refund')).toBeTruthy();
    expect(statusShown()).toBe('Paid');
  });

  it('dismisses an incident with a note', async () => {
    const incident = {
      id: 7,
      provider: 'stripe',
      kind: 'unknown_user',
      plan: 'month',
      reference: 'cs_1',
      detail: { email: 'payer@example.com' },
      can_grant: true,
      created_at: '2026-11-23T08:00:00.000Z',
      resolved_at: null,
      resolution: null,
    };
    const fetch = stubApi({
      'GET /admin/incidents': ok({ items: [incident], total: 1 }),
      'POST /admin/incidents/7/dismiss': ok({ ...incident, resolved_at: '2026-11-23T09:00:00.000Z', resolution: 'dismissed: test' }),
    });
    open('/admin/orders/incidents');
    expect(await screen.findByRole('heading', { name: /#7 stripe/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Grant' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Note (why)'), { target: { value: 'test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ note: 'test' });
  });

  it('says in words what an erased_account incident is and links the order to refund (issue 43)', async () => {
    stubApi({
      'GET /admin/incidents': ok({
        items: [
          {
            id: 9,
            provider: 'wechat',
            kind: 'erased_account',
            plan: 'month',
            reference: 'IS9',
            detail: { order_id: 'IS9', amount_fen: 1000, currency: 'CNY', provider_txn_id: 'wx-9' },
            can_grant: false,
            created_at: '2026-11-23T08:00:00.000Z',
            resolved_at: null,
            resolution: null,
          },
        ],
        total: 1,
      }),
    });
    open('/admin/orders/incidents');
    const heading = await screen.findByRole('heading', { name: '#9 wechat Paid after the account was erased' });
    expect(heading.querySelector('[title="erased_account"]')).toBeTruthy();
    expect(screen.getByText(/Refund the order, then dismiss this incident with a note/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open order IS9 to refund it' }).getAttribute('href')).toBe('/admin/orders/IS9');
    expect(screen.queryByRole('button', { name: 'Grant' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();
  });
});
