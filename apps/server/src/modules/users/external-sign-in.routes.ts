import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorCode,
  ExternalCreateAccountBody,
  ExternalLinkWithPasswordBody,
  ExternalLoginResponse,
  ExternalOutcomeResponse,
  ExternalResultBody,
  ExternalStartBody,
  ExternalStartResponse,
  ExternalTwoStepBody,
  LinkedIdentitiesResponse,
  pagePath,
  SandboxWechatScanBody,
  SandboxWechatScanResponse,
  UnlinkIdentityBody,
  UnlinkIdentityResponse,
} from '@inkstream/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { requireUser } from '../../http/guards.js';
import { addressLimit } from '../../http/rate-limits.js';
import { AppError } from '../../lib/app-error.js';
import { requestLanguage } from '../../lib/request-language.js';
import { errorResponses } from '../../lib/route-schema.js';
import { FLOW_TTL_MS, type ExternalSignInService } from './external-sign-in.service.js';
import { WECHAT_PROVIDER_ID } from './oidc-config.js';
import type { SandboxWechatLogin } from './wechat-login/sandbox-wechat-login.js';

/**
 * The cookie that ties a flow to the browser that started it: the provider's answer, and the
 * one-time result, are refused from any other browser (a link sent to a victim signs them in to
 * nobody's account). HttpOnly, SameSite=Lax (it must come along on the provider's redirect back).
 */
const FLOW_COOKIE = 'inkstream_sign_in_flow';
const COOKIE_PATH = '/api/v1/sign-in';

const ProviderParams = Type.Object({ provider: Type.String({ maxLength: 32 }) });

function browserOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FLOW_COOKIE) return rest.join('=');
  }
  return undefined;
}

// Per address, loose (a NAT of many readers), and per account where there is one: starts and
// callbacks each cost a call to the provider; the steps with a password or code are also counted
// by the failed-login throttle of the account.
const LIMITS = {
  start: { max: 60, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => `external-start:${request.ip}` },
  callback: { max: 60, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => `external-callback:${request.ip}` },
  steps: { max: 120, timeWindow: '10 minutes', keyGenerator: (request: FastifyRequest) => `external-steps:${request.ip}` },
  linkPerAccount: {
    max: 20,
    timeWindow: '1 hour',
    keyGenerator: (request: FastifyRequest) => `external-link:${request.user?.uuid ?? request.ip}`,
  },
} as const;

/**
 * Issue 60: sign in with WeChat or an OpenID Connect provider, and the reader's linked providers
 * (docs/API.md); the sandbox's WeChat scan only where the sandbox stands in for WeChat.
 */
export function externalSignInRoutes(
  service: ExternalSignInService,
  site: { publicUrl: string },
  wechatSandbox: SandboxWechatLogin | null,
) {
  const secure = site.publicUrl.startsWith('https://');
  const setFlowCookie = (reply: FastifyReply, value: string) =>
    reply.header(
      'set-cookie',
      `${FLOW_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${FLOW_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );

  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['users'];
    const stepsPerAddress = addressLimit(app, LIMITS.steps);

    /** Starts a sign-in with a provider: the flow's cookie, and the provider's page for the browser. */
    const start = async (providerId: string, returnTo: string | undefined, reply: FastifyReply) => {
      const started = await service.start(providerId, { purpose: 'sign_in' }, returnTo ?? null);
      setFlowCookie(reply, started.browser);
      return { data: { result: { authorization_url: started.authorizationUrl } } };
    };

    /** The provider's answer: finished here, the browser goes on to the web page with the one-time result or the refusal. */
    const callback = async (providerId: string, request: FastifyRequest, reply: FastifyReply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      let target: string;
      try {
        const result = await service.callback(providerId, query, browserOf(request));
        target = pagePath.signInFinish({ result });
      } catch (error) {
        if (!(error instanceof AppError) || error.code === ErrorCode.RATE_LIMITED) throw error;
        request.log.info({ code: error.code }, 'provider sign-in refused');
        target = pagePath.signInFinish({ error: error.code });
      }
      // Never cached, and no address of the provider's answer (code, state) passed on.
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(`${site.publicUrl}${target}`, 303);
    };

    app.post(
      '/sign-in/oidc/:provider/start',
      {
        config: { rateLimit: LIMITS.start },
        schema: {
          tags,
          summary: "Ext (issue 60): start a sign-in with an OpenID provider; the browser goes to the answer's authorization_url",
          params: ProviderParams,
          body: ExternalStartBody,
          response: { 200: ExternalStartResponse, ...errorResponses },
        },
      },
      async (request, reply) => start(request.params.provider, request.body.return_to, reply),
    );

    app.get(
      '/sign-in/oidc/:provider/callback',
      {
        config: { rateLimit: LIMITS.callback },
        schema: {
          tags,
          summary: 'Ext (issue 60): where the provider sends the browser back; redirects to the web page /sign-in/finish',
          params: ProviderParams,
        },
      },
      async (request, reply) => callback(request.params.provider, request, reply),
    );

    app.post(
      '/sign-in/wechat/start',
      {
        config: { rateLimit: LIMITS.start },
        schema: {
          tags,
          summary: "Ext (issue 60): start a WeChat sign-in (the QR page, snsapi_login); the browser goes to the answer's authorization_url",
          body: ExternalStartBody,
          response: { 200: ExternalStartResponse, ...errorResponses },
        },
      },
      async (request, reply) => start(WECHAT_PROVIDER_ID, request.body.return_to, reply),
    );

    app.get(
      '/sign-in/wechat/callback',
      {
        config: { rateLimit: LIMITS.callback },
        schema: {
          tags,
          summary: 'Ext (issue 60): where WeChat sends the browser back (code and state); redirects to the web page /sign-in/finish',
        },
      },
      async (request, reply) => callback(WECHAT_PROVIDER_ID, request, reply),
    );

    if (wechatSandbox) {
      app.post(
        '/sign-in/wechat/sandbox/scan',
        {
          config: { rateLimit: LIMITS.start },
          schema: {
            tags,
            summary: 'Sandbox only (issue 60): a reader "scans" the sandbox WeChat QR code as a nickname, or declines',
            body: SandboxWechatScanBody,
            response: { 200: SandboxWechatScanResponse, ...errorResponses },
          },
        },
        async (request) => ({
          data: { result: { redirect_url: wechatSandbox.scan(request.body.state, request.body.nickname) } },
        }),
      );
    }

    app.post(
      '/sign-in/external/result',
      {
        preHandler: stepsPerAddress,
        schema: {
          tags,
          summary: 'Ext (issue 60): trade the one-time result of a finished provider sign-in for the session or the next step',
          body: ExternalResultBody,
          response: { 200: ExternalOutcomeResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await service.outcome(request.body.result, browserOf(request), requestLanguage(request)) },
      }),
    );

    app.post(
      '/sign-in/external/two-step',
      {
        preHandler: stepsPerAddress,
        schema: {
          tags,
          summary: 'Ext (issue 60): the two-step code of an account signed in to through a provider',
          body: ExternalTwoStepBody,
          response: { 200: ExternalLoginResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.twoStep(request.body.result, browserOf(request), request.body.totp_code, request.ip, requestLanguage(request)),
      }),
    );

    app.post(
      '/sign-in/external/create-account',
      {
        preHandler: stepsPerAddress,
        preValidation: async (request) => {
          const body = request.body as { username?: unknown } | undefined;
          if (typeof body?.username === 'string') body.username = body.username.normalize('NFC');
        },
        schema: {
          tags,
          summary: 'Ext (issue 60): make the account of a new provider sign-in, with the chosen user name',
          body: ExternalCreateAccountBody,
          response: { 200: ExternalLoginResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.createAccount(request.body.result, browserOf(request), {
          username: request.body.username,
          language: requestLanguage(request),
          terms_version: request.body.terms_version,
          privacy_version: request.body.privacy_version,
        }),
      }),
    );

    app.post(
      '/sign-in/external/link-with-password',
      {
        preHandler: stepsPerAddress,
        schema: {
          tags,
          summary: "Ext (issue 60): link the provider to the account its verified address belongs to, with that account's password",
          body: ExternalLinkWithPasswordBody,
          response: { 200: ExternalLoginResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.linkWithPassword(request.body.result, browserOf(request), {
          password: request.body.password,
          totpCode: request.body.totp_code,
          ip: request.ip,
          language: requestLanguage(request),
        }),
      }),
    );

    app.get(
      '/user/linked-identities',
      {
        schema: {
          tags,
          summary: "Ext (issue 60): the reader's linked sign-in providers",
          response: { 200: LinkedIdentitiesResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await service.list(requireUser(request)) } }),
    );

    app.post(
      '/user/linked-identities/:provider/link',
      {
        config: { rateLimit: LIMITS.linkPerAccount },
        schema: {
          tags,
          summary: 'Ext (issue 60): start linking a provider (an OpenID provider id, or wechat) to the signed-in account',
          params: ProviderParams,
          body: ExternalStartBody,
          response: { 200: ExternalStartResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const started = await service.start(request.params.provider, { purpose: 'link', user }, request.body.return_to ?? null);
        setFlowCookie(reply, started.browser);
        return { data: { result: { authorization_url: started.authorizationUrl } } };
      },
    );

    app.post(
      '/user/linked-identities/unlink',
      {
        config: { rateLimit: LIMITS.linkPerAccount },
        schema: {
          tags,
          summary: 'Ext (issue 60): unlink a provider (the password, and the two-step code when on)',
          body: UnlinkIdentityBody,
          response: { 200: UnlinkIdentityResponse, ...errorResponses },
        },
      },
      async (request) => {
        await service.unlink(requireUser(request), {
          id: request.body.id,
          currentPassword: request.body.current_password,
          totpCode: request.body.totp_code,
          ip: request.ip,
        });
        return { data: { result: { unlinked: true as const } } };
      },
    );
  };
}
