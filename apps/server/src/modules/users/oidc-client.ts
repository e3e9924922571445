import * as client from 'openid-client';
import type { OidcProviderConfig } from './oidc-config.js';
import type { ExternalIdentity, ExternalProvider, ProviderFailure } from './external-sign-in.js';

/** Seconds each call to a provider may take (discovery, the code exchange, userinfo). */
const PROVIDER_TIMEOUT_SECONDS = 10;

const failure = (kind: ProviderFailure['kind'], cause: unknown): ProviderFailure => ({ kind, cause });

/**
 * Issue 60: an OpenID Connect provider as an ExternalProvider, through openid-client: the
 * authorization code flow with PKCE (S256), state and nonce; the ID token (signature, issuer,
 * audience, expiry, nonce) is checked by openid-client. The provider's set-up is discovered at the
 * first sign-in and kept; a failed discovery is forgotten, so the next sign-in tries again and a
 * provider that is down never stops the server from starting.
 */
export function createOidcProvider(provider: OidcProviderConfig, publicUrl: string): ExternalProvider {
  const redirectUri = `${publicUrl}/api/v1/sign-in/oidc/${provider.id}/callback`;
  let discovered: Promise<client.Configuration> | null = null;

  function configuration(): Promise<client.Configuration> {
    if (discovered) return discovered;
    const attempt = client.discovery(
      provider.issuer,
      provider.clientId,
      { client_secret: provider.clientSecret },
      client.ClientSecretBasic(provider.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // http only outside production (oidc-config.ts refuses it there): the tests' local provider.
        ...(provider.issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    discovered = attempt;
    attempt.catch(() => {
      if (discovered === attempt) discovered = null;
    });
    return attempt;
  }

  return {
    id: provider.id,
    method: 'oidc',
    name: provider.name,
    redirectUri,

    async authorizationUrl(flow) {
      let config: client.Configuration;
      try {
        config = await configuration();
      } catch (cause) {
        throw failure('unavailable', cause);
      }
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async finish(query, flow): Promise<ExternalIdentity> {
      let config: client.Configuration;
      try {
        config = await configuration();
      } catch (cause) {
        throw failure('unavailable', cause);
      }
      const currentUrl = new URL(redirectUri);
      currentUrl.search = query.toString();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (cause) {
        // A refused code (used, expired), a bad or expired ID token, a wrong nonce: the provider's
        // answer does not check out. A network failure is the provider being unreachable.
        throw failure(cause instanceof TypeError || isTimeout(cause) ? 'unavailable' : 'refused', cause);
      }
      const claims = tokens.claims();
      if (!claims) throw failure('refused', new Error('no ID token'));
      let profile: Record<string, unknown> = { ...claims };
      // Many providers put the address and name only in userinfo (the ID token carries `sub`).
      if (profile.email === undefined && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
        try {
          profile = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
        } catch (cause) {
          throw failure('refused', cause);
        }
      }
      const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 255) : null);
      return {
        subject: claims.sub,
        email: text(profile.email),
        // Only a literal true counts: "true" as a string, or the claim absent, is unverified.
        emailVerified: profile.email_verified === true,
        name: text(profile.name),
        preferredUsername: text(profile.preferred_username) ?? text(profile.nickname),
      };
    },
  };
}

const isTimeout = (error: unknown) => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
