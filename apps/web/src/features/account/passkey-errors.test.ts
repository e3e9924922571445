import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import enUs from '../../i18n/locales/en-us/passkeys.json';
import zhCn from '../../i18n/locales/zh-cn/passkeys.json';
import frFr from '../../i18n/locales/fr-fr/passkeys.json';
import esEs from '../../i18n/locales/es-es/passkeys.json';
import arSa from '../../i18n/locales/ar-sa/passkeys.json';
import { passkeyErrorKey } from './passkey-sign-in';

const LOCALES = { 'en-us': enUs, 'zh-cn': zhCn, 'fr-fr': frFr, 'es-es': esEs, 'ar-sa': arSa };
const lookup = (words: object, key: string) => key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], words);

/** Issue 60: every refusal of a passkey call has its own words, in all five languages. */
describe('passkey refusals', () => {
  const refusals: [string, unknown][] = [
    ...[
      'PASSKEY_INVALID',
      'PASSKEY_NOT_RECOGNIZED',
      'PASSKEY_CHALLENGE_EXPIRED',
      'PASSKEY_ALREADY_REGISTERED',
      'PASSKEY_LIMIT',
      'PASSKEY_NOT_FOUND',
      'WRONG_PASSWORD',
      'RATE_LIMITED',
      'ACCOUNT_DISABLED',
      'VALIDATION_FAILED',
      'NETWORK_ERROR',
      'PASSKEY_LAST_SIGN_IN_WAY',
      'TOTP_REQUIRED',
      'INVALID_TOTP',
    ].map((code): [string, unknown] => [code, new ApiError(400, code, code)]),
    // The passkey-only rule: each reason of a refused password removal has its own words.
    ...['no_passkey', 'no_recovery', 'no_password'].map((reason): [string, unknown] => [
      reason,
      new ApiError(409, 'PASSWORD_REMOVAL_REFUSED', reason, [{ field: 'reason', message: reason }]),
    ]),
    ['unknown reason', new ApiError(409, 'PASSWORD_REMOVAL_REFUSED', 'x')],
    ['cancelled', Object.assign(new Error('no'), { name: 'NotAllowedError' })],
    ['unsupported', Object.assign(new Error('no'), { name: 'NotSupportedError' })],
    [
      'already on this device',
      new WebAuthnError({ message: 'x', code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', cause: new Error('InvalidStateError') }),
    ],
  ];

  it('are told apart', () => {
    const keys = refusals.map(([, error]) => passkeyErrorKey(error));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('errors.failure');
  });

  it.each(Object.entries(LOCALES))('have words in %s', (_language, words) => {
    for (const [, error] of refusals) expect(typeof lookup(words, passkeyErrorKey(error))).toBe('string');
    expect(Object.keys(words).sort()).toEqual(Object.keys(enUs).sort());
    expect(Object.keys(words.errors).sort()).toEqual(Object.keys(enUs.errors).sort());
  });
});
