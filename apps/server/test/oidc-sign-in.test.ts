import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eraseAccountNow } from './helpers/account-erasure.js';
import { authHeader, callApi, createUser, createUserWithEmail, nextClientIp, type TestUser } from './helpers/factories.js';
import { startTestOidcProvider, type TestOidcAccount, type TestOidcProvider } from './helpers/oidc-test-provider.js';
import { arriveAtCallback, externalStep, type FlowBrowser } from './helpers/provider-flow.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { enableTwoStep, totpCodeAt } from './helpers/two-step.js';

/**
 * Issue 60: signing in with an OpenID Connect provider, against a real one (oidc-provider in its
 * own process: PKCE required, RS256 keys made at its start, accounts this test sets). The linking
 * rules are the heart: a subject links, an address never does by itself.
 */
const PUBLIC_URL = 'http://inkstream.test';
const CALLBACK = `${PUBLIC_URL}/api/v1/sign-in/oidc/test/callback`;

let ctx: TestContext;
let provider: TestOidcProvider;
beforeAll(async () => {
  provider = await startTestOidcProvider({ clientId: 'inkstream', clientSecret: 'test-client-secret', redirectUris: [CALLBACK] });
  ctx = await createTestContext({
    PUBLIC_URL,
    OIDC_PROVIDERS: 'test',
    OIDC_TEST_ISSUER: provider.issuer,
    OIDC_TEST_CLIENT_ID: 'inkstream',
    OIDC_TEST_CLIENT_SECRET: 'test-client-secret',
    OIDC_TEST_NAME: 'Test ID',
  });
}, 30_000);
afterAll(async () => {
  await ctx?.close();
  await provider?.stop();
});

let subjects = 0;
const account = (claims: Partial<TestOidcAccount> = {}): TestOidcAccount => {
  subjects += 1;
  return { sub: `subject-${subjects}-${Date.now()}`, name: 'Ada Lovelace', preferred_username: 'ada.l', ...claims };
};

type Browser = FlowBrowser;

async function start(as: TestUser | null = null): Promise<{ browser: Browser; authorizationUrl: string }> {
  const ip = nextClientIp();
  const response = await ctx.app.inject({
    method: 'POST',
    url: as ? '/api/v1/user/linked-identities/test/link' : '/api/v1/sign-in/oidc/test/start',
    payload: { return_to: '/library' },
    headers: as ? authHeader(as) : {},
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = String(response.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return { browser: { cookie: setCookie.split(';')[0]!, ip }, authorizationUrl: response.json().data.result.authorization_url };
}

const arrive = (callbackUrl: URL, browser: Browser | null) => arriveAtCallback(ctx, callbackUrl, browser);

/** The whole way: start, the provider (signed in as `who`), back at the site. */
async function signInWith(who: TestOidcAccount, as: TestUser | null = null) {
  const { browser, authorizationUrl } = await start(as);
  const url = new URL(authorizationUrl);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('nonce')).toBeTruthy();
  await provider.signInAs(who);
  const callbackUrl = await provider.visit(authorizationUrl, CALLBACK);
  return { browser, callbackUrl, finish: await arrive(callbackUrl, browser) };
}

const step = (url: string, browser: Browser | null, payload: Record<string, unknown>) => externalStep(ctx, url, browser, payload);

const linksOf = (userId: number) => ctx.db.selectFrom('linked_identities').selectAll().where('user_id', '=', userId).execute();
const signInsOf = (userId: number) =>
  ctx.db.selectFrom('sign_in_events').select(['method', 'provider']).where('user_id', '=', userId).execute();

describe('signing in with an OpenID provider', () => {
  it('is offered in the public config', async () => {
    const config = (await callApi(ctx, 'GET', '/config/public', null)).json().data.result;
    const all = ['zh-cn', 'en-us', 'fr-fr', 'es-es', 'ar-sa'];
    // The sandbox's WeChat stands in first (no real WeChat login here), then the OpenID providers.
    expect(config.sign_in_providers).toEqual([
      { id: 'wechat', name: 'WeChat', method: 'wechat', languages: all, sandbox: true },
      { id: 'test', name: 'Test ID', method: 'oidc', languages: all, sandbox: false },
    ]);
  });

  it('makes an account at the first sign-in (the reader chooses the name), and signs in to it at the next', async () => {
    const who = account({ email: `ada${subjects}@example.org`, email_verified: true });
    const first = await signInWith(who);
    const result = first.finish.get('result')!;
    expect(result).toBeTruthy();
    const outcome = await step('result', first.browser, { result });
    expect(outcome.statusCode, outcome.body).toBe(200);
    expect(outcome.json().data.result).toMatchObject({
      status: 'choose_username',
      provider: 'test',
      provider_name: 'Test ID',
      login: null,
      proposed_username: 'adal',
      return_to: '/library',
    });
    // The name is checked like any registration's: taken, refused, and the result still works.
    const taken = await createUser(ctx);
    const refused = await step('create-account', first.browser, { result, username: taken.username });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('USERNAME_TAKEN');
    const username = `ada${subjects}x`;
    const created = await step('create-account', first.browser, { result, username });
    expect(created.statusCode, created.body).toBe(200);
    const login = created.json().data;
    expect(login.username).toBe(username);
    // Used up: the same result makes no second account.
    expect((await step('create-account', first.browser, { result, username: `${username}b` })).json().code).toBe('EXTERNAL_RESULT_INVALID');
    const me = (await callApi(ctx, 'GET', '/user/me', { token: login.jwt_token })).json().data.result;
    expect(me).toMatchObject({ username, email: who.email, email_confirmed: true });
    const user = await ctx.db.selectFrom('users').select(['id', 'password_hash']).where('uuid', '=', login.uuid).executeTakeFirstOrThrow();
    // No password: the password login refuses every guess, the empty one included.
    expect(user.password_hash).toBe('');
    expect((await callApi(ctx, 'POST', '/user/login', null, { username, password: 'anything' })).statusCode).toBe(401);
    expect(await signInsOf(user.id)).toEqual([{ method: 'oidc', provider: 'test' }]);

    const second = await signInWith(who);
    const again = await step('result', second.browser, { result: second.finish.get('result') });
    expect(again.json().data.result).toMatchObject({ status: 'signed_in', login: { uuid: login.uuid, username } });
    expect(await signInsOf(user.id)).toHaveLength(2);
    const [link] = await linksOf(user.id);
    expect(link).toMatchObject({ provider: 'test', subject: who.sub, email: who.email, email_verified: 1 });
    expect(link!.last_used_at).not.toBeNull();
    // The result works once, and only in the browser that started.
    expect((await step('result', second.browser, { result: second.finish.get('result') })).json().code).toBe('EXTERNAL_RESULT_INVALID');
  });

  it('refuses the result in another browser (no cookie of the flow)', async () => {
    const { finish } = await signInWith(account());
    const elsewhere = await step('result', null, { result: finish.get('result') });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('EXTERNAL_RESULT_INVALID');
  });

  it('links a provider to the signed-in reader, signs in with it, and unlinks it with the password', async () => {
    const reader = await createUser(ctx);
    const who = account();
    const linked = await signInWith(who, reader);
    const outcome = await step('result', linked.browser, { result: linked.finish.get('result') });
    expect(outcome.json().data.result).toMatchObject({ status: 'linked', login: null });
    const listed = (await callApi(ctx, 'GET', '/user/linked-identities', reader)).json().data.result;
    expect(listed).toMatchObject({ has_password: true, identities: [{ provider: 'test', provider_name: 'Test ID', last_used_at: null }] });

    const signedIn = await signInWith(who);
    expect((await step('result', signedIn.browser, { result: signedIn.finish.get('result') })).json().data.result).toMatchObject({
      status: 'signed_in',
      login: { uuid: reader.uuid },
    });

    // The same provider account cannot be linked to a second reader.
    const other = await createUser(ctx);
    expect((await signInWith(who, other)).finish.get('error')).toBe('EXTERNAL_IDENTITY_TAKEN');

    const id = listed.identities[0].id;
    const wrong = await callApi(ctx, 'POST', '/user/linked-identities/unlink', reader, { id, current_password: 'not-it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const someoneElses = await callApi(ctx, 'POST', '/user/linked-identities/unlink', other, { id, current_password: other.password });
    expect(someoneElses.statusCode).toBe(404);
    const unlinked = await callApi(ctx, 'POST', '/user/linked-identities/unlink', reader, { id, current_password: reader.password });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(await linksOf(reader.id)).toEqual([]);
  });

  it('never unlinks the only way into an account without a password', async () => {
    const { browser, finish } = await signInWith(account());
    const result = finish.get('result')!;
    await step('result', browser, { result });
    const login = (await step('create-account', browser, { result, username: `solo${subjects}` })).json().data;
    const [link] = await ctx.db
      .selectFrom('linked_identities')
      .innerJoin('users', 'users.id', 'linked_identities.user_id')
      .select('linked_identities.id')
      .where('users.uuid', '=', login.uuid)
      .execute();
    const refused = await callApi(
      ctx,
      'POST',
      '/user/linked-identities/unlink',
      { token: login.jwt_token },
      { id: link!.id, current_password: 'x' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EXTERNAL_LAST_SIGN_IN_WAY');
  });

  it('refuses a wrong state, an answer without the browser’s cookie, and a replayed code', async () => {
    const { browser, callbackUrl } = await (async () => {
      const started = await start();
      await provider.signInAs(account());
      return { browser: started.browser, callbackUrl: await provider.visit(started.authorizationUrl, CALLBACK) };
    })();
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'not-the-state-of-any-sign-in');
    expect((await arrive(forged, browser)).get('error')).toBe('EXTERNAL_STATE_MISMATCH');
    expect((await arrive(callbackUrl, null)).get('error')).toBe('EXTERNAL_STATE_MISMATCH');
    expect((await arrive(callbackUrl, browser)).get('result')).toBeTruthy();
    // The same answer again: the state is used up.
    expect((await arrive(callbackUrl, browser)).get('error')).toBe('EXTERNAL_STATE_MISMATCH');
    // The used code with a fresh flow's state: the provider refuses it (used, and not this flow's PKCE).
    const fresh = await start();
    const freshState = new URL(fresh.authorizationUrl).searchParams.get('state')!;
    const replayed = new URL(callbackUrl);
    replayed.searchParams.set('state', freshState);
    expect((await arrive(replayed, fresh.browser)).get('error')).toBe('EXTERNAL_PROVIDER_ERROR');
  });

  it('refuses an expired ID token', async () => {
    // The provider's clock an hour behind: its ID token (5 minutes) expired long before the site reads it.
    await provider.setClock(-3600);
    try {
      const { finish } = await signInWith(account());
      expect(finish.get('error')).toBe('EXTERNAL_PROVIDER_ERROR');
    } finally {
      await provider.setClock(0);
    }
  });

  it('refuses a flow older than 10 minutes', async () => {
    const started = await start();
    await provider.signInAs(account());
    const callbackUrl = await provider.visit(started.authorizationUrl, CALLBACK);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    try {
      expect((await arrive(callbackUrl, started.browser)).get('error')).toBe('EXTERNAL_FLOW_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('an unverified address that matches an account neither links nor signs in to it', async () => {
    const owner = await createUserWithEmail(ctx);
    const before = await signInsOf(owner.id);
    const { finish } = await signInWith(account({ email: owner.email.toUpperCase(), email_verified: false }));
    expect(finish.get('error')).toBe('EXTERNAL_EMAIL_UNVERIFIED');
    expect(await linksOf(owner.id)).toEqual([]);
    expect(await signInsOf(owner.id)).toEqual(before);
  });

  it('a verified address that matches an account links only with that account’s password', async () => {
    const owner = await createUserWithEmail(ctx);
    const before = await signInsOf(owner.id);
    const who = account({ email: owner.email, email_verified: true });
    const { browser, finish } = await signInWith(who);
    const result = finish.get('result')!;
    const outcome = (await step('result', browser, { result })).json().data.result;
    expect(outcome).toMatchObject({ status: 'link_with_password', login: null, email: owner.email });
    // Nothing linked, nobody signed in, until the password.
    expect(await linksOf(owner.id)).toEqual([]);
    expect(await signInsOf(owner.id)).toEqual(before);
    const wrong = await step('link-with-password', browser, { result, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect(await linksOf(owner.id)).toEqual([]);
    // A second sign-in with the same provider account still links nothing by itself.
    const again = await signInWith(who);
    expect((await step('result', again.browser, { result: again.finish.get('result') })).json().data.result.status).toBe(
      'link_with_password',
    );
    const proven = await step('link-with-password', browser, { result, password: owner.password });
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json().data.uuid).toBe(owner.uuid);
    expect(await linksOf(owner.id)).toHaveLength(1);
  });

  it('still asks the two-step code of an account with two-step sign-in on', async () => {
    const reader = await createUser(ctx);
    const { secret } = await enableTwoStep(ctx, reader);
    const who = account();
    const linked = await signInWith(who, reader);
    await step('result', linked.browser, { result: linked.finish.get('result') });
    const { browser, finish } = await signInWith(who);
    const result = finish.get('result')!;
    const outcome = (await step('result', browser, { result })).json().data.result;
    expect(outcome).toMatchObject({ status: 'totp_required', login: null });
    // Asking again gives no session either: the code is the only way on.
    expect((await step('result', browser, { result })).json().data.result).toMatchObject({ status: 'totp_required', login: null });
    const wrong = await step('two-step', browser, { result, totp_code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_TOTP');
    const right = await step('two-step', browser, { result, totp_code: await totpCodeAt(secret, 1) });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.uuid).toBe(reader.uuid);
  });

  it('the console lists a reader’s linked providers and unlinks one, audited', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const reader = await createUser(ctx);
    const linked = await signInWith(account({ email: 'reader@example.net', email_verified: true }), reader);
    await step('result', linked.browser, { result: linked.finish.get('result') });
    const listed = await callApi(ctx, 'GET', `/admin/users/${reader.uuid}/linked-identities`, admin);
    expect(listed.statusCode, listed.body).toBe(200);
    const [link] = listed.json().data.result;
    expect(link).toMatchObject({ provider: 'test', provider_name: 'Test ID', email: 'reader@example.net' });
    expect((await callApi(ctx, 'GET', `/admin/users/${reader.uuid}/linked-identities`, reader)).statusCode).toBe(403);
    const unlinked = await callApi(ctx, 'POST', `/admin/users/${reader.uuid}/linked-identities/${link.id}/unlink`, admin, {
      reason: 'provider account reported stolen',
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json().data.result).toEqual([]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.unlink_provider')
      .where('target_id', '=', reader.uuid)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({ reason: 'provider account reported stolen' });
    expect(JSON.parse(audit.before_json!)).toMatchObject({ provider: 'test' });
    expect(JSON.stringify(audit)).not.toContain('reader@example.net');
  });

  it('links and flows go with the account', async () => {
    const reader = await createUser(ctx);
    const linked = await signInWith(account(), reader);
    await step('result', linked.browser, { result: linked.finish.get('result') });
    await start(reader);
    await eraseAccountNow(ctx, reader);
    expect(await linksOf(reader.id)).toEqual([]);
    const flows = await ctx.db.selectFrom('external_sign_in_flows').select('id').where('user_id', '=', reader.id).execute();
    expect(flows).toEqual([]);
  });
});
