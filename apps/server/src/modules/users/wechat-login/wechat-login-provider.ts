import type { ExternalIdentity, ExternalProvider, ProviderFailure } from '../external-sign-in.js';
import { WECHAT_PROVIDER_ID } from '../oidc-config.js';
import { WechatLoginError, type WechatLoginClient } from './wechat-login-client.js';
import { WECHAT_CALLBACK_PATH } from './wechat-login-config.js';

const failure = (kind: ProviderFailure['kind'], cause: unknown): ProviderFailure => ({ kind, cause });

/**
 * Issue 60: WeChat website login as an ExternalProvider, so it follows the same flow, links and
 * linking rules as an OpenID provider (external-sign-in.service.ts). WeChat's OAuth has no nonce
 * or PKCE: the state (checked by the service, tied to the browser's cookie, used once) is its CSRF
 * guard, and the code is exchanged server to server with the AppSecret. WeChat gives no e-mail,
 * so a WeChat sign-in never meets an account by its address: it signs in the linked account or
 * makes a new one.
 */
export function createWechatProvider(client: WechatLoginClient, publicUrl: string): ExternalProvider {
  const redirectUri = `${publicUrl}${WECHAT_CALLBACK_PATH}`;
  return {
    id: WECHAT_PROVIDER_ID,
    method: 'wechat',
    name: 'WeChat',
    redirectUri,

    async authorizationUrl(flow) {
      return new URL(client.authorizationUrl(redirectUri, flow.state));
    },

    async finish(query): Promise<ExternalIdentity> {
      const code = query.get('code');
      // "用户禁止授权，则不会发生重定向" / comes back with the state alone: the reader declined.
      if (code === null || code === '') throw failure('cancelled', new Error('WeChat came back without a code'));
      if (code.length > 256) throw failure('refused', new Error('WeChat code too long'));
      try {
        const who = await client.identify(code);
        return { subject: who.subject, email: null, emailVerified: false, name: who.nickname, preferredUsername: who.nickname };
      } catch (error) {
        const unreachable = error instanceof WechatLoginError && (error.code === 'NETWORK_ERROR' || /^HTTP_5/.test(error.code));
        throw failure(unreachable ? 'unavailable' : 'refused', error);
      }
    },
  };
}
