import type { ExternalOutcome, LinkedIdentity, LoginResult } from '@inkstream/contracts';
import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { anonymousClient, client, data, result } from './api-fetch';

/**
 * Issue 60: signing in with WeChat or an OpenID provider. The calls that carry a flow's one-time result go
 * with the browser's cookie of the flow (same origin), which the server checks.
 */
export const externalSignInApi = {
  start: (provider: { id: string; method: 'oidc' | 'wechat' }, returnTo: string | null): Promise<{ authorization_url: string }> => {
    const body = returnTo ? { return_to: returnTo } : {};
    return provider.method === 'wechat'
      ? result(anonymousClient.POST('/api/v1/sign-in/wechat/start', { body }))
      : result(anonymousClient.POST('/api/v1/sign-in/oidc/{provider}/start', { params: { path: { provider: provider.id } }, body }));
  },
  /** The sandbox's WeChat QR page: "scan" as a nickname (null: decline); where WeChat would send the browser. */
  sandboxWechatScan: (state: string, nickname: string | null): Promise<{ redirect_url: string }> =>
    result(anonymousClient.POST('/api/v1/sign-in/wechat/sandbox/scan', { body: { state, nickname } })),
  outcome: (code: string): Promise<ExternalOutcome> =>
    result(anonymousClient.POST('/api/v1/sign-in/external/result', { body: { result: code } })),
  twoStep: (code: string, totpCode: string): Promise<LoginResult> =>
    data(anonymousClient.POST('/api/v1/sign-in/external/two-step', { body: { result: code, totp_code: totpCode } })),
  createAccount: (code: string, username: string, legal: { terms_version?: number; privacy_version?: number }): Promise<LoginResult> =>
    data(anonymousClient.POST('/api/v1/sign-in/external/create-account', { body: { result: code, username, ...legal } })),
  linkWithPassword: (code: string, password: string, totpCode?: string): Promise<LoginResult> =>
    data(
      anonymousClient.POST('/api/v1/sign-in/external/link-with-password', {
        body: { result: code, password, ...(totpCode ? { totp_code: totpCode } : {}) },
      }),
    ),
  linked: (): Promise<{ identities: LinkedIdentity[]; has_password: boolean }> => result(client.GET('/api/v1/user/linked-identities')),
  link: (provider: string): Promise<{ authorization_url: string }> =>
    result(
      client.POST('/api/v1/user/linked-identities/{provider}/link', {
        params: { path: { provider } },
        body: { return_to: PAGE_PATTERNS.profile },
      }),
    ),
  unlink: (id: number, currentPassword: string, totpCode?: string) =>
    result(
      client.POST('/api/v1/user/linked-identities/unlink', {
        body: { id, current_password: currentPassword, ...(totpCode ? { totp_code: totpCode } : {}) },
      }),
    ),
};
