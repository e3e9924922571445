import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { ConfirmEmailView } from './ConfirmEmailView';
import { EmailSection } from './EmailSection';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { ResetPasswordForm } from './ResetPasswordForm';

beforeAll(setUpI18n);
beforeEach(() => localStorage.clear());
afterEach(cleanUpScreen);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const bodyOf = (mock: ReturnType<typeof stubApi>, index = 0) => JSON.parse(String(mock.mock.calls[index]![1]!.body)) as unknown;

describe('login screen', () => {
  it('links to /forgot-password and remembers where the login would have returned to', () => {
    renderScreen(<LoginForm />, '/login?return=%2Fbook%2Fchapters%2Fabc', '/login');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByTestId('location').textContent).toBe('/forgot-password');
    expect(localStorage.getItem('reset-return-path')).toBe('/book/chapters/abc');
  });
});

describe('forgot-password form', () => {
  it('asks for a value, then sends it and shows the same neutral answer whatever the server knows', async () => {
    const api = stubApi({ 'POST /user/password/forgot': { status: 202, body: { data: { result: { accepted: true } } } } });
    renderScreen(<ForgotPasswordForm />, '/forgot-password');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your user name or e-mail address.');
    expect(api).not.toHaveBeenCalled();
    type('User name or e-mail', '  Reader@Example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^If an account matches/);
    expect(bodyOf(api)).toEqual({ login: 'Reader@Example.com' });
    expect((api.mock.calls[0]![1]!.headers as Record<string, string>)['Accept-Language']).toBe('en-us');
  });

  it('says so when rate limited', async () => {
    stubApi({ 'POST /user/password/forgot': { status: 429, body: { error: 'Too many requests', code: 'RATE_LIMITED' } } });
    renderScreen(<ForgotPasswordForm />, '/forgot-password');
    type('User name or e-mail', 'reader');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');
  });
});

describe('reset-password form', () => {
  it('checks the two entries with the password-change messages before calling the server', () => {
    const api = stubApi({});
    renderScreen(<ResetPasswordForm />, '/reset-password?token=abc', '/reset-password');
    type('New password', 'short');
    type('Confirm new password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(screen.getByText('password length at least 8')).toBeTruthy();
    type('Confirm new password', 'different');
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(screen.getByText('two entries of the new password do not match')).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it('sets the password, logs in with it and returns where the reader was', async () => {
    localStorage.setItem('reset-return-path', '/library');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign: reload, replace: reload, href: 'http://localhost/reset-password' });
    const api = stubApi({
      'POST /user/password/reset': { status: 200, body: { data: { result: { updated: true, username: 'reader1' } } } },
      'POST /user/login': { status: 200, body: { data: { jwt_token: 'new-token', uuid: 'u-1', username: 'reader1' } } },
    });
    renderScreen(<ResetPasswordForm />, '/reset-password?token=tok-1', '/reset-password');
    type('New password', 'brand-new-pass');
    type('Confirm new password', 'brand-new-pass');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set the new password' })));
    await waitFor(() => expect(localStorage.getItem('X-API-TOKEN')).toBe('new-token'));
    expect(bodyOf(api, 0)).toEqual({ token: 'tok-1', new_password: 'brand-new-pass' });
    expect(bodyOf(api, 1)).toEqual({ username: 'reader1', password: 'brand-new-pass' });
    expect(localStorage.getItem('reset-return-path')).toBeNull();
  });

  it('explains a used or expired link and offers a new one', async () => {
    stubApi({ 'POST /user/password/reset': { status: 400, body: { error: 'x', code: 'INVALID_RESET_TOKEN' } } });
    renderScreen(<ResetPasswordForm />, '/reset-password?token=old', '/reset-password');
    type('New password', 'brand-new-pass');
    type('Confirm new password', 'brand-new-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/This link does not work any more/);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});

describe('confirm-email page', () => {
  it('confirms once on load and says so', async () => {
    const api = stubApi({ 'POST /user/email/confirm': { status: 200, body: { data: { result: { confirmed: true } } } } });
    renderScreen(<ConfirmEmailView />, '/confirm-email?token=tok-2', '/confirm-email');
    expect((await screen.findByText(/Your e-mail address is confirmed/)).textContent).toBeTruthy();
    expect(api).toHaveBeenCalledTimes(1);
    expect(bodyOf(api)).toEqual({ token: 'tok-2' });
  });

  it('shows a failure for a used link', async () => {
    stubApi({ 'POST /user/email/confirm': { status: 400, body: { error: 'x', code: 'INVALID_EMAIL_TOKEN' } } });
    renderScreen(<ConfirmEmailView />, '/confirm-email?token=used', '/confirm-email');
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not work any more/);
  });
});

describe('profile e-mail section', () => {
  const me = (email: string | null, confirmed: boolean, totp = false) => ({
    status: 200,
    body: {
      data: {
        result: {
          uuid: 'u',
          username: 'reader1',
          role: 'user',
          created_at: '2026-01-01T00:00:00.000Z',
          totp_enabled: totp,
          email,
          email_confirmed: confirmed,
        },
      },
    },
  });

  it('warns that an account without a confirmed address cannot be recovered, and adds one', async () => {
    const api = stubApi({
      'GET /user/me': me(null, false),
      'POST /user/email': { status: 200, body: { data: { result: { email: 'new@example.com', email_confirmed: false } } } },
    });
    renderScreen(<EmailSection />, '/profile');
    expect((await screen.findByRole('note')).textContent).toMatch(/cannot be recovered/);
    fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    type('E-mail address', 'not-an-address');
    fireEvent.click(screen.getByRole('button', { name: 'Save and send the link' }));
    expect(screen.getByText('This is not an e-mail address we can send to.')).toBeTruthy();
    type('E-mail address', 'new@example.com');
    // The address is how the account is recovered: the current password is asked for first.
    fireEvent.click(screen.getByRole('button', { name: 'Save and send the link' }));
    expect(screen.getByText('Please enter your current password.')).toBeTruthy();
    expect(document.activeElement?.id).toBe('email-current-password');
    type('Current password', 'first-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save and send the link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'We sent a confirmation link to new@example.com. Open it within 24 hours.',
    );
    expect(screen.getByText('Waiting for confirmation')).toBeTruthy();
    expect(bodyOf(api, 1)).toEqual({ email: 'new@example.com', current_password: 'first-pass-1' });
  });

  it('shows a confirmed address without the warning; a taken address is explained', async () => {
    stubApi({
      'GET /user/me': me('reader@example.com', true),
      'POST /user/email': { status: 409, body: { error: 'x', code: 'EMAIL_TAKEN' } },
    });
    renderScreen(<EmailSection />, '/profile');
    expect(await screen.findByText('Confirmed')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change the address' }));
    type('E-mail address', 'other@example.com');
    type('Current password', 'first-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save and send the link' }));
    expect(await screen.findByText('This address is already used by another account.')).toBeTruthy();
  });

  it('an address waiting for its link: says it is waiting (not "no address") and offers to send it again, without a password', async () => {
    const api = stubApi({
      'GET /user/me': me('reader@example.com', false),
      'POST /user/email': { status: 200, body: { data: { result: { email: 'reader@example.com', email_confirmed: false } } } },
    });
    renderScreen(<EmailSection />, '/profile');
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(/waiting for confirmation/);
    expect(note.textContent).not.toMatch(/no confirmed e-mail address|Add an address/);
    fireEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('status')).textContent).toBe('We sent a new confirmation link to reader@example.com.');
    expect(bodyOf(api, 1)).toEqual({ email: 'reader@example.com' });
  });

  it('with two-step sign-in on, asks for the code too and says when the password or the code is wrong', async () => {
    const answers = [
      { status: 403, body: { error: 'x', code: 'WRONG_PASSWORD' } },
      { status: 400, body: { error: 'x', code: 'INVALID_TOTP' } },
    ];
    const api = stubApi({ 'GET /user/me': me('reader@example.com', true, true), 'POST /user/email': () => answers.shift()! });
    renderScreen(<EmailSection />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Change the address' }));
    type('E-mail address', 'other@example.com');
    type('Current password', 'guess');
    type('Two-step sign-in code', '123 456');
    fireEvent.click(screen.getByRole('button', { name: 'Save and send the link' }));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    expect(bodyOf(api, 1)).toEqual({ email: 'other@example.com', current_password: 'guess', totp_code: '123456' });
    fireEvent.click(screen.getByRole('button', { name: 'Save and send the link' }));
    expect(await screen.findByText('The code is not correct. Check the time on your phone and try again.')).toBeTruthy();
  });
});
