import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { DeleteAccountDialog } from './DeleteAccountDialog';

const DAY = 86_400_000;
// The data-rights calls put their object straight in `data`; `/user/me` wraps it in `result`.
const ok = (value: unknown, status = 200) => ({ status, body: { data: value } });
const okResult = (result: unknown) => ok({ result });
const CONSEQUENCES = {
  consequences: { member_until: Date.now() + 40 * DAY, coins: 120, comments: 3, reviews: 1, ratings: 2, paid_orders: 2 },
  grace_days: 14,
};
const me = (totp: boolean) => okResult({ uuid: 'uuid-1', username: 'mei', totp_enabled: totp });
const refuse = (status: number, code: string) => ({ status, body: { error: 'refused', code } });

beforeAll(setUpI18n);
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('X-API-TOKEN', 'token-1');
  localStorage.setItem('USER_UUID', 'uuid-1');
  localStorage.setItem('USERNAME', 'mei');
  localStorage.setItem('language', 'en-us');
});
afterEach(cleanUpScreen);

const open = () => renderScreen(<DeleteAccountDialog open onClose={() => {}} />, '/profile');
const password = () => screen.getByLabelText('Your password');
const submit = () => screen.getByRole('button', { name: 'Delete my account' });

describe('the account deletion dialog', () => {
  it('states plainly what will happen before anything is asked', async () => {
    stubApi({ 'GET /user/deletion': ok(CONSEQUENCES), 'GET /user/me': me(false) });
    open();
    const list = await screen.findByRole('list', { name: 'What deleting your account does' });
    const text = list.textContent!;
    expect(text).toMatch(/Your membership time left, until .+, is lost\./);
    expect(text).toContain("Your 120 coins are lost, unless the site's operator refunds them.");
    expect(text).toContain('Your 2 payments stay in the accounting ledger, as the law requires, but no longer with your name.');
    expect(text).toMatch(/You have 14 days to change your mind: log in before .+ and the deletion is cancelled\./);
    expect(text).toContain('If your account has an e-mail address, we write to it now');
    // The comments' choice: "remove" unless the reader picks the other, and said so.
    // Issue 56: each kind counted and named as it is; the choice is about the comments alone.
    expect(text).toContain("Your review is deleted, with its score, and taken out of the book's average.");
    expect(text).toContain("Your 2 ratings (scores without a review) are deleted and taken out of the books' averages.");
    const choice = screen.getByRole('group', { name: 'Your comments (3)' });
    expect(within(choice).getByText('They are removed unless you choose to keep them.')).toBeTruthy();
    expect(within(choice).getByRole<HTMLInputElement>('radio', { name: 'Remove them' }).checked).toBe(true);
    expect(within(choice).getByRole<HTMLInputElement>('radio', { name: 'Keep them, signed “deleted reader”' }).checked).toBe(false);
    // No two-step field while two-step sign-in is off.
    expect(screen.queryByLabelText('Two-step code')).toBeNull();
  });

  it('needs the password, and shows a wrong one in its field', async () => {
    const api = stubApi({
      'GET /user/deletion': ok(CONSEQUENCES),
      'GET /user/me': me(false),
      'POST /user/deletion': refuse(403, 'WRONG_PASSWORD'),
    });
    open();
    await screen.findByLabelText('Your password');
    fireEvent.click(submit());
    expect(await screen.findByText('Enter your password.')).toBeTruthy();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.change(password(), { target: { value: 'not-mine' } });
    fireEvent.click(submit());
    await screen.findByText('This password is not right.');
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(password().getAttribute('aria-describedby')).toContain('delete-account-password-error');
  });

  it('asks for the two-step code when two-step sign-in is on, and tells a wrong one in its field', async () => {
    stubApi({
      'GET /user/deletion': ok(CONSEQUENCES),
      'GET /user/me': me(true),
      'POST /user/deletion': refuse(400, 'INVALID_TOTP'),
    });
    open();
    const code = await screen.findByLabelText('Two-step code');
    fireEvent.change(password(), { target: { value: 'secret-password' } });
    fireEvent.click(submit());
    await screen.findByText('Enter the code from your app (two-step sign-in is on).');
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(submit());
    await screen.findByText('This code is not right. Check the time on your phone and try again.');
    expect(code.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the code field when the server asks for it (TOTP_REQUIRED), and says to wait when throttled', async () => {
    stubApi({ 'GET /user/deletion': ok(CONSEQUENCES), 'GET /user/me': me(false), 'POST /user/deletion': refuse(403, 'TOTP_REQUIRED') });
    open();
    fireEvent.change(await screen.findByLabelText('Your password'), { target: { value: 'secret-password' } });
    fireEvent.click(submit());
    await screen.findByLabelText('Two-step code');
    expect(screen.getByText('Enter the code from your app (two-step sign-in is on).')).toBeTruthy();
    cleanUpScreen();
    stubApi({ 'GET /user/deletion': ok(CONSEQUENCES), 'GET /user/me': me(false), 'POST /user/deletion': refuse(429, 'RATE_LIMITED') });
    open();
    fireEvent.change(await screen.findByLabelText('Your password'), { target: { value: 'secret-password' } });
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again later.');
  });

  it('sends the password, code and choice, then signs out and says when the account goes', async () => {
    const eraseAt = Date.UTC(2030, 0, 15, 9);
    const api = stubApi({
      'GET /user/deletion': ok(CONSEQUENCES),
      'GET /user/me': me(true),
      'POST /user/deletion': ok({ deletion: { requested_at: Date.now(), erase_at: eraseAt, comments: 'keep' } }, 202),
    });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Keep them, signed “deleted reader”' }));
    fireEvent.change(password(), { target: { value: 'secret-password' } });
    fireEvent.change(screen.getByLabelText('Two-step code'), { target: { value: '654321' } });
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ password: 'secret-password', code: '654321', comments: 'keep' });
    // Signed out as the logout button does: the session is gone, the language stays.
    expect(localStorage.getItem('X-API-TOKEN')).toBeNull();
    expect(localStorage.getItem('USER_UUID')).toBeNull();
    expect(localStorage.getItem('language')).toBe('en-us');
    expect(JSON.parse(sessionStorage.getItem('account-notice')!)).toEqual({ kind: 'deletion-scheduled', eraseAt });
  });
});
