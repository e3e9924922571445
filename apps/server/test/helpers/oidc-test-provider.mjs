// A real OpenID Connect provider for the tests (issue 60): oidc-provider on a local port, in its
// own process so its clock can be set apart from the site's (an ID token already expired by the
// site's clock). One confidential client, PKCE required, RS256 keys made at start, accounts the
// test sets. The login page signs in the account the test chose last (POST /__test/account), so a
// server test follows redirects with fetch and an e2e test with Chromium, and nobody types.
//
// node oidc-test-provider.mjs '{"clientId":"…","clientSecret":"…","redirectUris":["…"]}'
// prints "listening http://127.0.0.1:<port>" once it answers.
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const settings = JSON.parse(process.argv[2] ?? '{}');
const accounts = new Map();
let nextAccount = null;
// The provider's clock, in seconds ahead of (or behind) the real one.
const realNow = Date.now.bind(Date);
let offsetMs = 0;
Date.now = () => realNow() + offsetMs;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-rs256', alg: 'RS256', use: 'sig' };

let provider;
const readBody = (request) =>
  new Promise((resolve, reject) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text === '' ? {} : JSON.parse(text)));
    request.on('error', reject);
  });

const server = createServer(async (request, response) => {
  try {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'POST' && path === '/__test/account') {
      const account = await readBody(request);
      accounts.set(account.sub, account);
      nextAccount = account.sub;
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'POST' && path === '/__test/clock') {
      offsetMs = Number((await readBody(request)).offsetSeconds ?? 0) * 1000;
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'GET' && path.startsWith('/interaction/')) {
      const details = await provider.interactionDetails(request, response);
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(request, response, { login: { accountId: nextAccount } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
      grant.addOIDCScope('openid email profile');
      await provider.interactionFinished(
        request,
        response,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    provider.callback()(request, response);
  } catch (error) {
    response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
  }
});

server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: settings.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ ...account }) } : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    ttl: { IdToken: 300, AccessToken: 300, AuthorizationCode: 300, Interaction: 600, Session: 600, Grant: 600 },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-test-provider:', error));
  console.log(`listening ${issuer}`);
});
