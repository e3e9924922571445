import type { FeedKeySummary } from '@inkstream/contracts';
import type {
  AdminUserLibrary,
  AdminSignInWays,
  AdminSubscription,
  AdminUserChange,
  AdminUserDetail,
  AdminUserListQuery,
  AdminUserSummary,
} from '@inkstream/contracts';
import { client, data } from '../../../lib/api-fetch';
import type { CursorPage } from '../shell/admin-api';

const user = (userUuid: string) => ({ params: { path: { userUuid } } });

export const readersApi = {
  list: (query: AdminUserListQuery): Promise<CursorPage<AdminUserSummary>> =>
    data(client.GET('/api/v1/admin/users', { params: { query } })),
  detail: (uuid: string): Promise<AdminUserDetail> => data(client.GET('/api/v1/admin/users/{userUuid}', user(uuid))),
  grant: (uuid: string, body: { days?: number; months?: number; reason: string }): Promise<AdminUserChange> =>
    data(client.POST('/api/v1/admin/users/{userUuid}/grants', { ...user(uuid), body })),
  revoke: (uuid: string, reason: string): Promise<AdminUserChange> =>
    data(client.POST('/api/v1/admin/users/{userUuid}/revoke', { ...user(uuid), body: { reason } })),
  disable: (uuid: string, reason: string): Promise<AdminUserChange> =>
    data(client.POST('/api/v1/admin/users/{userUuid}/disable', { ...user(uuid), body: { reason } })),
  enable: (uuid: string, reason: string): Promise<AdminUserChange> =>
    data(client.POST('/api/v1/admin/users/{userUuid}/enable', { ...user(uuid), body: { reason } })),
  setEmail: (uuid: string, email: string | null, reason: string) =>
    data(client.PUT('/api/v1/admin/users/{userUuid}/email', { ...user(uuid), body: { email, reason } })),
  setRole: (uuid: string, role: 'user' | 'admin', reason: string): Promise<AdminUserChange> =>
    data(client.PUT('/api/v1/admin/users/{userUuid}/role', { ...user(uuid), body: { role, reason } })),
  feedKeys: (uuid: string): Promise<FeedKeySummary[]> =>
    data(client.GET('/api/v1/admin/users/{userUuid}/feed_keys', user(uuid))).then((d) => d.result),
  revokeFeedKey: (uuid: string, keyId: number) =>
    data(client.DELETE('/api/v1/admin/users/{userUuid}/feed_keys/{key_id}', { params: { path: { userUuid: uuid, key_id: keyId } } })),
  /** Issue 61: the reader's status counts and lists. */
  library: (uuid: string): Promise<AdminUserLibrary> =>
    data(client.GET('/api/v1/admin/users/{userUuid}/library', user(uuid))).then((d) => d.result),
  hideList: (listUuid: string, reason: string) =>
    data(client.PUT('/api/v1/admin/lists/{listUuid}/hidden', { params: { path: { listUuid } }, body: { reason } })),
  unhideList: (listUuid: string) => data(client.DELETE('/api/v1/admin/lists/{listUuid}/hidden', { params: { path: { listUuid } } })),
  featureList: (listUuid: string, on: boolean) =>
    data(
      on
        ? client.PUT('/api/v1/admin/lists/{listUuid}/featured', { params: { path: { listUuid } } })
        : client.DELETE('/api/v1/admin/lists/{listUuid}/featured', { params: { path: { listUuid } } }),
    ),
  signInWays: (uuid: string): Promise<AdminSignInWays> =>
    data(client.GET('/api/v1/admin/users/{userUuid}/sign-in-ways', user(uuid))).then((d) => d.result),
  unlinkProvider: (uuid: string, id: number, reason: string) =>
    data(
      client.POST('/api/v1/admin/users/{userUuid}/linked-identities/{id}/unlink', {
        params: { path: { userUuid: uuid, id } },
        body: { reason },
      }),
    ),
  subscriptions: (uuid: string): Promise<AdminSubscription[]> =>
    data(client.GET('/api/v1/admin/users/{userUuid}/subscriptions', user(uuid))),
  stopRenewal: (uuid: string, subscriptionId: number, reason: string): Promise<AdminSubscription[]> =>
    data(
      client.POST('/api/v1/admin/users/{userUuid}/subscriptions/{subscriptionId}/stop-renewal', {
        params: { path: { userUuid: uuid, subscriptionId } },
        body: { reason },
      }),
    ),
};
