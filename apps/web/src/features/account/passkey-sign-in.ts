import { browserSupportsWebAuthn, startAuthentication, WebAuthnError } from '@simplewebauthn/browser';
import { ApiError } from '../../lib/api-client';
import { passkeysApi } from '../../lib/api-passkeys';
import { storeSignedInSession } from '../auth';

/**
 * Signs in with a passkey: the server's options, the browser's ceremony (the account chooser, or
 * with `autofill` the user-name field's suggestions: conditional UI), the server's answer stored
 * as a password login's is. The caller reloads the page so every answer is fetched with the token.
 * Resolves false when the reader or the browser gave up (nothing to tell); throws what to tell.
 */
export async function signInWithPasskey(autofill: boolean): Promise<boolean> {
  let credential;
  try {
    const optionsJSON = await passkeysApi.signInOptions();
    credential = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  } catch (caught) {
    // The suggestions are an offer the reader did not ask for: nothing to tell when they cannot be made.
    if (autofill) return false;
    // Cancelled, timed out, or replaced by another ceremony (the button after the autofill).
    if (caught instanceof WebAuthnError && caught.code === 'ERROR_CEREMONY_ABORTED') return false;
    if (caught instanceof Error && (caught.name === 'NotAllowedError' || caught.name === 'AbortError')) return false;
    throw caught;
  }
  const result = await passkeysApi.signIn(credential);
  await storeSignedInSession(result);
  return true;
}

/**
 * Whether this page can use passkeys: a browser with WebAuthn, at a domain name. Browsers refuse
 * WebAuthn at an IP address (the relying party is a domain), so the site reached by its address
 * offers none rather than failing.
 */
export function passkeysUsableHere(): boolean {
  if (typeof window === 'undefined' || !browserSupportsWebAuthn()) return false;
  const host = window.location.hostname;
  return !/^[\d.]+$/.test(host) && !host.includes(':') && !host.startsWith('[');
}

/** The words (passkeys namespace) for a refusal of a passkey call, each its own. */
export function passkeyErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'PASSKEY_INVALID':
        return 'errors.invalid';
      case 'PASSKEY_NOT_RECOGNIZED':
        return 'errors.notRecognized';
      case 'PASSKEY_CHALLENGE_EXPIRED':
        return 'errors.expired';
      case 'PASSKEY_ALREADY_REGISTERED':
        return 'errors.alreadyRegistered';
      case 'PASSKEY_LIMIT':
        return 'errors.limit';
      case 'PASSKEY_NOT_FOUND':
        return 'errors.notFound';
      case 'PASSKEY_LAST_SIGN_IN_WAY':
        return 'errors.lastWayIn';
      case 'PASSWORD_REMOVAL_REFUSED': {
        // The server says why in the detail of field `reason`; each reason has its own words.
        const reason = error.details.find((detail) => detail.field === 'reason')?.message;
        return reason === 'no_passkey' || reason === 'no_recovery' || reason === 'no_password'
          ? `passkeysOnly.refused.${reason}`
          : 'passkeysOnly.refused.other';
      }
      case 'TOTP_REQUIRED':
        return 'errors.totpRequired';
      case 'INVALID_TOTP':
        return 'errors.invalidTotp';
      case 'WRONG_PASSWORD':
        return 'errors.wrongPassword';
      case 'RATE_LIMITED':
        return 'errors.rateLimited';
      case 'ACCOUNT_DISABLED':
        return 'errors.disabled';
      case 'VALIDATION_FAILED':
        return 'errors.name';
      case 'NETWORK_ERROR':
        return 'errors.network';
      default:
        return 'errors.failure';
    }
  }
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'errors.alreadyOnDevice';
  if (error instanceof Error && error.name === 'NotAllowedError') return 'errors.cancelled';
  if (error instanceof Error && (error.name === 'NotSupportedError' || error.name === 'SecurityError')) return 'errors.unsupported';
  return 'errors.failure';
}
