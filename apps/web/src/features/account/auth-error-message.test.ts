import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en-us/auth.json';
import { authErrorKey } from './auth-error-message';

describe('authErrorKey', () => {
  it('recognises the server and fallback texts of spec section 8', () => {
    expect(authErrorKey('Invalid username or password')).toBe('invalidCredentials');
    expect(authErrorKey('Login failed')).toBe('loginFailed');
    expect(authErrorKey('Registration failed')).toBe('registrationFailed');
    expect(authErrorKey('This username is already taken')).toBe('usernameTaken');
    expect(authErrorKey('Too many requests; try again in 1 minute')).toBe('tooManyRequests');
  });

  it('leaves unknown messages to be shown as they are', () => {
    expect(authErrorKey('Invalid request: password must NOT have more than 25 characters')).toBeNull();
  });

  it('keeps the English texts identical to what the server and the spec say', () => {
    expect(en.serverErrors.invalidCredentials).toBe('Invalid username or password');
    expect(en.serverErrors.loginFailed).toBe('Login failed');
    expect(en.serverErrors.registrationFailed).toBe('Registration failed');
  });
});
