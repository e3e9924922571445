import {
  ConfirmEmailBody,
  ConfirmEmailResponse,
  EmailBody,
  EmailResponse,
  ForgotPasswordBody,
  ForgotPasswordResponse,
  ResetPasswordBody,
  ResetPasswordResponse,
  InviteCodeResponse,
  LoginBody,
  LoginResponse,
  MeResponse,
  RegisterBody,
  RegisterResponse,
  SignOutEverywhereResponse,
  UpdatePasswordBody,
  UpdatePasswordResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../http/guards.js';
import { requestLanguage } from '../../lib/request-language.js';
import { addressLimit, LIMITS } from '../../http/rate-limits.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(users: UsersService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['users'];

    // Per target account too (the typed name, lower-cased), from each address: one account tried
    // over and over from one place is refused early, and no one elsewhere can keep its owner out.
    const loginPerAccount = addressLimit(app, {
      ...LIMITS.loginPerAccount,
      keyGenerator: (request) =>
        `login:${String((request.body as { username?: unknown } | undefined)?.username ?? '')
          .trim()
          .normalize('NFC')
          .toLowerCase()}:${request.ip}`,
    });
    app.post(
      '/user/login',
      {
        config: { rateLimit: LIMITS.login },
        preHandler: loginPerAccount,
        schema: { tags, summary: 'Log in', body: LoginBody, response: { 200: LoginResponse, ...errorResponses } },
      },
      async (request) => ({
        data: await users.login(request.body.username, request.body.password, request.ip, {
          totpCode: request.body.totp_code,
          language: requestLanguage(request),
        }),
      }),
    );

    app.post(
      '/user/register',
      {
        config: { rateLimit: LIMITS.register },
        // Lengths and the letters-only rule are checked on the composed (NFC) form the name is stored in.
        preValidation: async (request) => {
          const body = request.body as { username?: unknown } | undefined;
          if (typeof body?.username === 'string') body.username = body.username.normalize('NFC');
        },
        schema: { tags, summary: 'Create an account', body: RegisterBody, response: { 201: RegisterResponse, ...errorResponses } },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await users.register({
            username: request.body.username,
            password: request.body.password,
            invite_code: request.body.invite_code,
            user_type: request.body.user_type,
            email: request.body.email,
            language: requestLanguage(request),
            terms_version: request.body.terms_version,
            privacy_version: request.body.privacy_version,
          }),
        }),
    );

    app.post(
      '/user/update_password',
      {
        config: { rateLimit: LIMITS.passwordChange },
        schema: {
          tags,
          summary: 'Change the password; every older token stops working',
          body: UpdatePasswordBody,
          response: { 200: UpdatePasswordResponse, ...errorResponses },
        },
      },
      async (request) => {
        const jwt_token = await users.updatePassword(requireUser(request), {
          newPassword: request.body.new_password,
          currentPassword: request.body.current_password,
          ip: request.ip,
        });
        return { data: { result: { updated: true as const, jwt_token } } };
      },
    );

    app.post(
      '/user/sign_out_everywhere',
      {
        config: { rateLimit: LIMITS.signOutEverywhere },
        schema: {
          tags,
          summary: 'Ext: sign out everywhere; every token issued so far stops working, the caller gets a new one',
          response: { 200: SignOutEverywhereResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: { jwt_token: await users.signOutEverywhere(requireUser(request)) } } }),
    );

    app.get(
      '/user/invite_code',
      { schema: { tags, summary: "The user's invitation code", response: { 200: InviteCodeResponse, ...errorResponses } } },
      async (request) => ({ data: { result: await users.inviteCode(requireUser(request)) } }),
    );

    app.post(
      '/user/email',
      {
        config: { rateLimit: LIMITS.emailChange },
        schema: {
          tags,
          summary:
            'Set or change the e-mail address (current password and two-step code needed); a confirmation link is sent to it (the same address again: sent again)',
          body: EmailBody,
          response: { 200: EmailResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: {
          result: await users.setEmail(requireUser(request), {
            email: request.body.email,
            currentPassword: request.body.current_password,
            totpCode: request.body.totp_code,
            ip: request.ip,
          }),
        },
      }),
    );

    app.post(
      '/user/email/confirm',
      {
        config: { rateLimit: LIMITS.emailConfirm },
        schema: {
          tags,
          summary: "Confirm an e-mail address with the link's token (no login needed)",
          body: ConfirmEmailBody,
          response: { 200: ConfirmEmailResponse, ...errorResponses },
        },
      },
      async (request) => {
        await users.confirmEmail(request.body.token);
        return { data: { result: { confirmed: true as const } } };
      },
    );

    // Per typed login too (a user name or an address, lower-cased), whatever the client address.
    const forgotPerLogin = addressLimit(app, {
      ...LIMITS.passwordForgotPerLogin,
      keyGenerator: (request) =>
        `forgot:${String((request.body as { login?: unknown } | undefined)?.login ?? '')
          .trim()
          .normalize('NFC')
          .toLowerCase()}`,
    });
    app.post(
      '/user/password/forgot',
      {
        config: { rateLimit: LIMITS.passwordForgot },
        preHandler: forgotPerLogin,
        schema: {
          tags,
          summary: 'Ask for a password reset link by user name or e-mail: always 202 with the same body',
          body: ForgotPasswordBody,
          response: { 202: ForgotPasswordResponse, ...errorResponses },
        },
      },
      async (request, reply) => {
        // Nothing is looked up before the answer: its status, body and timing say nothing about the account.
        users.forgotPassword(request.body.login);
        return reply.status(202).send({ data: { result: { accepted: true as const } } });
      },
    );

    app.post(
      '/user/password/reset',
      {
        config: { rateLimit: LIMITS.passwordReset },
        schema: {
          tags,
          summary: "Set a new password with a reset link's token; every older login token stops working",
          body: ResetPasswordBody,
          response: { 200: ResetPasswordResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await users.resetPassword(request.body.token, request.body.new_password) } }),
    );

    app.get(
      '/user/me',
      { schema: { tags, summary: 'The logged-in user', response: { 200: MeResponse, ...errorResponses } } },
      async (request) => ({
        data: { result: await users.me(requireUser(request)) },
      }),
    );
  };
}
