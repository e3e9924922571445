import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { coinEntry } from '../../test-support/coin-entries';
import { sandboxPublicConfig } from '../../test-support/public-config';
import { renderScreen, setUpSignedInScreenTests, stubApi } from '../../test-support/render-screen';
import { CoinsSection } from './CoinsSection';

const PACK = { id: 7, coins: 500, bonus_coins: 50, price_fen: 3000, bonus_expiry_days: 30, stripe_buy_button: null };
const config = (enabled: boolean) => sandboxPublicConfig({ enabled, packs: enabled ? [PACK] : [] });
const WALLET = {
  balance: 520,
  history: [
    coinEntry({ kind: 'unlock', coins: -30, balance_after: 520, book_title: 'Moonlit Palace', chapter_number: 7 }),
    coinEntry({ kind: 'grant', coins: 0, balance_after: 550, reason: 'Sorry for the outage' }),
    coinEntry({ kind: 'bonus', coins: 50, balance_after: 550 }),
    coinEntry({ kind: 'purchase', coins: 500, balance_after: 500 }),
  ],
  expiring: [{ coins: 50, expires_at: '2026-12-31T12:00:00.000Z' }],
};
const ok = (result: unknown) => ({ status: 200, body: { data: { result } } });
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

setUpSignedInScreenTests();

describe('the profile’s coins', () => {
  it('shows nothing and asks for no wallet while the site has coins off', async () => {
    const fetch = stubApi({ 'GET /config/public': ok(config(false)), 'GET /user/wallet': ok(WALLET) });
    renderScreen(<CoinsSection userUuid="uuid-1" language="en-us" />, '/profile');
    await settle();
    await settle();
    expect(screen.queryByRole('heading', { name: 'Coins' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/user/wallet'))).toBe(false);
  });

  it('shows the balance, the packs with their bonus, and the history in words', async () => {
    stubApi({ 'GET /config/public': ok(config(true)), 'GET /user/wallet': ok(WALLET) });
    renderScreen(<CoinsSection userUuid="uuid-1" language="en-us" />, '/profile');
    await screen.findByText('Spent on Moonlit Palace, chapter 7');
    expect(screen.getByTestId('coin-balance').textContent).toBe('520');
    expect(screen.getByText('+50 bonus')).toBeTruthy();
    expect(screen.getByText('Bonus coins expire 30 days after purchase')).toBeTruthy();
    expect(screen.getByText('CN¥30')).toBeTruthy();
    expect(screen.getByText('Gift from the site: Sorry for the outage')).toBeTruthy();
    expect(screen.getByText('Bonus coins')).toBeTruthy();
    expect(screen.getByText('Bought coins')).toBeTruthy();
    expect(screen.getByText('\u221230')).toBeTruthy();
    expect(screen.getByText('+500')).toBeTruthy();
    expect(screen.getAllByText('Balance: 550 coins')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Bonus coins expiring soon' })).toBeTruthy();
    // Outside Chinese: the card button only (the sandbox checkout here).
    expect(screen.queryByRole('button', { name: 'Buy 550 coins with WeChat Pay' })).toBeNull();
  });

  it('buys a pack through the payment flow: the order names the pack, not months', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const fetch = stubApi({
      'GET /config/public': ok(config(true)),
      'GET /user/wallet': ok(WALLET),
      'POST /payment/wechat/payment/china_book_membership/create': {
        status: 200,
        body: { data: { qr_code: 'data:image/png;base64,AA==', order_id: 'o9', amount_fen: 3000, expires_at: '2030-01-01T00:00:00.000Z' } },
      },
    });
    renderScreen(<CoinsSection userUuid="uuid-1" language="en-us" />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy 550 coins with card' }));
    await settle();
    const create = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({ pack: 7, channel: 'card' });
    expect(tab.location.href).toBe('/sandbox/checkout/o9');
    expect(screen.getByRole('heading', { name: '550 coins · CN¥30' })).toBeTruthy();
  });

  it('offers WeChat Pay to Chinese readers', async () => {
    stubApi({ 'GET /config/public': ok(config(true)), 'GET /user/wallet': ok(WALLET) });
    renderScreen(<CoinsSection userUuid="uuid-1" language="zh-cn" />, '/profile');
    expect(await screen.findByRole('button', { name: 'Buy 550 coins with WeChat Pay' })).toBeTruthy();
  });
});
