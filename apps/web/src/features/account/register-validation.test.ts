import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en-us/auth.json';
import { validateLogin, validateRegister, type RegisterInput } from './register-validation';

const valid: RegisterInput = { username: 'reader1', password: 'secret1', confirmPassword: 'secret1' };
const check = (changes: Partial<RegisterInput>) => validateRegister({ ...valid, ...changes });

describe('validateRegister', () => {
  it('accepts a complete, consistent form', () => {
    expect(check({})).toBeNull();
  });

  it('requires username, password and confirmation: Please fill in all fields', () => {
    expect(check({ username: '' })).toBe('fillAll');
    expect(check({ username: '   ' })).toBe('fillAll');
    expect(check({ password: '' })).toBe('fillAll');
    expect(check({ confirmPassword: '' })).toBe('fillAll');
    expect(en.errors.fillAll).toBe('Please fill in all fields');
  });

  it('checks the match before the lengths: Passwords do not match', () => {
    expect(check({ username: 'ab', password: 'abc', confirmPassword: 'abd' })).toBe('passwordMismatch');
    expect(en.errors.passwordMismatch).toBe('Passwords do not match');
  });

  it('rejects usernames below 4 or above 16 characters while the message says 5 (spec quirk)', () => {
    expect(check({ username: 'abc' })).toBe('usernameLength');
    expect(check({ username: 'abcd' })).toBeNull(); // 4 passes although the message names 5
    expect(check({ username: 'a'.repeat(16) })).toBeNull();
    expect(check({ username: 'a'.repeat(17) })).toBe('usernameLength');
    expect(en.errors.usernameLength).toBe('Username must be between 5 and 16 characters');
  });

  it('counts characters, not UTF-16 units, and ignores surrounding spaces', () => {
    expect(check({ username: '读书人' })).toBe('usernameLength');
    expect(check({ username: '读书人甲' })).toBeNull();
    expect(check({ username: '𠀀𠀁𠀂𠀃' })).toBeNull(); // four supplementary-plane characters, eight UTF-16 units
    expect(check({ username: '  abc  ' })).toBe('usernameLength');
  });

  it('requires a password of 5 to 25 characters: Password must be between 5 and 25 characters', () => {
    expect(check({ password: 'abcd', confirmPassword: 'abcd' })).toBe('passwordLength');
    expect(check({ password: 'abcde', confirmPassword: 'abcde' })).toBeNull();
    expect(check({ password: 'a'.repeat(25), confirmPassword: 'a'.repeat(25) })).toBeNull();
    expect(check({ password: 'a'.repeat(26), confirmPassword: 'a'.repeat(26) })).toBe('passwordLength');
    expect(en.errors.passwordLength).toBe('Password must be between 5 and 25 characters');
  });

  it('reports the username length before the password length', () => {
    expect(check({ username: 'abc', password: 'ab', confirmPassword: 'ab' })).toBe('usernameLength');
  });
});

describe('validateLogin', () => {
  it('requires both fields', () => {
    expect(validateLogin('reader', '')).toBe('fillAll');
    expect(validateLogin('', 'secret')).toBe('fillAll');
    expect(validateLogin('reader', 'secret')).toBeNull();
  });
});
