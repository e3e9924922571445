import { ApiError } from '../../lib/api-client';
import type { TFunction } from '../../i18n/translator';

/** The refusals a provider sign-in can meet, each with its own words (external.json `errors`). */
const KNOWN = new Set([
  'EXTERNAL_STATE_MISMATCH',
  'EXTERNAL_FLOW_EXPIRED',
  'EXTERNAL_PROVIDER_ERROR',
  'EXTERNAL_PROVIDER_UNAVAILABLE',
  'EXTERNAL_PROVIDER_UNKNOWN',
  'EXTERNAL_CANCELLED',
  'EXTERNAL_RESULT_INVALID',
  'EXTERNAL_EMAIL_UNVERIFIED',
  'EXTERNAL_IDENTITY_TAKEN',
  'EXTERNAL_LINK_NOT_FOUND',
  'EXTERNAL_LAST_SIGN_IN_WAY',
  'USERNAME_TAKEN',
  'WRONG_PASSWORD',
  'TOTP_REQUIRED',
  'INVALID_TOTP',
  'RATE_LIMITED',
]);

/** The code of a refusal (an API error, or the `error=` the server put in the address). */
export const refusalCode = (caught: unknown): string => (caught instanceof ApiError ? caught.code : 'generic');

export const refusalWords = (t: TFunction, code: string): string => t(`errors.${KNOWN.has(code) ? code : 'generic'}`);

/** A provider's name on screen: WeChat's in the reader's language (微信), an OpenID provider's as its operator set it. */
export const providerLabel = (t: TFunction, id: string, name: string): string => (id === 'wechat' ? t('wechat.name') : name);
