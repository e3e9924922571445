import {
  InviteCodeResponse,
  LoginBody,
  LoginResponse,
  MeResponse,
  RegisterBody,
  RegisterResponse,
  UpdatePasswordBody,
  UpdatePasswordResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { requireUser } from '../../plugins/auth.js';
import { LIMITS } from '../../plugins/rate-limit.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(users: UsersService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['users'];

    app.post(
      '/user/login',
      {
        config: { rateLimit: LIMITS.login },
        schema: { tags, summary: 'Log in', body: LoginBody, response: { 200: LoginResponse, ...errorResponses } },
      },
      async (request) => ({
        data: await users.login(request.body.username, request.body.password, request.ip, request.body.totp_code),
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

    app.get(
      '/user/invite_code',
      { schema: { tags, summary: "The user's invitation code", response: { 200: InviteCodeResponse, ...errorResponses } } },
      async (request) => ({ data: { result: await users.inviteCode(requireUser(request)) } }),
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
