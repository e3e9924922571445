import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../components/Layout';
import { setAccountNotice } from '../../lib/account-notice';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { reloadTo } from '../account/full-reload';
import { LoginForm } from '../account/LoginForm';

vi.mock('../account/full-reload', () => ({ reloadTo: vi.fn() }));

beforeAll(setUpI18n);
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(cleanUpScreen);
afterEach(() => vi.mocked(reloadTo).mockClear());

const login = (extra: Record<string, unknown>) =>
  stubApi({ 'POST /user/login': { status: 200, body: { data: { jwt_token: 'jwt', uuid: 'uuid-1', username: 'reader', ...extra } } } });

async function logIn() {
  renderScreen(<LoginForm />, '/login');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), 'reader');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await vi.waitFor(() => expect(reloadTo).toHaveBeenCalled());
}

describe('the account notices (issue 43)', () => {
  it('a login that cancelled the deletion says so on the page after it, until dismissed', async () => {
    login({ deletion_cancelled: true });
    await logIn();
    cleanUpScreen();
    // The page the login reloads to: the layout shows the notice above it.
    stubApi({});
    renderScreen(<Layout />, '/');
    expect((await screen.findByText('Welcome back: your account deletion was cancelled.')).closest('[role="status"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Welcome back: your account deletion was cancelled.')).toBeNull());
    expect(sessionStorage.getItem('account-notice')).toBeNull();
  });

  it('an ordinary login shows no notice', async () => {
    login({});
    await logIn();
    expect(sessionStorage.getItem('account-notice')).toBeNull();
  });

  it('after the deletion, says when the account goes and that logging in keeps it', async () => {
    stubApi({});
    renderScreen(<Layout />, '/');
    act(() => setAccountNotice({ kind: 'deletion-scheduled', eraseAt: Date.UTC(2030, 0, 15, 9) }));
    expect(await screen.findByText(/^Your account will be deleted on .*2030.*\. Log in before then to keep it\.$/)).toBeTruthy();
  });
});
