import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_SUCCESS_CLOSE_MS, PasswordDialog } from './PasswordDialog';
import { renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';

beforeAll(setUpI18n);
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('X-API-TOKEN', 'old-token');
  localStorage.setItem('USER_UUID', 'uuid-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const newPassword = () => screen.getByLabelText<HTMLInputElement>('New password');
const confirmation = () => screen.getByLabelText<HTMLInputElement>('Confirm new password');
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Update password' });
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

function open(onClose = vi.fn()) {
  renderScreen(<PasswordDialog open onClose={onClose} />, '/profile');
  return onClose;
}

describe('password dialog', () => {
  it('prompts with the spec texts and keeps submit disabled until both fields are filled', () => {
    open();
    expect(newPassword().placeholder).toBe('Please enter new password');
    expect(confirmation().placeholder).toBe('Please enter new password again');
    expect(submit().disabled).toBe(true);
    type(newPassword(), 'abcdefgh');
    expect(submit().disabled).toBe(true);
    type(confirmation(), 'abcdefgh');
    expect(submit().disabled).toBe(false);
  });

  it('toggles the visibility of each field independently', () => {
    open();
    const [first, second] = screen.getAllByRole('button', { name: /^Show/ });
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

  it('stores the new token, reports success and closes after 1.5 s', async () => {
    stubApi({ 'POST /user/update_password': { status: 200, body: { data: { result: { updated: true, jwt_token: 'new-token' } } } } });
    const onClose = open();
    type(newPassword(), 'longenough');
    type(confirmation(), 'longenough');
    fireEvent.click(submit());
    expect((await screen.findByRole('status')).textContent).toBe('Password updated successfully');
    const shownAt = Date.now();
    expect(localStorage.getItem('X-API-TOKEN')).toBe('new-token');
    expect(newPassword().value).toBe('');
    expect(onClose).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: PASSWORD_SUCCESS_CLOSE_MS + 1000, interval: 50 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(PASSWORD_SUCCESS_CLOSE_MS - 100);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("shows 'Password update failed' when the API refuses", async () => {
    stubApi({ 'POST /user/update_password': { status: 429, body: { error: 'Too many requests', code: 'RATE_LIMITED' } } });
    open();
    type(newPassword(), 'longenough');
    type(confirmation(), 'longenough');
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
