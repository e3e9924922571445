import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for WeChat website login (open.weixin.qq.com's qrconnect page and
 * api.weixin.qq.com's sns endpoints), at the protocol level: the QR page answers with a redirect
 * to the redirect_uri carrying a one-use code and the state, as WeChat does once the scanner
 * confirms on their phone; codes expire (5 minutes) and work once (errcode 40163 after), a wrong
 * secret is errcode 40125, access tokens are checked by userinfo.
 */
export const LOGIN_APP_ID = 'wx0123456789abcdef';
export const LOGIN_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

export interface FakeWechatUser {
  openid: string;
  unionid: string | null;
  nickname: string;
}

export async function startFakeWechatLogin() {
  const codes = new Map<string, { user: FakeWechatUser; expiresAt: number; used: boolean }>();
  const tokens = new Map<string, FakeWechatUser>();
  /** Who scans the next QR code (the phone in the reader's hand); null: the scanner declines. */
  let scanner: FakeWechatUser | null = null;
  const hex = (n: number) => randomBytes(n).toString('hex');

  const json = (response: ServerResponse, body: object): void =>
    void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  function route(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://fake');
    const q = (name: string) => url.searchParams.get(name) ?? '';
    if (url.pathname === '/connect/qrconnect') {
      // The QR page: the scanner confirms (or declines) on their phone; WeChat sends the browser back.
      const redirect = new URL(q('redirect_uri'));
      if (q('appid') !== LOGIN_APP_ID || q('scope') !== 'snsapi_login' || q('response_type') !== 'code') {
        return void response.writeHead(400).end('invalid qrconnect request');
      }
      if (scanner) {
        const code = `0${hex(15)}`;
        codes.set(code, { user: scanner, expiresAt: Date.now() + 300_000, used: false });
        redirect.searchParams.set('code', code);
      }
      redirect.searchParams.set('state', q('state'));
      return void response.writeHead(302, { location: redirect.toString() }).end();
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q('appid') !== LOGIN_APP_ID || q('secret') !== LOGIN_SECRET)
        return json(response, { errcode: 40125, errmsg: 'invalid appsecret' });
      if (q('grant_type') !== 'authorization_code') return json(response, { errcode: 40002, errmsg: 'invalid grant_type' });
      const entry = codes.get(q('code'));
      if (!entry) return json(response, { errcode: 40029, errmsg: 'invalid code' });
      if (entry.used) return json(response, { errcode: 40163, errmsg: 'code been used' });
      if (entry.expiresAt < Date.now()) return json(response, { errcode: 42003, errmsg: 'code expired' });
      entry.used = true;
      const accessToken = hex(24);
      tokens.set(accessToken, entry.user);
      return json(response, {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: hex(24),
        openid: entry.user.openid,
        scope: 'snsapi_login',
        ...(entry.user.unionid ? { unionid: entry.user.unionid } : {}),
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const user = tokens.get(q('access_token'));
      if (!user || user.openid !== q('openid')) return json(response, { errcode: 40001, errmsg: 'invalid credential' });
      return json(response, {
        openid: user.openid,
        nickname: user.nickname,
        sex: 0,
        province: '',
        city: '',
        country: 'CN',
        headimgurl: '',
        privilege: [],
        ...(user.unionid ? { unionid: user.unionid } : {}),
      });
    }
    response.writeHead(404).end();
  }

  const server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    env: (): Record<string, string> => ({
      WECHAT_LOGIN_APPID: LOGIN_APP_ID,
      WECHAT_LOGIN_SECRET: LOGIN_SECRET,
      WECHAT_LOGIN_OPEN_BASE: baseUrl,
      WECHAT_LOGIN_API_BASE: baseUrl,
    }),
    /** A new WeChat user (their openid for this app; a unionid shared across the operator's apps). */
    newUser(nickname = '读者'): FakeWechatUser {
      return { openid: `o${hex(14)}`, unionid: `u${hex(14)}`, nickname };
    },
    /** Who confirms the next scan; null makes the next scan a refusal (no code). */
    scanAs(user: FakeWechatUser | null) {
      scanner = user;
    },
    /** A code for `user` without going through the page (a replay or expiry case). */
    issueCode(user: FakeWechatUser, expiresInMs = 300_000): string {
      const code = `0${hex(15)}`;
      codes.set(code, { user, expiresAt: Date.now() + expiresInMs, used: false });
      return code;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeWechatLogin = Awaited<ReturnType<typeof startFakeWechatLogin>>;
