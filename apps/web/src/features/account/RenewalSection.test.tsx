import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RenewalSection } from './RenewalSection';
import { renderScreen, setUpSignedInScreenTests, stubApi } from '../../test-support/render-screen';

setUpSignedInScreenTests();

const base = {
  provider: 'stripe',
  plan: 'month',
  renews_at: '2027-01-15T08:00:00.000Z',
  ends_at: '2027-01-15T08:00:00.000Z',
  grace_until: null,
  price: 1000,
  currency: 'CNY',
  can_cancel: true,
  can_resume: false,
  can_manage_payment: true,
};
const reply = (result: object | null) => ({ status: 200, body: { data: { result } } });

describe('the renewing membership on the profile (issue 59)', () => {
  it('renders nothing for a reader who never had one', async () => {
    const fetch = stubApi({ 'GET /user/membership/subscription': reply(null) });
    renderScreen(<RenewalSection />, '/profile');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Renewing membership' })).toBeNull();
  });

  it('shows the next renewal and its price, stops it with the optional reason, then offers to resume', async () => {
    const fetch = stubApi({
      'GET /user/membership/subscription': reply({ ...base, state: 'renewing' }),
      'POST /user/membership/subscription/cancel': reply({
        ...base,
        state: 'canceling',
        renews_at: null,
        can_cancel: false,
        can_resume: true,
      }),
    });
    renderScreen(<RenewalSection />, '/profile');
    expect((await screen.findByTestId('renewal-state')).textContent).toMatch(/Monthly pass renews on .*2027.* for CN¥10/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel renewal' }));
    fireEvent.change(screen.getByLabelText('Why are you leaving? (optional)'), { target: { value: 'Too busy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Stop renewing' }));
    expect(await screen.findByRole('button', { name: 'Resume renewal' })).toBeTruthy();
    expect(screen.getByTestId('renewal-state').textContent).toMatch(/Renewal stopped/);
    const cancel = fetch.mock.calls.find(([url]) => String(url).endsWith('/subscription/cancel'));
    expect(JSON.parse(String(cancel![1]!.body))).toEqual({ reason: 'Too busy' });
  });

  it('warns of a failed renewal with the last day of grace and the way to fix the card', async () => {
    stubApi({
      'GET /user/membership/subscription': reply({ ...base, state: 'past_due', renews_at: null, grace_until: '2027-01-22T08:00:00.000Z' }),
    });
    renderScreen(<RenewalSection />, '/profile');
    expect((await screen.findByRole('alert')).textContent).toMatch(/last renewal payment failed.*2027/);
    expect(screen.getByRole('button', { name: 'Update payment method' })).toBeTruthy();
  });

  it('says in its own words when the provider did not make the change', async () => {
    stubApi({
      'GET /user/membership/subscription': reply({ ...base, state: 'canceling', renews_at: null, can_cancel: false, can_resume: true }),
      'POST /user/membership/subscription/resume': { status: 502, body: { error: 'x', code: 'SUBSCRIPTION_PROVIDER_FAILED' } },
    });
    renderScreen(<RenewalSection />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Resume renewal' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The payment provider did not make the change. Nothing changed; please try again.',
    );
  });
});
