import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasswordDialog } from './PasswordDialog';
import { renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';

beforeAll(setUpI18n);
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('X-API-TOKEN', 'old-token');
  localStorage.setItem('USER_UUID', 'uuid-1');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const currentPassword = () => screen.getByLabelText<HTMLInputElement>('Current password');
const newPassword = () => screen.getByLabelText<HTMLInputElement>('New password');
const confirmation = () => screen.getByLabelText<HTMLInputElement>('Confirm new password');
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Update password' });
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

function open(onClose = vi.fn()) {
  renderScreen(<PasswordDialog open onClose={onClose} />, '/profile');
  return onClose;
}

function fillIn(current: string, password: string) {
  type(currentPassword(), current);
  type(newPassword(), password);
  type(confirmation(), password);
}

const refuse = (status: number, code: string, error: string, details?: unknown) =>
  stubApi({ 'POST /user/update_password': { status, body: { error, code, ...(details ? { details } : {}) } } });

describe('password dialog', () => {
  it('prompts with the spec texts and keeps submit disabled until the current password and both new entries are filled', () => {
    open();
    expect(currentPassword().placeholder).toBe('Please enter your current password');
    expect(currentPassword().autocomplete).toBe('current-password');
    expect(newPassword().placeholder).toBe('Please enter new password');
    expect(confirmation().placeholder).toBe('Please enter new password again');
    expect(submit().disabled).toBe(true);
    type(newPassword(), 'abcdefgh');
    type(confirmation(), 'abcdefgh');
    expect(submit().disabled).toBe(true);
    type(currentPassword(), 'old-password');
    expect(submit().disabled).toBe(false);
  });

  it('toggles the visibility of each field independently', () => {
    open();
    const [, first, second] = screen.getAllByRole('button', { name: /^Show/ });
    fireEvent.click(first!);
    expect(newPassword().type).toBe('text');
    expect(confirmation().type).toBe('password');
    fireEvent.click(second!);
    expect(confirmation().type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide New password' }));
    expect(newPassword().type).toBe('password');
    expect(confirmation().type).toBe('text');
  });

  it('rejects a mismatch and a short password without calling the API', () => {
    const fetch = stubApi({});
    open();
    type(currentPassword(), 'old-password');
    type(newPassword(), 'abcdefgh');
    type(confirmation(), 'abcdefgi');
    fireEvent.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('two entries of the new password do not match');
    type(newPassword(), 'abc');
    type(confirmation(), 'abc');
    fireEvent.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('password length at least 8');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the rule before typing, and not a second time once the error says it (issue 40)', () => {
    stubApi({});
    open();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    type(currentPassword(), 'old-password');
    type(newPassword(), 'abc');
    type(confirmation(), 'abc');
    fireEvent.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('password length at least 8');
    expect(screen.queryByText('Password must be at least 8 characters long')).toBeNull();
  });

  it('sends the current password, stores the new token, reports success and closes after 1.5 s', async () => {
    const fetch = stubApi({
      'POST /user/update_password': { status: 200, body: { data: { result: { updated: true, jwt_token: 'new-token' } } } },
    });
    const onClose = open();
    fillIn('old-password', 'longenough');
    // Only setTimeout is faked, so the close delay can be measured while the answer arrives as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submit());
    // The answer arrives through promises and setImmediate; the fake clock stands still meanwhile.
    for (let turn = 0; turn < 50 && !screen.queryByRole('status'); turn += 1) {
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
    expect(screen.getByRole('status').textContent).toBe('Password updated successfully');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ new_password: 'longenough', current_password: 'old-password' });
    expect(localStorage.getItem('X-API-TOKEN')).toBe('new-token');
    expect(currentPassword().value).toBe('');
    expect(newPassword().value).toBe('');
    // The spec: the message shows, then the dialog closes by itself after 1.5 s (1500 ms).
    act(() => vi.advanceTimersByTime(1499));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("tells a wrong current password in the spec's words, not the server's, and keeps the session", async () => {
    refuse(403, 'WRONG_PASSWORD', 'The current password is not correct');
    const onClose = open();
    fillIn('not-mine', 'longenough');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'password update failed, please check whether the current password is correct',
    );
    expect(localStorage.getItem('X-API-TOKEN')).toBe('old-token');
    expect(submit().disabled).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says to wait when the attempts are throttled, and that the session ended on 401', async () => {
    refuse(429, 'RATE_LIMITED', 'Too many wrong passwords from your network for this account; try again later');
    open();
    fillIn('old-password', 'longenough');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again later.');
    cleanup();
    refuse(401, 'AUTH_REQUIRED', 'Please log in');
    open();
    fillIn('old-password', 'longenough');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Your session has ended. Please log in again.');
  });

  it("shows 'Password update failed' for anything else", async () => {
    refuse(500, 'INTERNAL_ERROR', 'Internal server error');
    open();
    fillIn('old-password', 'longenough');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Password update failed');
    expect(localStorage.getItem('X-API-TOKEN')).toBe('old-token');
  });

  it('cancel closes; reopening starts from empty fields', () => {
    const onClose = vi.fn();
    const view = renderScreen(<PasswordDialog open onClose={onClose} />, '/profile');
    type(newPassword(), 'abcdefgh');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    view.unmount();
    renderScreen(<PasswordDialog open={false} onClose={onClose} />, '/profile');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
