import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadTo } from './full-reload';
import { LoginForm } from './LoginForm';
import { normalizeCode } from './two-step-code';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';

vi.mock('./full-reload', () => ({ reloadTo: vi.fn() }));

beforeAll(setUpI18n);
beforeEach(() => localStorage.clear());
afterEach(cleanUpScreen);
afterEach(() => vi.mocked(reloadTo).mockClear());

/** The login requests only (the form also reads the public config, for the sign-in providers). */
const logins = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([input]) => String(input).includes('/user/login'));
const bodies = (fetch: ReturnType<typeof stubApi>) => logins(fetch).map(([, init]) => JSON.parse(String(init?.body)));

describe('login with two-step sign-in', () => {
  it('asks for the code after TOTP_REQUIRED, says when it is wrong, and sends it with the password', async () => {
    let answer = 0;
    const fetch = stubApi({
      'POST /user/login': () => {
        answer += 1;
        if (answer === 1) return { status: 401, body: { error: 'Enter the code', code: 'TOTP_REQUIRED' } };
        if (answer === 2) return { status: 401, body: { error: 'The two-step sign-in code is not correct', code: 'INVALID_TOTP' } };
        return { status: 200, body: { data: { jwt_token: 'jwt', uuid: 'uuid-1', username: 'reader' } } };
      },
    });
    renderScreen(<LoginForm />, '/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'reader');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const code = await screen.findByLabelText('6-digit code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Enter the 6-digit code');

    // Not six digits: told, nothing sent.
    await user.type(code, '12a');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the 6-digit code.');
    expect(logins(fetch)).toHaveLength(1);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('That code is not correct. Try the current code again.'));

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/'));
    expect(bodies(fetch)).toEqual([
      { username: 'reader', password: 'secret' },
      { username: 'reader', password: 'secret', totp_code: '123456' },
      { username: 'reader', password: 'secret', totp_code: 'abcd-efgh-jkmn' },
    ]);
  });

  it('normalises codes as the API takes them', () => {
    expect(normalizeCode(' 123 456 ', false)).toBe('123456');
    expect(normalizeCode('12345', false)).toBeUndefined();
    expect(normalizeCode('abcdef', false)).toBeUndefined();
    expect(normalizeCode('ABCD EFGH JKMN', true)).toBe('ABCDEFGHJKMN');
    expect(normalizeCode('abcd-efgh-jkm', true)).toBeUndefined();
  });
});
