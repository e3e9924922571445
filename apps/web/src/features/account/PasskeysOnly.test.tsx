import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { PasskeysSection } from './PasskeysSection';

vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof import('@simplewebauthn/browser')>()),
  startAuthentication: vi.fn(async () => ({ id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} })),
}));

beforeAll(setUpI18n);
afterEach(cleanUpScreen);

const passkey = { id: 1, name: 'My phone', created_at: '2026-11-20T10:00:00.000Z', last_used_at: null, backed_up: true };
const ok = (result: unknown) => ({ status: 200, body: { data: { result } } });
const OPEN = 'Sign in with passkeys only (remove my password)';

const show = () => renderScreen(<PasskeysSection />, '/profile');

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: OPEN }));
  return screen.findByRole('dialog');
}

describe('"Sign in with passkeys only" in the profile', () => {
  it('removes the password with the current password, and then offers it no more', async () => {
    let hasPassword = true;
    const api = stubApi({
      'GET /user/passkeys': ok([passkey]),
      'GET /user/password/state': () => ok({ has_password: hasPassword }),
      'POST /user/password/remove': () => {
        hasPassword = false;
        return ok({ password_removed: true });
      },
    });
    show();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove my password' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter your current password.');
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'secret-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove my password' }));
    expect(await screen.findByText('Your account has no password: you sign in with your passkeys.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: OPEN })).toBeNull();
    const sent = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ current_password: 'secret-pass-1' });
  });

  it.each([
    ['no_recovery', /Confirm an e-mail address, or turn on two-step sign-in with recovery codes, first/],
    ['no_passkey', /Add a passkey first/],
  ])('shows the refusal %s in its own words', async (reason, words) => {
    stubApi({
      'GET /user/passkeys': ok([passkey]),
      'GET /user/password/state': ok({ has_password: true }),
      'POST /user/password/remove': {
        status: 409,
        body: { error: 'server words', code: 'PASSWORD_REMOVAL_REFUSED', details: [{ field: 'reason', message: reason }] },
      },
    });
    show();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'secret-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove my password' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toMatch(words));
    expect(screen.queryByText('server words')).toBeNull();
  });

  it('asks for the two-step code when the server wants it', async () => {
    const api = stubApi({
      'GET /user/passkeys': ok([passkey]),
      'GET /user/password/state': ok({ has_password: true }),
      'POST /user/password/remove': { status: 403, body: { error: 'code', code: 'TOTP_REQUIRED' } },
    });
    show();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'secret-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove my password' }));
    const code = await within(dialog).findByLabelText('Two-step code or recovery code');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove my password' }));
    await waitFor(() => expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(2));
    const last = api.mock.calls.filter(([, init]) => init?.method === 'POST')[1]!;
    expect(JSON.parse(String(last[1]!.body))).toEqual({ current_password: 'secret-pass-1', totp_code: '123456' });
  });

  it('is not offered without a passkey or without a password', async () => {
    stubApi({ 'GET /user/passkeys': ok([]), 'GET /user/password/state': ok({ has_password: true }) });
    show();
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: OPEN })).toBeNull();
    cleanUpScreen();
    stubApi({ 'GET /user/passkeys': ok([passkey]), 'GET /user/password/state': ok({ has_password: false }) });
    show();
    expect(await screen.findByText('Your account has no password: you sign in with your passkeys.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: OPEN })).toBeNull();
  });

  it('an account without a password removes a passkey by confirming with a passkey; the last one stays', async () => {
    const api = stubApi({
      'GET /user/passkeys': ok([passkey]),
      'GET /user/password/state': ok({ has_password: false }),
      'POST /user/passkeys/confirm/options': ok({ challenge: 'c', allowCredentials: [] }),
      'POST /user/passkeys/1/remove': { status: 409, body: { error: 'last', code: 'PASSKEY_LAST_SIGN_IN_WAY' } },
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove My phone' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm with a passkey and remove' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'This passkey is your only way to sign in. Add another passkey or set a password first.',
      ),
    );
    const sent = api.mock.calls.find(([url, init]) => init?.method === 'POST' && String(url).endsWith('/remove'))!;
    expect(Object.keys(JSON.parse(String(sent[1]!.body)))).toEqual(['assertion']);
  });
});
