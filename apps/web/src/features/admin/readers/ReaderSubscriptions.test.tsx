import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { ReaderSubscriptions } from './ReaderSubscriptions';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const UUID = '11111111-2222-4333-8444-555555555555';
const path = `/admin/users/${UUID}/subscriptions`;
const stopPath = `POST /admin/users/${UUID}/subscriptions/7/stop-renewal`;

const subscription = (changes: object = {}) => ({
  id: 7,
  provider: 'sandbox',
  provider_ref: 'sbsub_IS1',
  plan: 'month',
  state: 'past_due',
  renews_at: null,
  ends_at: '2027-01-08T00:00:00.000Z',
  grace_until: '2027-01-08T00:00:00.000Z',
  cancel_reason: null,
  canceled_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  can_stop_renewal: true,
  invoices: [
    {
      invoice_ref: 'sbinv_2',
      status: 'failed',
      amount: 1000,
      currency: 'CNY',
      billing_reason: 'subscription_cycle',
      created_at: '2026-12-01T00:00:00.000Z',
      order: null,
    },
    {
      invoice_ref: 'IS1',
      status: 'paid',
      amount: 1000,
      currency: 'CNY',
      billing_reason: 'subscription_create',
      created_at: '2026-11-01T00:00:00.000Z',
      order: { order_id: 'IS1', status: 'refunded' },
    },
  ],
  ...changes,
});

const show = () => renderScreen(<ReaderSubscriptions userUuid={UUID} />, '/admin/readers/x');

describe("a reader's renewing memberships in the console", () => {
  it('shows the state the server gave, each invoice with its order linked, and stops the renewal after a confirmation', async () => {
    const fetch = stubApi({
      [`GET ${path}`]: { status: 200, body: { data: [subscription()] } },
      [stopPath]: { status: 200, body: { data: [subscription({ can_stop_renewal: false, cancel_reason: 'asked by mail' })] } },
    });
    show();
    const card = await screen.findByRole('article', { name: 'Month card · Payment failed, in grace' });
    expect(within(card).getByText('Grace until')).toBeTruthy();
    const rows = within(card).getAllByRole('row');
    expect(within(rows[1]!).getByText('Renewal')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[1]!).getByText('No order')).toBeTruthy();
    expect(within(rows[2]!).getByText('First payment')).toBeTruthy();
    expect(within(rows[2]!).getByRole('link', { name: 'IS1' }).getAttribute('href')).toBe('/admin/orders/IS1');
    expect(within(rows[2]!).getByText(/Refunded/)).toBeTruthy();

    fireEvent.change(within(card).getByLabelText(/Reason/), { target: { value: 'asked by mail' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Stop renewal' }));
    // Asked again in words before anything is sent.
    expect(within(card).getByRole('alert').textContent).toMatch(/will not renew again/);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: /Stop renewal/ }));
    await waitFor(() => expect(screen.getByText('asked by mail')).toBeTruthy());
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ reason: 'asked by mail' });
    // The server says it can no longer be stopped: the form is gone.
    expect(screen.queryByRole('button', { name: 'Stop renewal' })).toBeNull();
  });

  it("shows the provider's refusal in the console's words", async () => {
    stubApi({
      [`GET ${path}`]: {
        status: 200,
        body: { data: [subscription({ provider: 'stripe', state: 'renewing', renews_at: '2026-12-01T00:00:00.000Z' })] },
      },
      [stopPath]: { status: 502, body: { error: 'upstream said no', code: 'SUBSCRIPTION_PROVIDER_FAILED' } },
    });
    show();
    const card = await screen.findByRole('article', { name: 'Month card · Renewing' });
    expect(within(card).getByText('Renews on')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText(/Reason/), { target: { value: 'x' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Stop renewal' }));
    fireEvent.click(within(card).getByRole('button', { name: /Stop renewal/ }));
    expect(await within(card).findByText('The payment provider did not make the change; nothing changed. Try again.')).toBeTruthy();
    expect(screen.queryByText('upstream said no')).toBeNull();
  });

  it('says when there is none and offers no stop for an ended one', async () => {
    stubApi({ [`GET ${path}`]: { status: 200, body: { data: [] } } });
    show();
    expect(await screen.findByText('No renewing membership.')).toBeTruthy();
    cleanUpScreen();
    stubApi({
      [`GET ${path}`]: {
        status: 200,
        body: {
          data: [subscription({ state: 'ended', can_stop_renewal: false, grace_until: null, canceled_at: '2026-12-09T00:00:00.000Z' })],
        },
      },
    });
    show();
    expect(await screen.findByRole('article', { name: 'Month card · Ended' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop renewal' })).toBeNull();
  });
});
