import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config.js';
import { authHeader, callApi, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { startFakeWechatLogin, type FakeWechatLogin, type FakeWechatUser } from './helpers/fake-wechat-login.js';
import { arriveAtCallback, externalStep, type FlowBrowser } from './helpers/provider-flow.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { enableTwoStep, totpCodeAt } from './helpers/two-step.js';

/**
 * Issue 60: WeChat website login (snsapi_login) through the site's flow, against the local fake
 * of WeChat's OAuth endpoints (the QR page, the code exchange, userinfo); and the sandbox that
 * stands in for it in development. The linking rules are the OpenID ones (oidc-sign-in.test.ts):
 * a link is made on WeChat's openid (or unionid), and WeChat gives no address to meet an account by.
 */
const PUBLIC_URL = 'http://inkstream.test';
const CALLBACK = `${PUBLIC_URL}/api/v1/sign-in/wechat/callback`;

let fake: FakeWechatLogin;
let ctx: TestContext;
let sandbox: TestContext;
beforeAll(async () => {
  fake = await startFakeWechatLogin();
  ctx = await createTestContext({ PUBLIC_URL, ...fake.env() });
  sandbox = await createTestContext({ PUBLIC_URL });
}, 30_000);
afterAll(async () => {
  await ctx?.close();
  await sandbox?.close();
  await fake?.close();
});

type Browser = FlowBrowser;

async function start(on: TestContext, as: TestUser | null = null): Promise<{ browser: Browser; authorizationUrl: string }> {
  const ip = nextClientIp();
  const response = await on.app.inject({
    method: 'POST',
    url: as ? '/api/v1/user/linked-identities/wechat/link' : '/api/v1/sign-in/wechat/start',
    payload: {},
    headers: as ? authHeader(as) : {},
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    browser: { cookie: String(response.headers['set-cookie']).split(';')[0]!, ip },
    authorizationUrl: response.json().data.result.authorization_url,
  };
}

/** The browser on WeChat's QR page while `who` scans and confirms (null: declines): where WeChat sends it. */
async function scanAtFake(authorizationUrl: string, who: FakeWechatUser | null): Promise<URL> {
  fake.scanAs(who);
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

function arrive(on: TestContext, callbackUrl: URL, browser: Browser | null): Promise<URLSearchParams> {
  expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(CALLBACK);
  return arriveAtCallback(on, callbackUrl, browser);
}

const step = externalStep;

async function signInWith(who: FakeWechatUser | null, as: TestUser | null = null) {
  const { browser, authorizationUrl } = await start(ctx, as);
  const callbackUrl = await scanAtFake(authorizationUrl, who);
  return { browser, callbackUrl, finish: await arrive(ctx, callbackUrl, browser) };
}

const signInsOf = (on: TestContext, uuid: string) =>
  on.db
    .selectFrom('sign_in_events')
    .innerJoin('users', 'users.id', 'sign_in_events.user_id')
    .select(['sign_in_events.method', 'sign_in_events.provider'])
    .where('users.uuid', '=', uuid)
    .execute();

describe('signing in with WeChat (the real website login, against the fake)', () => {
  it('is offered first in the public config, not as the sandbox', async () => {
    const config = (await callApi(ctx, 'GET', '/config/public', null)).json().data.result;
    expect(config.sign_in_providers).toEqual([
      { id: 'wechat', name: 'WeChat', method: 'wechat', languages: ['zh-cn', 'en-us', 'fr-fr', 'es-es', 'ar-sa'], sandbox: false },
    ]);
    // The sandbox's scan does not exist beside the real WeChat login.
    const scan = await callApi(ctx, 'POST', '/sign-in/wechat/sandbox/scan', null, { state: 'a'.repeat(43), nickname: 'x' });
    expect(scan.statusCode).toBe(404);
  });

  it('sends the browser to the snsapi_login QR page, makes an account at the first scan and signs in to it at the next', async () => {
    const { authorizationUrl } = await start(ctx);
    const page = new URL(authorizationUrl);
    expect(`${page.origin}${page.pathname}`).toBe(`${fake.baseUrl}/connect/qrconnect`);
    expect(page.searchParams.get('scope')).toBe('snsapi_login');
    expect(page.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(page.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reader = fake.newUser('小明同学');
    const first = await signInWith(reader);
    const result = first.finish.get('result')!;
    const outcome = (await step(ctx, 'result', first.browser, { result })).json().data.result;
    expect(outcome).toMatchObject({
      status: 'choose_username',
      provider: 'wechat',
      provider_name: 'WeChat',
      proposed_username: '小明同学',
    });
    const username = `微信${Date.now() % 100000}`;
    const created = await step(ctx, 'create-account', first.browser, { result, username });
    expect(created.statusCode, created.body).toBe(200);
    const { uuid } = created.json().data;

    const second = await signInWith(reader);
    const again = (await step(ctx, 'result', second.browser, { result: second.finish.get('result') })).json().data.result;
    expect(again.status).toBe('signed_in');
    expect(again.login.uuid).toBe(uuid);
    expect(await signInsOf(ctx, uuid)).toEqual([
      { method: 'wechat', provider: 'wechat' },
      { method: 'wechat', provider: 'wechat' },
    ]);
    // The security page says how: "signed in with WeChat".
    const events = (await callApi(ctx, 'GET', '/user/security/sign-ins', { token: again.login.jwt_token })).json().data.result;
    expect(events[0]).toMatchObject({ method: 'wechat', provider: 'wechat' });
  });

  it('a declined scan comes back without a code: cancelled, and no account', async () => {
    const before = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const declined = await signInWith(null);
    expect(declined.callbackUrl.searchParams.has('code')).toBe(false);
    expect(declined.finish.get('error')).toBe('EXTERNAL_CANCELLED');
    const after = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses an answer in another browser, a replayed answer, a forged code and a wrong state', async () => {
    const reader = fake.newUser('阿强');
    const { browser, authorizationUrl } = await start(ctx);
    const callbackUrl = await scanAtFake(authorizationUrl, reader);
    // Another browser (no cookie of the flow): refused, and the flow is not used up by it.
    expect((await arrive(ctx, callbackUrl, { cookie: 'inkstream_sign_in_flow=someone-else', ip: nextClientIp() })).get('error')).toBe(
      'EXTERNAL_STATE_MISMATCH',
    );
    expect((await arrive(ctx, callbackUrl, browser)).get('result')).toBeTruthy();
    // The same answer again: the state is used up.
    expect((await arrive(ctx, callbackUrl, browser)).get('error')).toBe('EXTERNAL_STATE_MISMATCH');

    // A code WeChat never gave, with a real state: WeChat refuses it (errcode 40029).
    const forged = await start(ctx);
    const state = new URL(forged.authorizationUrl).searchParams.get('state')!;
    const bad = new URL(CALLBACK);
    bad.search = new URLSearchParams({ code: '0forged', state }).toString();
    expect((await arrive(ctx, bad, forged.browser)).get('error')).toBe('EXTERNAL_PROVIDER_ERROR');

    // A code for a state this site never made.
    const stray = new URL(CALLBACK);
    stray.search = new URLSearchParams({ code: fake.issueCode(reader), state: 'x'.repeat(43) }).toString();
    expect((await arrive(ctx, stray, browser)).get('error')).toBe('EXTERNAL_STATE_MISMATCH');
  });

  it('links WeChat to a signed-in reader, who then signs in with it; one WeChat account links to one reader only', async () => {
    const reader = await createUser(ctx);
    const wechat = fake.newUser('书虫');
    const linked = await signInWith(wechat, reader);
    expect((await step(ctx, 'result', linked.browser, { result: linked.finish.get('result') })).json().data.result.status).toBe('linked');
    const list = (await callApi(ctx, 'GET', '/user/linked-identities', reader)).json().data.result;
    expect(list.identities).toMatchObject([{ provider: 'wechat', provider_name: 'WeChat', email: null }]);

    const signIn = await signInWith(wechat);
    const outcome = (await step(ctx, 'result', signIn.browser, { result: signIn.finish.get('result') })).json().data.result;
    expect(outcome).toMatchObject({ status: 'signed_in', login: { uuid: reader.uuid } });

    const other = await createUser(ctx);
    const taken = await signInWith(wechat, other);
    expect(taken.finish.get('error')).toBe('EXTERNAL_IDENTITY_TAKEN');
  });

  it('asks the two-step code of an account with two-step sign-in on', async () => {
    const reader = await createUser(ctx);
    const { secret } = await enableTwoStep(ctx, reader);
    const wechat = fake.newUser('二步');
    const linked = await signInWith(wechat, reader);
    await step(ctx, 'result', linked.browser, { result: linked.finish.get('result') });
    const { browser, finish } = await signInWith(wechat);
    const result = finish.get('result')!;
    expect((await step(ctx, 'result', browser, { result })).json().data.result).toMatchObject({ status: 'totp_required', login: null });
    const right = await step(ctx, 'two-step', browser, { result, totp_code: await totpCodeAt(secret, 1) });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.uuid).toBe(reader.uuid);
  });

  it('keys accounts by unionid when the operator asks, so the same person from another app of theirs is the same reader', async () => {
    const byUnion = await createTestContext({ PUBLIC_URL, ...fake.env(), WECHAT_LOGIN_UNIONID: 'on' });
    try {
      const reader = fake.newUser('联合');
      const started = await start(byUnion);
      const first = await arrive(byUnion, await scanAtFake(started.authorizationUrl, reader), started.browser);
      const created = await step(byUnion, 'create-account', started.browser, {
        result: first.get('result'),
        username: `union${Date.now() % 100000}`,
      });
      expect(created.statusCode, created.body).toBe(200);
      const link = await byUnion.db
        .selectFrom('linked_identities')
        .select('subject')
        .where('provider', '=', 'wechat')
        .executeTakeFirstOrThrow();
      expect(link.subject).toBe(reader.unionid);
      // Another app of the operator's: another openid, the same unionid.
      const sameOneElsewhere = { ...reader, openid: `${reader.openid}x` };
      const again = await start(byUnion);
      const second = await arrive(byUnion, await scanAtFake(again.authorizationUrl, sameOneElsewhere), again.browser);
      const outcome = (await step(byUnion, 'result', again.browser, { result: second.get('result') })).json().data.result;
      expect(outcome).toMatchObject({ status: 'signed_in', login: { uuid: created.json().data.uuid } });
    } finally {
      await byUnion.close();
    }
  });
});

describe('the sandbox standing in for WeChat login', () => {
  async function sandboxScan(browserStart: { browser: Browser; authorizationUrl: string }, nickname: string | null) {
    const page = new URL(browserStart.authorizationUrl);
    expect(`${page.origin}${page.pathname}`).toBe(`${PUBLIC_URL}/sandbox/wechat-login`);
    const state = page.searchParams.get('state')!;
    const scanned = await callApi(sandbox, 'POST', '/sign-in/wechat/sandbox/scan', null, { state, nickname });
    expect(scanned.statusCode, scanned.body).toBe(200);
    return arrive(sandbox, new URL(scanned.json().data.result.redirect_url), browserStart.browser);
  }

  it('is offered as the sandbox, and lets a newcomer make an account and sign in again as the same WeChat user', async () => {
    const config = (await callApi(sandbox, 'GET', '/config/public', null)).json().data.result;
    expect(config.sign_in_providers).toEqual([
      { id: 'wechat', name: 'WeChat', method: 'wechat', languages: ['zh-cn', 'en-us', 'fr-fr', 'es-es', 'ar-sa'], sandbox: true },
    ]);
    const nickname = `沙盒${Date.now() % 100000}`;
    const first = await start(sandbox);
    const finish = await sandboxScan(first, nickname);
    const result = finish.get('result')!;
    const outcome = (await step(sandbox, 'result', first.browser, { result })).json().data.result;
    expect(outcome).toMatchObject({ status: 'choose_username', provider: 'wechat', proposed_username: nickname });
    const created = await step(sandbox, 'create-account', first.browser, { result, username: nickname });
    expect(created.statusCode, created.body).toBe(200);

    const second = await start(sandbox);
    const back = await sandboxScan(second, nickname);
    const signedIn = (await step(sandbox, 'result', second.browser, { result: back.get('result') })).json().data.result;
    expect(signedIn).toMatchObject({ status: 'signed_in', login: { uuid: created.json().data.uuid } });

    const declined = await sandboxScan(await start(sandbox), null);
    expect(declined.get('error')).toBe('EXTERNAL_CANCELLED');
  });

  it('refuses a code it did not sign, and a scan body that is not the contract', async () => {
    const started = await start(sandbox);
    const state = new URL(started.authorizationUrl).searchParams.get('state')!;
    const scanned = await callApi(sandbox, 'POST', '/sign-in/wechat/sandbox/scan', null, { state, nickname: 'Mallory' });
    const url = new URL(scanned.json().data.result.redirect_url);
    const [payload] = url.searchParams.get('code')!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, o: 'sandbox-someone-else' })).toString('base64url');
    url.searchParams.set('code', `${forged}.${url.searchParams.get('code')!.split('.')[1]}`);
    expect((await arrive(sandbox, url, started.browser)).get('error')).toBe('EXTERNAL_PROVIDER_ERROR');

    for (const body of [{ state }, { state: 'short', nickname: 'x' }, { state, nickname: '' }, { state, nickname: 'x'.repeat(33) }]) {
      const refused = await callApi(sandbox, 'POST', '/sign-in/wechat/sandbox/scan', null, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('is refused in production, and is off beside the real WeChat login', () => {
    const base = { DATA_DIR: '/tmp/inkstream-config-test', JWT_SECRET: 'x'.repeat(40), MEDIA_SIGNING_SECRET: 'y'.repeat(40) };
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', SIGN_IN_SANDBOX: 'on', PUBLIC_URL: 'https://comics.example.com' })).toThrow(
      ConfigError,
    );
    expect(loadConfig({ ...base, PUBLIC_URL }).signInSandbox).toBe(true);
    expect(loadConfig({ ...base, PUBLIC_URL, SIGN_IN_SANDBOX: 'off' }).signInSandbox).toBe(false);
    expect(loadConfig({ ...base, PUBLIC_URL, ...fake.env() }).signInSandbox).toBe(false);
    expect(() => loadConfig({ ...base, PUBLIC_URL, OIDC_PROVIDERS: 'wechat' })).toThrow(/WeChat/);
  });
});
