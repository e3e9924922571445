import { USERNAME_MAX, USERNAME_MIN } from '@inkstream/contracts';

/**
 * Issue 60: what signing in with an outside provider needs from the provider, whatever it is (an
 * OpenID Connect provider, oidc-client.ts; WeChat website login, wechat-login/wechat-login-provider.ts). The flow, the links
 * and the rules that decide between them are the provider's no concern
 * (external-sign-in.service.ts).
 */
export interface ExternalIdentity {
  /** The provider's stable id of the account; the only thing a link is made on. */
  subject: string;
  email: string | null;
  /** Only when the provider said so (OpenID: `email_verified: true`). */
  emailVerified: boolean;
  name: string | null;
  preferredUsername: string | null;
}

/** The secrets of one flow, made by the service and kept in its row. */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ExternalProvider {
  readonly id: string;
  readonly method: 'oidc' | 'wechat';
  /** The display name ("Continue with {name}"). */
  readonly name: string;
  /** Where the provider sends the browser back (registered at the provider by the operator). */
  readonly redirectUri: string;
  /** The provider's page the browser goes to; throws a ProviderFailure. */
  authorizationUrl(flow: FlowSecrets): Promise<URL>;
  /** Checks the provider's answer (the callback's query) and returns who signed in; throws a ProviderFailure. */
  finish(query: URLSearchParams, flow: FlowSecrets): Promise<ExternalIdentity>;
}

/**
 * `unavailable`: the provider could not be reached; `refused`: its answer did not check out;
 * `cancelled`: the reader declined at the provider (WeChat says so by coming back without a code).
 */
export interface ProviderFailure {
  kind: 'unavailable' | 'refused' | 'cancelled';
  cause: unknown;
}

export const isProviderFailure = (error: unknown): error is ProviderFailure =>
  typeof error === 'object' && error !== null && 'kind' in error && 'cause' in error && !(error instanceof Error);

/**
 * A user name proposed from the provider's profile: its letters and digits (the site's rule),
 * cut to the longest name allowed, padded with digits when too short. The reader may change it
 * before the account is made; uniqueness is the caller's (it adds digits).
 */
export function proposeUsername(identity: ExternalIdentity): string {
  const sources = [identity.preferredUsername, identity.name, identity.email?.split('@')[0] ?? null];
  for (const source of sources) {
    const letters = (source ?? '').normalize('NFC').replace(/[^\p{L}\p{N}]/gu, '');
    if (letters.length >= USERNAME_MIN) return [...letters].slice(0, USERNAME_MAX).join('');
    if (letters.length > 0) return (letters + 'reader').slice(0, USERNAME_MAX);
  }
  return 'reader';
}
