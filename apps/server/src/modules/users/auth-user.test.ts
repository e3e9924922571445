import { describe, expect, it } from 'vitest';
import { authUserOf, type AccountState } from './auth-user.js';

const account: AccountState = { id: 7, uuid: 'u-7', username: 'mei', role: 'user', token_version: 2, disabled_at: null };
const claims = { userUuid: 'u-7', tokenVersion: 2 };

describe('authUserOf', () => {
  it('accepts the token of a live account at its current version', () => {
    expect(authUserOf(claims, account)).toEqual({ id: 7, uuid: 'u-7', username: 'mei', role: 'user' });
  });

  it('refuses a missing account, another account, an older version and a disabled account', () => {
    expect(authUserOf(claims, undefined)).toBeNull();
    expect(authUserOf(claims, null)).toBeNull();
    expect(authUserOf(claims, { ...account, uuid: 'u-8' })).toBeNull();
    expect(authUserOf(claims, { ...account, token_version: 3 })).toBeNull();
    expect(authUserOf(claims, { ...account, disabled_at: 1_700_000_000_000 })).toBeNull();
  });

  it('takes the role stored now, and an unknown role as a plain user', () => {
    expect(authUserOf(claims, { ...account, role: 'admin' })?.role).toBe('admin');
    expect(authUserOf(claims, { ...account, role: 'superuser' })?.role).toBe('user');
  });
});
