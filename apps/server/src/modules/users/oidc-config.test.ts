import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../lib/config-error.js';
import { readOidcProviders } from './oidc-config.js';

const corp = {
  OIDC_PROVIDERS: 'corp',
  OIDC_CORP_ISSUER: 'https://id.example.com/realms/readers',
  OIDC_CORP_CLIENT_ID: 'inkstream',
  OIDC_CORP_CLIENT_SECRET: 'secret',
  OIDC_CORP_NAME: 'Corp ID',
};

describe('OIDC_* settings', () => {
  it('reads any number of providers, each shown in every language unless told', () => {
    const [provider] = readOidcProviders(corp, true);
    expect(provider).toMatchObject({ id: 'corp', clientId: 'inkstream', name: 'Corp ID' });
    expect(provider!.languages).toHaveLength(5);
    expect(readOidcProviders({ ...corp, OIDC_CORP_LANGUAGES: 'fr-fr, en-us' }, true)[0]!.languages).toEqual(['fr-fr', 'en-us']);
    expect(readOidcProviders({}, true)).toEqual([]);
  });

  it('refuses a half-set provider, http in production, an unknown language, a bad id', () => {
    expect(() => readOidcProviders({ ...corp, OIDC_CORP_CLIENT_SECRET: '' }, true)).toThrow(/OIDC_CORP_CLIENT_SECRET/);
    expect(() => readOidcProviders({ ...corp, OIDC_CORP_ISSUER: 'http://id.example.com' }, true)).toThrow(ConfigError);
    expect(readOidcProviders({ ...corp, OIDC_CORP_ISSUER: 'http://127.0.0.1:9000' }, false)).toHaveLength(1);
    expect(() => readOidcProviders({ ...corp, OIDC_CORP_LANGUAGES: 'de-de' }, true)).toThrow(/de-de/);
    expect(() => readOidcProviders({ ...corp, OIDC_PROVIDERS: 'Corp!' }, true)).toThrow(ConfigError);
    expect(() => readOidcProviders({ ...corp, OIDC_PROVIDERS: 'corp,corp' }, true)).toThrow(/twice/);
  });
});
