import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en-us/auth.json';
import { firstInvalidField, registerErrors, validateLogin, type RegisterInput } from './register-validation';

const valid: RegisterInput = { username: 'reader1', password: 'secret1', confirmPassword: 'secret1' };
const check = (changes: Partial<RegisterInput>) => registerErrors({ ...valid, ...changes });

describe('registerErrors', () => {
  it('accepts a complete, consistent form', () => {
    expect(check({})).toEqual({});
  });

  it('requires username, password and confirmation: Please fill in all fields', () => {
    expect(check({ username: '' })).toEqual({ username: 'fillAll' });
    expect(check({ username: '   ' })).toEqual({ username: 'fillAll' });
    expect(check({ password: '' })).toEqual({ password: 'fillAll' });
    expect(check({ confirmPassword: '' })).toEqual({ confirmPassword: 'fillAll' });
    expect(en.errors.fillAll).toBe('Please fill in all fields');
  });

  it('reports every problem at once, each on its own field', () => {
    expect(check({ username: '', password: '', confirmPassword: '' })).toEqual({
      username: 'fillAll',
      password: 'fillAll',
      confirmPassword: 'fillAll',
    });
    expect(check({ username: 'ab', password: 'abc', confirmPassword: 'abd' })).toEqual({
      username: 'usernameLength',
      password: 'passwordLength',
      confirmPassword: 'passwordMismatch',
    });
  });

  it('flags a confirmation that differs: Passwords do not match', () => {
    expect(check({ confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'passwordMismatch' });
    expect(en.errors.passwordMismatch).toBe('Passwords do not match');
  });

  it('rejects usernames below 4 or above 16 characters while the message says 5 (spec quirk)', () => {
    expect(check({ username: 'abc' })).toEqual({ username: 'usernameLength' });
    expect(check({ username: 'abcd' })).toEqual({}); // 4 passes although the message names 5
    expect(check({ username: 'a'.repeat(16) })).toEqual({});
    expect(check({ username: 'a'.repeat(17) })).toEqual({ username: 'usernameLength' });
    expect(en.errors.usernameLength).toBe('Username must be between 5 and 16 characters');
  });

  it('counts characters, not UTF-16 units, and ignores surrounding spaces', () => {
    expect(check({ username: '读书人' })).toEqual({ username: 'usernameLength' });
    expect(check({ username: '读书人甲' })).toEqual({});
    expect(check({ username: '𠀀𠀁𠀂𠀃' })).toEqual({}); // four supplementary-plane characters, eight UTF-16 units
    expect(check({ username: '  abc  ' })).toEqual({ username: 'usernameLength' });
  });

  it('requires a password of 5 to 128 characters (a long passphrase is welcome): Password must be between 5 and 128 characters', () => {
    expect(check({ password: 'abcd', confirmPassword: 'abcd' })).toEqual({ password: 'passwordLength' });
    expect(check({ password: 'abcde', confirmPassword: 'abcde' })).toEqual({});
    const passphrase = 'correct horse battery staple, ok?'; // 33 characters: refused by the seed's 25
    expect(check({ password: passphrase, confirmPassword: passphrase })).toEqual({});
    expect(check({ password: 'a'.repeat(128), confirmPassword: 'a'.repeat(128) })).toEqual({});
    expect(check({ password: 'a'.repeat(129), confirmPassword: 'a'.repeat(129) })).toEqual({ password: 'passwordLength' });
    expect(en.errors.passwordLength).toBe('Password must be between 5 and 128 characters');
  });

  it('sends focus to the first invalid field in screen order', () => {
    expect(firstInvalidField(check({ username: 'abc', password: 'ab', confirmPassword: 'ab' }))).toBe('username');
    expect(firstInvalidField(check({ confirmPassword: 'x' }))).toBe('confirmPassword');
    expect(firstInvalidField(check({}))).toBeNull();
  });
});

describe('validateLogin', () => {
  it('requires both fields', () => {
    expect(validateLogin('reader', '')).toBe('fillAll');
    expect(validateLogin('', 'secret')).toBe('fillAll');
    expect(validateLogin('reader', 'secret')).toBeNull();
  });
});
