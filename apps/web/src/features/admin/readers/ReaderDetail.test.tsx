import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { ReaderDetail } from './ReaderDetail';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const UUID = '11111111-2222-4333-8444-555555555555';
const user = {
  uuid: UUID,
  username: 'reader1',
  role: 'user',
  created_at: '2026-01-01T00:00:00.000Z',
  disabled_at: null,
  membership: { expire_at: '2027-01-01T00:00:00.000Z', is_expired: false },
  invited_by: 'boss',
};
const detail = {
  user,
  grants: [
    {
      source: 'admin',
      source_ref: 'ref-1',
      starts_at: '2026-12-01T00:00:00.000Z',
      ends_at: '2027-01-01T00:00:00.000Z',
      revoked_at: null,
      note: 'goodwill',
      length: '1 month',
      length_parts: { months: 1 },
      created_at: '2026-12-01T00:00:00.000Z',
    },
  ],
  orders: [
    {
      order_id: 'IS2026112300000000000000000001',
      provider: 'sandbox',
      plan: 'season',
      months: 3,
      coins: 0,
      bonus_coins: 0,
      amount_fen: 2700,
      status: 'paid',
      created_at: '2026-11-23T08:00:00.000Z',
      paid_at: '2026-11-23T08:01:00.000Z',
    },
  ],
  invites: {
    invited_by: { uuid: '99999999-2222-4333-8444-555555555555', username: 'boss' },
    invited: [
      {
        uuid: '22222222-2222-4333-8444-555555555555',
        username: 'friend',
        created_at: '2026-02-01T00:00:00.000Z',
        has_paid: true,
        invited: [
          {
            uuid: '33333333-2222-4333-8444-555555555555',
            username: 'friendOfFriend',
            created_at: '2026-03-01T00:00:00.000Z',
            has_paid: false,
          },
        ],
      },
    ],
  },
  coupon_redemptions: [],
  email: { address: 'reader1@example.com', confirmed_at: '2026-05-01T10:00:00.000Z' },
};

describe('reader detail', () => {
  it('shows the ledger and invite tree, grants time and revokes only after a confirmation', async () => {
    const fetch = stubApi({
      [`GET /admin/users/${UUID}`]: { status: 200, body: { data: detail } },
      [`POST /admin/users/${UUID}/grants`]: { status: 200, body: { data: { user } } },
      [`POST /admin/users/${UUID}/revoke`]: { status: 200, body: { data: { user, revoked: 1 } } },
    });
    renderScreen(<ReaderDetail />, `/admin/readers/${UUID}`, '/admin/readers/:uuid');
    expect(await screen.findByRole('heading', { name: 'reader1' })).toBeTruthy();
    expect(screen.getByText('goodwill')).toBeTruthy();
    // Issue 40, item 18: the ledger and the orders in words and prices, never "admin", "season", "paid 2700".
    const ledger = screen.getByRole('region', { name: 'Table: Membership ledger' });
    expect(within(ledger).getAllByRole('cell')[0]!.textContent).toBe('Operator');
    expect(within(ledger).getAllByRole('cell')[1]!.textContent).toBe('1 month');
    const orderCells = within(screen.getByRole('region', { name: 'Table: Orders' }))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(orderCells.slice(1, 5)).toEqual(['Sandbox', '3-month pass', 'CN¥27', 'Paid']);
    expect(screen.getByRole('link', { name: 'friendOfFriend' })).toBeTruthy();

    const grant = screen.getByRole('form', { name: 'Add membership time' });
    fireEvent.change(within(grant).getByLabelText('How many'), { target: { value: '2' } });
    fireEvent.change(within(grant).getByLabelText('Unit'), { target: { value: 'months' } });
    fireEvent.change(within(grant).getByLabelText(/^Reason/), { target: { value: 'ticket 7' } });
    fireEvent.click(within(grant).getByRole('button', { name: 'Add time' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const body = fetch.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ months: 2, reason: 'ticket 7' });

    const revoke = screen.getByRole('form', { name: 'Revoke membership' });
    fireEvent.change(within(revoke).getByLabelText(/^Reason/), { target: { value: 'fraud' } });
    fireEvent.click(within(revoke).getByRole('button', { name: 'Revoke' }));
    expect(within(revoke).getByRole('alert').textContent).toContain('Press again');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/revoke'))).toBe(false);
    fireEvent.click(within(revoke).getByRole('button', { name: 'Yes, Revoke' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/revoke'))).toBe(true));
  });

  it("shows the reader's address and state, and sets a new one with a reason", async () => {
    const fetch = stubApi({
      [`GET /admin/users/${UUID}`]: { status: 200, body: { data: detail } },
      [`PUT /admin/users/${UUID}/email`]: { status: 200, body: { data: { address: 'new@example.com', confirmed_at: null } } },
    });
    renderScreen(<ReaderDetail />, `/admin/readers/${UUID}`, '/admin/readers/:uuid');
    expect(await screen.findByText('reader1@example.com')).toBeTruthy();
    expect(screen.getByText(/confirmed on/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'E-mail address' });
    fireEvent.change(within(form).getByLabelText('Address'), { target: { value: 'new@example.com' } });
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: 'ticket 9' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and send the link' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const body = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ email: 'new@example.com', reason: 'ticket 9' });
    fireEvent.change(within(form).getByLabelText('Address'), { target: { value: '' } });
    expect(within(form).getByRole('button', { name: 'Remove the address' })).toBeTruthy();
  });

  it("lists the reader's feed keys and revokes one after a confirmation", async () => {
    let keys = [{ key_id: 7, name: 'KOReader', created_at: '2026-11-20T10:00:00.000Z', last_used_at: null }];
    const fetch = stubApi({
      [`GET /admin/users/${UUID}`]: { status: 200, body: { data: detail } },
      [`GET /admin/users/${UUID}/feed_keys`]: () => ({ status: 200, body: { data: { result: keys } } }),
      [`DELETE /admin/users/${UUID}/feed_keys/7`]: () => {
        keys = [];
        return { status: 200, body: { data: { result: { revoked: true } } } };
      },
    });
    renderScreen(<ReaderDetail />, `/admin/readers/${UUID}`, '/admin/readers/:uuid');
    const table = await screen.findByRole('table', { name: 'Feed keys (reading apps)' });
    expect(await within(table).findByText('KOReader')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Revoke' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    const question = within(table).getByRole('group', { name: 'Revoke the feed key "KOReader"? Apps using it stop at once.' });
    fireEvent.click(within(question).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByText('KOReader')).toBeNull());
  });
});
