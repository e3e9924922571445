import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

/**
 * API tokens are HS256 JWTs carrying the user's uuid and token version. A password change bumps
 * the version, which revokes every older token at the next request.
 */
export interface TokenClaims {
  userUuid: string;
  tokenVersion: number;
}

const TOKEN_LIFETIME_SECONDS = 90 * 86_400;
const ISSUER = 'inkstream';

export interface TokenService {
  issue(claims: TokenClaims): Promise<string>;
  /** null for anything malformed, forged or expired. */
  verify(token: string): Promise<TokenClaims | null>;
}

/**
 * Tokens already verified, by their exact text: a reader sends the same token with every request,
 * and checking its signature again cost about a tenth of a member's chapter read (measured). Only
 * the signature check is skipped: expiry is checked on every use, and the token version and the
 * account state are read from the database on every request (users.service authenticate).
 */
/** Bounded by count and by an estimate of the bytes held (the token twice, as UTF-16, and the claims). */
const VERIFIED_TOKENS = { max: 20_000, maxSize: 16 * 1024 * 1024, sizeCalculation: (_: unknown, token: string) => token.length * 2 + 200 };

export function createTokenService(secret: string, nowMs: () => number = Date.now): TokenService {
  const verified = new LRUCache<string, TokenClaims & { expiresAtMs: number }>(VERIFIED_TOKENS);
  // Imported once: given raw bytes, jose imports a WebCrypto key again on every call (measured:
  // a visible share of an authenticated read's CPU).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    issue: async ({ userUuid, tokenVersion }) =>
      new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userUuid)
        .setIssuer(ISSUER)
        .setIssuedAt(Math.floor(nowMs() / 1000))
        .setExpirationTime(Math.floor(nowMs() / 1000) + TOKEN_LIFETIME_SECONDS)
        .sign(await key),
    async verify(token) {
      const known = verified.get(token);
      if (known) return known.expiresAtMs > nowMs() ? { userUuid: known.userUuid, tokenVersion: known.tokenVersion } : null;
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          requiredClaims: ['exp', 'sub', 'iat'],
          currentDate: new Date(nowMs()),
        });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        const claims = { userUuid: payload.sub, tokenVersion: payload.tv };
        // Bytes: the token text (UTF-16) and the claims, roughly.
        verified.set(token, { ...claims, expiresAtMs: payload.exp! * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
