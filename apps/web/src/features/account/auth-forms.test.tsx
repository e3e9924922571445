import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadTo } from './full-reload';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';

vi.mock('./full-reload', () => ({ reloadTo: vi.fn() }));

beforeAll(setUpI18n);
beforeEach(() => localStorage.clear());
afterEach(cleanUpScreen);
afterEach(() => vi.mocked(reloadTo).mockClear());

async function fillRegister(values: { username?: string; password?: string; confirm?: string }) {
  const user = userEvent.setup();
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('register screen', () => {
  it.each([
    [{ username: 'reader' }, 'Password', 'Please fill in all fields'],
    [{ username: 'reader', password: 'secret1', confirm: 'secret2' }, 'Confirm password', 'Passwords do not match'],
    [{ username: 'abc', password: 'secret1', confirm: 'secret1' }, 'Username', 'Username must be between 5 and 16 characters'],
    [{ username: 'reader', password: 'abcd', confirm: 'abcd' }, 'Password', 'Password must be between 5 and 128 characters'],
  ])('shows the spec message for %o on the field at fault, and focuses it', async (values, field, message) => {
    const fetch = stubApi({});
    renderScreen(<RegisterForm />, '/register');
    await fillRegister(values);
    const input = screen.getByLabelText(field);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(message);
    expect(document.activeElement).toBe(input);
    // Nothing is sent (the form only reads the legal pages' versions it links to).
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('shows every error at once, each tied to its field, and focuses the first', async () => {
    stubApi({});
    renderScreen(<RegisterForm />, '/register');
    await fillRegister({ username: 'abc', password: 'abcd', confirm: 'abce' });
    const errorOf = (label: string) => {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      return document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent;
    };
    const texts = ['Username', 'Password', 'Confirm password'].map(errorOf);
    expect(texts).toEqual([
      'Username must be between 5 and 16 characters',
      'Password must be between 5 and 128 characters',
      'Passwords do not match',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(screen.getByLabelText('Invitation code (optional)').hasAttribute('aria-invalid')).toBe(false);

    // Fixed fields lose their mark on the next try.
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'reader');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Username').hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('prefills the invitation code, shows the server error, and goes to /login on success', async () => {
    let taken = true;
    const fetch = stubApi({
      'POST /user/register': () =>
        taken
          ? { status: 409, body: { error: 'This username is already taken', code: 'USERNAME_TAKEN' } }
          : { status: 201, body: { data: { uuid: 'u', username: 'abcd' } } },
    });
    renderScreen(<RegisterForm />, '/register?invite_code=FRIEND42', '/register');
    expect(screen.getByLabelText<HTMLInputElement>('Invitation code (optional)').value).toBe('FRIEND42');
    await fillRegister({ username: 'abcd', password: 'secret1', confirm: 'secret1' });
    expect((await screen.findByRole('alert')).textContent).toBe('This username is already taken');

    taken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('/login')).toBeTruthy();
    const body = JSON.parse(String(fetch.mock.calls.at(-1)![1]!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'abcd', password: 'secret1', invite_code: 'FRIEND42', user_type: 'inkstream' });
    expect(localStorage.getItem('USER_UUID')).toBeNull(); // no automatic login
  });

  it('shows the password rule before typing, and hands the address over so the login screen can say where the link went', async () => {
    stubApi({ 'POST /user/register': { status: 201, body: { data: { uuid: 'u', username: 'reader1' } } } });
    renderScreen(<RegisterForm />, '/register');
    expect(screen.getByText(/^5 to 128 characters; a long passphrase is welcome\./)).toBeTruthy();
    await userEvent.setup().type(screen.getByLabelText('E-mail (optional)'), 'reader1@example.com');
    const passphrase = 'correct horse battery staple, really'; // 36 characters
    await fillRegister({ username: 'reader1', password: passphrase, confirm: passphrase });
    expect(await screen.findByText('/login')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('location-state').textContent!)).toEqual({
      registered: 'reader1',
      registeredEmail: 'reader1@example.com',
    });
  });
});

describe('login screen', () => {
  it('requires both fields', async () => {
    stubApi({});
    renderScreen(<LoginForm />, '/login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all fields');
  });

  it("shows the server's message on failure", async () => {
    stubApi({ 'POST /user/login': { status: 401, body: { error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' } } });
    renderScreen(<LoginForm />, '/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'reader');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
    expect(reloadTo).not.toHaveBeenCalled();
  });

  it("falls back to 'Login failed' without a server message", async () => {
    stubApi({ 'POST /user/login': { status: 502, body: null } });
    renderScreen(<LoginForm />, '/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'reader');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it('stores the session and reloads / in full on success', async () => {
    localStorage.setItem('X-VISITOR-ID', 'abcdef01');
    stubApi({ 'POST /user/login': { status: 200, body: { data: { jwt_token: 'jwt', uuid: 'uuid-1', username: 'reader' } } } });
    renderScreen(<LoginForm />, '/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'reader');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem('X-API-TOKEN')).toBe('jwt');
    expect(localStorage.getItem('X-VISITOR-ID')).toBeNull();
  });

  it('sends a user with a stored user id to /', async () => {
    localStorage.setItem('USER_UUID', 'uuid-1');
    stubApi({});
    renderScreen(<LoginForm />, '/login');
    expect(await screen.findByText('/')).toBeTruthy();
  });
});
