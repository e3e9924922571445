import { jwtVerify, SignJWT } from 'jose';

/**
 * API tokens are HS256 JWTs carrying the user's uuid and token version. A password change bumps
 * the version, which revokes every older token at the next request.
 */
export interface TokenClaims {
  userUuid: string;
  tokenVersion: number;
}

const TOKEN_LIFETIME = '90d';
const ISSUER = 'inkstream';

export interface TokenService {
  issue(claims: TokenClaims): Promise<string>;
  /** null for anything malformed, forged or expired. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    issue: ({ userUuid, tokenVersion }) =>
      new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userUuid)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['exp', 'sub', 'iat'] });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        return { userUuid: payload.sub, tokenVersion: payload.tv };
      } catch {
        return null;
      }
    },
  };
}
