import type { WechatLoginConfig } from './wechat-login-config.js';

const REQUEST_TIMEOUT_MS = 10_000;

/** WeChat refused (an `errcode` answer) or did not answer; `code` is WeChat's errcode or NETWORK_ERROR. */
export class WechatLoginError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Who signed in, as WeChat says: the key we link by, and what the profile shows. */
export interface WechatIdentity {
  /** `unionid` when the operator keys by it (and WeChat gave one), else `openid`. */
  subject: string;
  openid: string;
  unionid: string | null;
  nickname: string | null;
}

export interface WechatLoginClient {
  /** The QR page (qrconnect, scope snsapi_login) the browser is sent to; WeChat comes back with code and state. */
  authorizationUrl(redirectUri: string, state: string): string;
  /** Exchanges the one-time code for the reader's identity (sns/oauth2/access_token, then sns/userinfo). */
  identify(code: string): Promise<WechatIdentity>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : null);

/**
 * WeChat website login over fetch (网站应用微信登录). OAuth 2.0 with the AppSecret, over TLS to
 * api.weixin.qq.com: WeChat signs nothing here, so every answer is read field by field and
 * anything unexpected is a refusal. The state (CSRF) and the one-use flow are the caller's.
 */
export function createWechatLoginClient(config: WechatLoginConfig, options: { fetch?: typeof fetch } = {}): WechatLoginClient {
  const fetchImpl = options.fetch ?? fetch;

  async function get(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetchImpl(`${config.apiBase}${path}?${new URLSearchParams(query).toString()}`, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new WechatLoginError('NETWORK_ERROR', `WeChat did not answer: ${(error as Error).message}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch {
      body = null;
    }
    if (!response.ok || !isRecord(body))
      throw new WechatLoginError(`HTTP_${response.status}`, `WeChat answered ${path} with HTTP ${response.status}`);
    if (body.errcode !== undefined && body.errcode !== 0) {
      throw new WechatLoginError(
        String(body.errcode),
        `WeChat refused ${path}: ${String(body.errcode)} ${String(body.errmsg ?? '').slice(0, 200)}`,
      );
    }
    return body;
  }

  return {
    authorizationUrl(redirectUri, state) {
      const query = new URLSearchParams({
        appid: config.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      });
      return `${config.openBase}/connect/qrconnect?${query.toString()}#wechat_redirect`;
    },

    async identify(code) {
      const token = await get('/sns/oauth2/access_token', {
        appid: config.appId,
        secret: config.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const accessToken = str(token.access_token);
      const openid = str(token.openid);
      if (!accessToken || !openid || token.scope !== 'snsapi_login') {
        throw new WechatLoginError('BAD_ANSWER', 'WeChat answered the code without access_token, openid or the snsapi_login scope');
      }
      const info = await get('/sns/userinfo', { access_token: accessToken, openid, lang: 'zh_CN' });
      if (info.openid !== openid) throw new WechatLoginError('BAD_ANSWER', 'WeChat answered userinfo for another openid');
      const unionid = str(info.unionid) ?? str(token.unionid);
      if (config.useUnionId && !unionid) throw new WechatLoginError('NO_UNIONID', 'WeChat gave no unionid, but accounts are keyed by it');
      return { subject: config.useUnionId ? unionid! : openid, openid, unionid, nickname: str(info.nickname) };
    },
  };
}
