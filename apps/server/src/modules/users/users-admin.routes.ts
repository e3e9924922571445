import {
  AdminEmailBody,
  AdminEmailResponse,
  AdminGrantBody,
  AdminReasonBody,
  AdminRoleBody,
  AdminUserChangeResponse,
  AdminUserDetailResponse,
  AdminUserListQuery,
  AdminUserListResponse,
  AdminUserParams,
  AdminLinkedIdentitiesResponse,
  AdminSignInWaysResponse,
  AdminLinkedIdentityParams,
  AdminUnlinkBody,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../lib/route-schema.js';
import { actorOf } from '../audit/admin-actor.js';
import type { UsersAdminService } from './users-admin.service.js';

const change = (summary: string) => ({
  tags: ['admin'],
  summary,
  params: AdminUserParams,
  response: { 200: AdminUserChangeResponse, ...errorResponses },
});

/** `/admin/users…`: readers, their membership time, accounts and roles (inside the admin scope). */
export function usersAdminRoutes(users: UsersAdminService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/users',
      {
        schema: {
          tags: ['admin'],
          summary: 'Search readers by name or uuid, by role, account state and membership',
          querystring: AdminUserListQuery,
          response: { 200: AdminUserListResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await users.list(request.query) }),
    );
    app.get(
      '/users/:userUuid',
      {
        schema: {
          tags: ['admin'],
          summary: 'A reader with their membership ledger, orders, invitations and coupons',
          params: AdminUserParams,
          response: { 200: AdminUserDetailResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await users.detail(request.params.userUuid) }),
    );
    app.post(
      '/users/:userUuid/grants',
      { schema: { ...change('Add membership time (days or months) with a reason'), body: AdminGrantBody } },
      async (request) => ({ data: await users.grant(actorOf(request), request.params.userUuid, request.body) }),
    );
    app.post(
      '/users/:userUuid/revoke',
      { schema: { ...change('Revoke running and future membership grants'), body: AdminReasonBody } },
      async (request) => ({ data: await users.revoke(actorOf(request), request.params.userUuid, request.body.reason) }),
    );
    app.post(
      '/users/:userUuid/disable',
      { schema: { ...change('Disable an account: its tokens stop working and it cannot log in'), body: AdminReasonBody } },
      async (request) => ({ data: await users.disable(actorOf(request), request.params.userUuid, request.body.reason) }),
    );
    app.post('/users/:userUuid/enable', { schema: { ...change('Enable a disabled account'), body: AdminReasonBody } }, async (request) => ({
      data: await users.enable(actorOf(request), request.params.userUuid, request.body.reason),
    }));
    app.put(
      '/users/:userUuid/email',
      {
        schema: {
          tags: ['admin'],
          summary: "Set (a confirmation link is sent) or clear (null) a reader's e-mail address",
          params: AdminUserParams,
          body: AdminEmailBody,
          response: { 200: AdminEmailResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: await users.setEmail(actorOf(request), request.params.userUuid, request.body.email, request.body.reason),
      }),
    );
    app.get(
      '/users/:userUuid/linked-identities',
      {
        schema: {
          tags: ['admin'],
          summary: "Issue 60: the reader's linked sign-in providers",
          params: AdminUserParams,
          response: { 200: AdminLinkedIdentitiesResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await users.linkedProviders(request.params.userUuid) } }),
    );
    app.get(
      '/users/:userUuid/sign-in-ways',
      {
        schema: {
          tags: ['admin'],
          summary: 'Issue 60: how the reader signs in (password, two-step, passkeys, providers) and their latest sign-ins',
          params: AdminUserParams,
          response: { 200: AdminSignInWaysResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { result: await users.signInWays(request.params.userUuid) } }),
    );
    app.post(
      '/users/:userUuid/linked-identities/:id/unlink',
      {
        schema: {
          tags: ['admin'],
          summary: 'Issue 60: unlink a sign-in provider from the reader (audited)',
          params: AdminLinkedIdentityParams,
          body: AdminUnlinkBody,
          response: { 200: AdminLinkedIdentitiesResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: { result: await users.unlinkProvider(actorOf(request), request.params.userUuid, request.params.id, request.body.reason) },
      }),
    );
    app.put(
      '/users/:userUuid/role',
      { schema: { ...change('Promote to administrator or demote to reader'), body: AdminRoleBody } },
      async (request) => ({
        data: await users.setRole(actorOf(request), request.params.userUuid, request.body.role, request.body.reason),
      }),
    );
  };
}
