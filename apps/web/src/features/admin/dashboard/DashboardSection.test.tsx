import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { activeTranslator } from '../../../i18n/active';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderScreen, setUpI18n, stubApi } from '../../../test-support/render-screen';
import admin from '../../../i18n/locales/en-us/admin/admin.json';
import adminCoins from '../../../i18n/locales/en-us/admin/admin-coins.json';
import adminDashboard from '../../../i18n/locales/en-us/admin/admin-dashboard.json';
import adminOrders from '../../../i18n/locales/en-us/admin/admin-orders.json';
import adminSubscriptions from '../../../i18n/locales/en-us/admin/admin-subscriptions.json';
import DashboardSection from './DashboardSection';

// jsdom has no canvas: the chart itself is replaced; its text alternative is what is tested here.
const plots: { width: number }[] = [];
vi.mock('uplot', () => ({
  default: Object.assign(
    class {
      constructor(options: { width: number }) {
        plots.push({ width: options.width });
      }
      setSize() {}
      destroy() {}
    },
    { tzDate: (date: Date) => date },
  ),
}));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const stats = (days: number) => ({
  days: Array.from({ length: days }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10),
    revenue_fen_by: i === days - 1 ? { 'wechat:month': 1000, 'stripe:season': 2700 } : {},
    new_members: i === days - 1 ? 2 : 0,
    chapter_starts: 3,
    chapter_finishes: 1,
  })),
  active_members: 42,
  new_members_total: 2,
  expiring_7d: [{ uuid: 'u1', username: 'soon', expire_at: '2026-11-25T00:00:00.000Z' }],
  top_books: [{ book_uuid: 'b1', title: 'Book "One", part 1', reads: 9 }],
  subscriptions: { renewals: 5, cancellations: 2, failed_payments: 1, active: 12, mrr_fen: 11_700, currency: 'CNY' },
});

beforeAll(async () => {
  setUpI18n();
  activeTranslator().addResources('admin', admin);
  activeTranslator().addResources('admin-dashboard', adminDashboard);
  activeTranslator().addResources('admin-orders', adminOrders);
  activeTranslator().addResources('admin-coins', adminCoins);
  activeTranslator().addResources('admin-subscriptions', adminSubscriptions);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
});

describe('the dashboard', () => {
  it('shows the numbers, a table behind each chart, and switches to 90 days', async () => {
    const fetch = stubApi({
      'GET /admin/stats': () => ({ status: 200, body: { data: stats(fetch.mock.calls.length > 1 ? 90 : 30) } }),
    });
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    renderScreen(<DashboardSection />, '/admin', '/admin');
    expect(await screen.findByText('42')).toBeTruthy();
    expect(plots.length).toBeGreaterThanOrEqual(3);
    const revenue = screen.getByRole('figure', { name: 'Net revenue per day, by provider and plan' });
    const table = within(revenue).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
      // Each line by its provider and plan in words, never the API's "wechat:month" key.
    ).toEqual(['Date (UTC)', 'Stripe · 3-month pass', 'WeChat Pay · Monthly pass']);
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(revenue).getByText('Show as table').tagName).toBe('SUMMARY');
    expect(within(revenue).getByRole('button', { name: /Download CSV/ })).toBeTruthy();
    expect(screen.getByText('Book "One", part 1')).toBeTruthy();
    expect(screen.getByText('soon')).toBeTruthy();
    // Renewing memberships (issue 59): each figure as the server counted it, beside its name.
    const renewing = screen.getByRole('region', { name: 'Renewing memberships' });
    const figure = (name: string) => within(renewing).getByText(name).nextElementSibling?.textContent;
    expect(figure('Renewals')).toBe('5');
    expect(figure('Cancellations')).toBe('2');
    expect(figure('Failed payments')).toBe('1');
    expect(figure('Active subscriptions')).toBe('12');
    expect(figure('Monthly recurring revenue')).toBe('CN¥117');

    fireEvent.click(screen.getByLabelText('Last 90 days'));
    await vi.waitFor(() => expect(new URL(String(fetch.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get('days')).toBe('90'));
    vi.unstubAllGlobals();
  });

  it('fills every number of the coins card: its window and each rail\'s orders (issue 56: "Coins (last days)", "(orders: )")', async () => {
    const report = {
      from: '2026-10-29T00:00:00.000Z',
      to: '2026-11-28T00:00:00.000Z',
      coins_sold: 1000,
      bonus_coins: 100,
      coins_granted: 50,
      coins_spent: 300,
      coins_refunded: 120,
      coins_expired: 10,
      outstanding: 720,
      outstanding_paid: 600,
      unlocks: 10,
      free_unlocks: 2,
      revenue: [{ provider: 'sandbox', model: 'coins', currency: 'CNY', amount: 3500, orders: 2 }],
      books: [{ book_uuid: '0b7c2f0e-0000-4000-8000-00000000000b', title: 'The Tower', unlocks: 10, free_unlocks: 2, coins_spent: 300 }],
    };
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    stubApi({
      'GET /admin/stats': () => ({ status: 200, body: { data: stats(30) } }),
      'GET /admin/reports/coins': () => ({ status: 200, body: { data: report } }),
    });
    renderScreen(<DashboardSection />, '/admin', '/admin');
    expect(await screen.findByRole('heading', { name: 'Coins (last 30 days)' })).toBeTruthy();
    expect(await screen.findByText(/CN¥35 \(2 orders\)/)).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
