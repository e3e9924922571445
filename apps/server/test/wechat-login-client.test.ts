import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWechatLoginConfig } from '../src/modules/users/wechat-login/wechat-login-config.js';
import { createWechatLoginClient, WechatLoginError } from '../src/modules/users/wechat-login/wechat-login-client.js';
import { LOGIN_APP_ID, startFakeWechatLogin, type FakeWechatLogin } from './helpers/fake-wechat-login.js';

/** Issue 60: the WeChat website login client against the local fake of WeChat's OAuth endpoints. */
let fake: FakeWechatLogin;
beforeAll(async () => {
  fake = await startFakeWechatLogin();
});
afterAll(() => fake?.close());

const clientWith = (env: Record<string, string> = {}) => createWechatLoginClient(readWechatLoginConfig({ ...fake.env(), ...env }, false)!);

describe('WeChat website login', () => {
  it('sends the browser to the snsapi_login QR page and identifies the scanner by openid, or unionid when asked', async () => {
    const client = clientWith();
    const url = new URL(client.authorizationUrl('https://comics.example.com/api/v1/auth/wechat/callback', 'st4te'));
    expect(url.pathname).toBe('/connect/qrconnect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: LOGIN_APP_ID,
      redirect_uri: 'https://comics.example.com/api/v1/auth/wechat/callback',
      response_type: 'code',
      scope: 'snsapi_login',
      state: 'st4te',
    });
    expect(url.hash).toBe('#wechat_redirect');
    const reader = fake.newUser('小明');
    expect(await client.identify(fake.issueCode(reader))).toEqual({
      subject: reader.openid,
      openid: reader.openid,
      unionid: reader.unionid,
      nickname: '小明',
    });
    const byUnion = clientWith({ WECHAT_LOGIN_UNIONID: 'on' });
    expect((await byUnion.identify(fake.issueCode(reader))).subject).toBe(reader.unionid);
  });

  it('refuses a replayed code, an expired one, an unknown one and a wrong secret', async () => {
    const client = clientWith();
    const reader = fake.newUser();
    const code = fake.issueCode(reader);
    await client.identify(code);
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error instanceof WechatLoginError ? error.code : 'other'),
      );
    expect(await refusal(client.identify(code))).toBe('40163');
    expect(await refusal(client.identify(fake.issueCode(reader, -1)))).toBe('42003');
    expect(await refusal(client.identify('0nosuchcode'))).toBe('40029');
    expect(await refusal(clientWith({ WECHAT_LOGIN_SECRET: 'f'.repeat(32) }).identify(fake.issueCode(reader)))).toBe('40125');
    expect(await refusal(clientWith({ WECHAT_LOGIN_UNIONID: 'on' }).identify(fake.issueCode({ ...reader, unionid: null })))).toBe(
      'NO_UNIONID',
    );
  });

  it('is configured by both settings or neither', () => {
    expect(readWechatLoginConfig({}, false)).toBeNull();
    expect(() => readWechatLoginConfig({ WECHAT_LOGIN_APPID: LOGIN_APP_ID }, false)).toThrow(/WECHAT_LOGIN_SECRET/);
    expect(() => readWechatLoginConfig({ ...fake.env(), WECHAT_LOGIN_APPID: 'nope' }, false)).toThrow(/WECHAT_LOGIN_APPID/);
    expect(() => readWechatLoginConfig(fake.env(), true)).toThrow(/https/);
  });
});
