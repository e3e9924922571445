import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en-us/profile.json';
import { canSubmitNewPassword, validateNewPassword } from './password-validation';

describe('password change rules', () => {
  it('keeps submit disabled until the current password and both new entries are filled', () => {
    expect(canSubmitNewPassword('', '', '')).toBe(false);
    expect(canSubmitNewPassword('', 'abcdefgh', 'abcdefgh')).toBe(false);
    expect(canSubmitNewPassword('old', 'abcdefgh', '')).toBe(false);
    expect(canSubmitNewPassword('old', '', 'abcdefgh')).toBe(false);
    expect(canSubmitNewPassword('o', 'a', 'b')).toBe(true);
  });

  it('requires the two entries to match', () => {
    expect(validateNewPassword('abcdefgh', 'abcdefgi')).toBe('mismatch');
    expect(en.password.errors.mismatch).toBe('two entries of the new password do not match');
  });

  it('requires at least 8 characters', () => {
    expect(validateNewPassword('abcdefg', 'abcdefg')).toBe('tooShort');
    expect(validateNewPassword('abcdefgh', 'abcdefgh')).toBeNull();
    expect(en.password.errors.tooShort).toBe('password length at least 8');
    expect(en.password.rule).toBe('Password must be at least 8 characters long');
  });

  it('refuses what the API would refuse (over 128 characters)', () => {
    expect(validateNewPassword('a'.repeat(128), 'a'.repeat(128))).toBeNull();
    expect(validateNewPassword('a'.repeat(129), 'a'.repeat(129))).toBe('tooLong');
  });

  it('quotes the spec texts in English', () => {
    expect(en.password.placeholder).toBe('Please enter new password');
    expect(en.password.placeholderAgain).toBe('Please enter new password again');
    expect(en.password.success).toBe('Password updated successfully');
    expect(en.password.failure).toBe('Password update failed');
    expect(en.password.errors.wrongCurrent).toBe('password update failed, please check whether the current password is correct');
    expect(en.copy.copied).toBe('copied');
  });
});
