import {
  LoginResponse,
  PasskeyAuthenticationOptionsResponse,
  PasskeyIdParams,
  PasskeyRegisterBody,
  PasskeyRegistrationOptionsResponse,
  PasskeyRemoveBody,
  PasskeyRemovedResponse,
  PasskeyRenameBody,
  PasskeyResponse,
  PasskeySignInBody,
  PasskeysResponse,
  PasswordRemoveBody,
  PasswordRemovedResponse,
  PasswordStateResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../http/guards.js';
import { LIMITS } from '../../../http/rate-limits.js';
import { errorResponses } from '../../../lib/route-schema.js';
import { requestLanguage } from '../../../lib/request-language.js';
import type { PasskeysService } from './passkeys.service.js';

/** Passkeys (issue 60; docs/API.md "Passkeys"): the profile's list, and signing in with one. */
export function passkeysRoutes(passkeys: PasskeysService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['users'];
    const config = { rateLimit: LIMITS.passkeys };

    app.get(
      '/user/passkeys',
      {
        schema: {
          tags,
          summary: "The reader's passkeys (names and dates, never keys)",
          response: { 200: PasskeysResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await passkeys.list(requireUser(request)) } }),
    );

    app.post(
      '/user/passkeys/registration/options',
      {
        config,
        schema: {
          tags,
          summary: 'Options for navigator.credentials.create(): a new passkey (discoverable, user verification required)',
          response: { 200: PasskeyRegistrationOptionsResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await passkeys.registrationOptions(requireUser(request)) } }),
    );

    app.post(
      '/user/passkeys',
      {
        config,
        schema: {
          tags,
          summary: 'Register the passkey the browser made from the registration options',
          body: PasskeyRegisterBody,
          response: { 201: PasskeyResponse, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: {
            result: await passkeys.register(requireUser(request), {
              credential: request.body.credential as RegistrationResponseJSON,
              name: request.body.name,
              language: requestLanguage(request),
            }),
          },
        }),
    );

    app.put(
      '/user/passkeys/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename a passkey',
          params: PasskeyIdParams,
          body: PasskeyRenameBody,
          response: { 200: PasskeyResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await passkeys.rename(requireUser(request), request.params.id, request.body.name) } }),
    );

    app.post(
      '/user/passkeys/confirm/options',
      {
        config,
        schema: {
          tags,
          summary: "Options for navigator.credentials.get() over the reader's own passkeys (to remove one without the password)",
          response: { 200: PasskeyAuthenticationOptionsResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await passkeys.confirmOptions(requireUser(request)) } }),
    );

    app.post(
      '/user/passkeys/:id/remove',
      {
        config,
        schema: {
          tags,
          summary: 'Remove a passkey: needs the current password, or a fresh assertion of one of your passkeys',
          params: PasskeyIdParams,
          body: PasskeyRemoveBody,
          response: { 200: PasskeyRemovedResponse, ...errorResponses },
        },
      },
      async (request) => {
        await passkeys.remove(requireUser(request), request.params.id, {
          password: request.body.password,
          assertion: request.body.assertion as AuthenticationResponseJSON | undefined,
          ip: request.ip,
        });
        return { data: { result: { removed: true as const } } };
      },
    );

    app.get(
      '/user/password/state',
      {
        schema: {
          tags,
          summary: 'Whether the account has a password (the profile offers "passkeys only" while it has one and a passkey)',
          response: { 200: PasswordStateResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await passkeys.passwordState(requireUser(request)) } }),
    );

    app.post(
      '/user/password/remove',
      {
        config,
        schema: {
          tags,
          summary:
            'Sign in with passkeys only: remove the password (needs a passkey, and a confirmed e-mail address or unused recovery codes)',
          body: PasswordRemoveBody,
          response: { 200: PasswordRemovedResponse, ...errorResponses },
        },
      },
      async (request) => {
        await passkeys.removePassword(requireUser(request), {
          currentPassword: request.body.current_password,
          totpCode: request.body.totp_code,
          ip: request.ip,
        });
        return { data: { result: { password_removed: true as const } } };
      },
    );

    app.post(
      '/passkeys/authentication/options',
      {
        config: { rateLimit: LIMITS.passkeySignInOptions },
        schema: {
          tags,
          summary: 'Options for navigator.credentials.get() to sign in with a passkey (discoverable: no allowCredentials)',
          response: { 200: PasskeyAuthenticationOptionsResponse, ...errorResponses },
        },
      },
      async () => ({ data: { result: await passkeys.authenticationOptions() } }),
    );

    app.post(
      '/passkeys/authentication',
      {
        config: { rateLimit: LIMITS.login },
        schema: {
          tags,
          summary: 'Sign in with a passkey; answers what POST /user/login answers (no two-step code: a passkey is both factors)',
          body: PasskeySignInBody,
          response: { 200: LoginResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: await passkeys.signIn(request.body.credential as AuthenticationResponseJSON, {
          ip: request.ip,
          language: requestLanguage(request),
        }),
      }),
    );
  };
}
