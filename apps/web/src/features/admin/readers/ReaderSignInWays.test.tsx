import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { ReaderSignInWays } from './ReaderSignInWays';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const UUID = '11111111-2222-4333-8444-555555555555';
const path = `GET /admin/users/${UUID}/sign-in-ways`;
const unlinkPath = `POST /admin/users/${UUID}/linked-identities/3/unlink`;

const provider = {
  id: 3,
  provider: 'corp',
  provider_name: 'Corp Directory',
  email: 'reader@corp.example',
  linked_at: '2026-11-01T00:00:00.000Z',
  last_used_at: '2026-11-20T00:00:00.000Z',
};
const ways = (changes: object = {}) => ({
  has_password: true,
  two_step: true,
  recovery_codes_left: 7,
  email_confirmed: true,
  passkeys: [{ id: 1, name: 'My phone', created_at: '2026-11-02T00:00:00.000Z', last_used_at: null }],
  providers: [provider],
  sign_ins: [
    { method: 'oidc', provider: 'corp', at: '2026-11-20T00:00:00.000Z' },
    { method: 'passkey', provider: null, at: '2026-11-19T00:00:00.000Z' },
  ],
  ...changes,
});

const show = () => renderScreen(<ReaderSignInWays userUuid={UUID} />, '/admin/readers/x');

describe("a reader's ways to sign in in the console", () => {
  it('shows password, two-step, passkeys, providers and the latest sign-ins, and unlinks a provider with a reason', async () => {
    let unlinked = false;
    const fetch = stubApi({
      [path]: () => ({ status: 200, body: { data: { result: unlinked ? ways({ providers: [] }) : ways() } } }),
      [unlinkPath]: () => {
        unlinked = true;
        return { status: 200, body: { data: { result: [] } } };
      },
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Ways to sign in' })).toBeTruthy();
    expect(await screen.findByText('On · recovery codes left: 7')).toBeTruthy();
    expect(screen.getByText('Set')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
    const passkeys = screen.getByRole('table', { name: 'Passkeys' });
    expect(within(passkeys).getByText('My phone')).toBeTruthy();
    expect(within(passkeys).getByText('Never')).toBeTruthy();
    const signIns = screen.getByRole('table', { name: 'Latest sign-ins' });
    const rows = within(signIns).getAllByRole('row');
    expect(within(rows[1]!).getByText('OpenID provider')).toBeTruthy();
    expect(within(rows[1]!).getByText('Corp Directory')).toBeTruthy();
    expect(within(rows[2]!).getByText('Passkey')).toBeTruthy();

    const card = screen.getByRole('article', { name: 'Corp Directory' });
    expect(within(card).getByText('reader@corp.example')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText(/Reason/), { target: { value: 'account taken over' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Unlink' }));
    // Asked again in words before anything is sent.
    expect(within(card).getByRole('alert').textContent).toMatch(/no longer be able to sign in with Corp Directory/);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: /Unlink/ }));
    expect(await screen.findByText('No linked provider.')).toBeTruthy();
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ reason: 'account taken over' });
  });

  it("shows the refusal of the last way in in the console's words, and an account without password or passkeys", async () => {
    stubApi({
      [path]: { status: 200, body: { data: { result: ways({ has_password: false, two_step: false, passkeys: [], sign_ins: [] }) } } },
      [unlinkPath]: { status: 409, body: { error: 'only way in', code: 'EXTERNAL_LAST_SIGN_IN_WAY' } },
    });
    show();
    expect(await screen.findByText('None (signs in with a passkey or a provider only)')).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    expect(screen.getByText('No passkey.')).toBeTruthy();
    expect(screen.getByText('No sign-in recorded in the last 180 days.')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Corp Directory' });
    fireEvent.change(within(card).getByLabelText(/Reason/), { target: { value: 'x' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Unlink' }));
    fireEvent.click(within(card).getByRole('button', { name: /Unlink/ }));
    await waitFor(() =>
      expect(
        screen.getByText("This provider is the reader's only way in (no password and no passkey): it cannot be unlinked."),
      ).toBeTruthy(),
    );
    expect(screen.queryByText('only way in')).toBeNull();
  });
});
