import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { pagePath } from '@inkstream/contracts';
import { WECHAT_CALLBACK_PATH } from './wechat-login-config.js';
import { WechatLoginError, type WechatIdentity, type WechatLoginClient } from './wechat-login-client.js';

/** A sandbox code is good for as long as WeChat's (5 minutes). */
const CODE_TTL_MS = 5 * 60_000;

export interface SandboxWechatLogin extends WechatLoginClient {
  /**
   * The sandbox page's "allow" (a nickname) or "decline" (null): where WeChat would send the
   * browser, the callback with a code and the state, or the state alone.
   */
  scan(state: string, nickname: string | null): string;
}

/**
 * Issue 60: the sandbox's stand-in for WeChat website login, so a newcomer's `npm start` can try
 * the whole journey (SIGN_IN_SANDBOX, never in production). The QR page is the web app's
 * /sandbox/wechat-login; "scanning" there as a nickname gives a code, signed with a key derived
 * from the server's secret, so any node can check it; the same nickname is the same WeChat user
 * (openid from its hash). Everything after the code (the flow's state and cookie, used once; the
 * links and rules) is the real code path.
 */
export function createSandboxWechatLogin(options: { publicUrl: string; secret: string; now?: () => number }): SandboxWechatLogin {
  const now = options.now ?? (() => Date.now());
  const key = createHmac('sha256', options.secret).update('inkstream sandbox wechat login').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const redirectUri = `${options.publicUrl}${WECHAT_CALLBACK_PATH}`;

  return {
    authorizationUrl(_redirectUri, state) {
      return `${options.publicUrl}${pagePath.sandboxWechatLogin(state)}`;
    },

    scan(state, nickname) {
      const target = new URL(redirectUri);
      if (nickname !== null) {
        const name = nickname.normalize('NFC').trim();
        const openid = `sandbox-${createHash('sha256').update(name.toLowerCase()).digest('hex').slice(0, 24)}`;
        const payload = Buffer.from(JSON.stringify({ o: openid, n: name, e: now() + CODE_TTL_MS })).toString('base64url');
        target.searchParams.set('code', `${payload}.${sign(payload)}`);
      }
      target.searchParams.set('state', state);
      return target.toString();
    },

    async identify(code): Promise<WechatIdentity> {
      const [payload = '', signature = ''] = code.split('.');
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new WechatLoginError('40029', 'invalid code');
      let claims: { o?: unknown; n?: unknown; e?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
      } catch {
        throw new WechatLoginError('40029', 'invalid code');
      }
      if (typeof claims.o !== 'string' || typeof claims.n !== 'string' || typeof claims.e !== 'number')
        throw new WechatLoginError('40029', 'invalid code');
      if (claims.e < now()) throw new WechatLoginError('42003', 'code expired');
      return { subject: claims.o, openid: claims.o, unionid: null, nickname: claims.n };
    },
  };
}
