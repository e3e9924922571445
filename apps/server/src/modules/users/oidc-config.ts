import { LANGUAGES, type Language } from '@inkstream/contracts';
import { ConfigError, parseConfigUrl, type Env } from '../../lib/config-error.js';

/**
 * Issue 60: one OpenID Connect provider readers may sign in with (docs/ACCOUNTS.md "OpenID Connect
 * providers"). Only the settings: the provider's own set-up (endpoints, keys) is discovered at the
 * first sign-in and cached (oidc-client.ts), so a provider that is down never stops the server.
 */
export interface OidcProviderConfig {
  /** Lower-case letters, digits and `-`; in URLs (`/sign-in/oidc/{id}/…`) and stored with each link. */
  readonly id: string;
  readonly issuer: URL;
  readonly clientId: string;
  readonly clientSecret: string;
  /** "Continue with {name}". */
  readonly name: string;
  /** The site languages whose login screens show it. */
  readonly languages: readonly Language[];
}

/** WeChat website login's provider id (wechat-login/), kept out of the OpenID names. */
export const WECHAT_PROVIDER_ID = 'wechat';

const ID_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/** `OIDC_PROVIDERS=google,corp` and, for each id, `OIDC_<ID>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`, `_NAME`, optional `_LANGUAGES`. */
export function readOidcProviders(env: Env, isProduction: boolean): readonly OidcProviderConfig[] {
  const ids = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const seen = new Set<string>();
  return ids.map((id) => {
    if (!ID_PATTERN.test(id))
      throw new ConfigError(`OIDC_PROVIDERS: "${id}" must be 1 to 32 lower-case letters, digits or "-", starting with a letter`);
    if (id === WECHAT_PROVIDER_ID) throw new ConfigError(`OIDC_PROVIDERS: "${id}" is the name of WeChat sign-in (WECHAT_LOGIN_APPID)`);
    if (seen.has(id)) throw new ConfigError(`OIDC_PROVIDERS names "${id}" twice`);
    seen.add(id);
    const prefix = `OIDC_${id.toUpperCase().replaceAll('-', '_')}_`;
    const value = (name: string) => (env[`${prefix}${name}`] ?? '').trim();
    const missing = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET', 'NAME'].filter((name) => value(name) === '');
    if (missing.length > 0) throw new ConfigError(`OIDC provider "${id}" needs ${missing.map((name) => prefix + name).join(', ')}`);
    // The ID token's signature is only as good as the channel its keys came over: https, except in tests.
    const issuer = parseConfigUrl(`${prefix}ISSUER`, value('ISSUER'), isProduction ? ['https:'] : ['https:', 'http:']);
    if (issuer.search !== '' || issuer.hash !== '' || issuer.username !== '' || issuer.password !== '') {
      throw new ConfigError(`${prefix}ISSUER must be the issuer URL, without query, fragment or credentials`);
    }
    if (value('NAME').length > 64) throw new ConfigError(`${prefix}NAME must be at most 64 characters`);
    const rawLanguages = value('LANGUAGES');
    const languages = rawLanguages === '' ? [...LANGUAGES] : rawLanguages.split(',').map((tag) => tag.trim().toLowerCase());
    for (const tag of languages) {
      if (!(LANGUAGES as readonly string[]).includes(tag)) {
        throw new ConfigError(`${prefix}LANGUAGES: "${tag}" is not one of ${LANGUAGES.join(', ')}`);
      }
    }
    return Object.freeze({
      id,
      issuer,
      clientId: value('CLIENT_ID'),
      clientSecret: value('CLIENT_SECRET'),
      name: value('NAME'),
      languages: Object.freeze(languages as Language[]),
    });
  });
}
