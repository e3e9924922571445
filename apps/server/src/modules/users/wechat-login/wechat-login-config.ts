import { ConfigError, readUrl, type Env } from '../../../lib/config-error.js';

/** WeChat website login (网站应用微信登录, OAuth 2.0 `snsapi_login`, issue 60); null unless configured. */
export interface WechatLoginConfig {
  /** The website application's AppID at open.weixin.qq.com (not the WeChat Pay app). */
  readonly appId: string;
  readonly appSecret: string;
  /** Key accounts by `unionid` (the operator's apps share it) instead of this app's `openid`. */
  readonly useUnionId: boolean;
  /** Where the browser goes to scan (tests and the sandbox point it elsewhere). */
  readonly openBase: string;
  /** Where the server exchanges the code (tests point it at a local fake). */
  readonly apiBase: string;
}

/** The path WeChat sends the browser back to (its domain is the 授权回调域 the operator registers). */
export const WECHAT_CALLBACK_PATH = '/api/v1/sign-in/wechat/callback';

const HTTP = ['http:', 'https:'] as const;

/**
 * WECHAT_LOGIN_APPID and WECHAT_LOGIN_SECRET, both or neither; WECHAT_LOGIN_UNIONID=on keys
 * accounts by unionid; WECHAT_LOGIN_OPEN_BASE / _API_BASE move WeChat's hosts (tests only).
 */
export function readWechatLoginConfig(env: Env, isProduction: boolean): WechatLoginConfig | null {
  const appId = (env.WECHAT_LOGIN_APPID ?? '').trim();
  const appSecret = (env.WECHAT_LOGIN_SECRET ?? '').trim();
  if (appId === '' && appSecret === '') return null;
  if (!/^wx[0-9a-f]{16}$/i.test(appId)) throw new ConfigError('WECHAT_LOGIN_APPID must be the website application AppID (wx + 16 hex)');
  if (!/^[0-9a-zA-Z]{32}$/.test(appSecret))
    throw new ConfigError('WECHAT_LOGIN_SECRET must be the 32-character AppSecret; set both or neither');
  const unionId = (env.WECHAT_LOGIN_UNIONID ?? 'off').trim();
  if (unionId !== 'on' && unionId !== 'off') throw new ConfigError('WECHAT_LOGIN_UNIONID must be on or off');
  const openBase = (readUrl(env, 'WECHAT_LOGIN_OPEN_BASE', HTTP) ?? 'https://open.weixin.qq.com').replace(/\/+$/, '');
  const apiBase = (readUrl(env, 'WECHAT_LOGIN_API_BASE', HTTP) ?? 'https://api.weixin.qq.com').replace(/\/+$/, '');
  if (isProduction && (!openBase.startsWith('https://') || !apiBase.startsWith('https://'))) {
    throw new ConfigError('WECHAT_LOGIN_OPEN_BASE and WECHAT_LOGIN_API_BASE must be https:// in production');
  }
  return Object.freeze({ appId, appSecret, useUnionId: unionId === 'on', openBase, apiBase });
}
