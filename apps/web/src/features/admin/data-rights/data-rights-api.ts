import type { AdminDeletion, AdminDeletionsQuery, DataExport, DeletionComments } from '@inkstream/contracts';
import { client, data, type ApiData } from '../../../lib/api-fetch';

// Issue 43's console calls (docs/ADMIN.md "Account deletions"). Instants are epoch ms.

/** One deletion, pending (in its grace period) or done. */
export type DeletionItem = AdminDeletion;
export type DeletionState = NonNullable<AdminDeletionsQuery['state']>;
export type DeletionPage = ApiData<'/api/v1/admin/deletions', 'get'>;

const user = (userUuid: string) => ({ params: { path: { userUuid } } });

export const dataRightsAdminApi = {
  deletions: (state: DeletionState, cursor?: string): Promise<DeletionPage> =>
    data(client.GET('/api/v1/admin/deletions', { params: { query: { state, ...(cursor ? { cursor } : {}) } } })),
  exportData: (userUuid: string, reason: string): Promise<DataExport> =>
    data(client.POST('/api/v1/admin/users/{userUuid}/data_export', { ...user(userUuid), body: { reason } })).then((value) => value.export),
  requestDeletion: (userUuid: string, reason: string, comments: DeletionComments): Promise<unknown> =>
    data(client.POST('/api/v1/admin/users/{userUuid}/deletion', { ...user(userUuid), body: { reason, comments } })),
  cancelDeletion: (userUuid: string, reason: string): Promise<unknown> =>
    data(client.DELETE('/api/v1/admin/users/{userUuid}/deletion', { ...user(userUuid), body: { reason } })),
  /** The reader's pending deletion, if any: pending ones are few (a 14-day window), so the list is read through. */
  pendingFor: async (userUuid: string): Promise<DeletionItem | null> => {
    let cursor: string | undefined;
    for (let page = 0; page < 20; page += 1) {
      const answer = await dataRightsAdminApi.deletions('pending', cursor);
      const found = answer.items.find((item) => item.user_uuid === userUuid);
      if (found) return found;
      if (!answer.next_cursor) return null;
      cursor = answer.next_cursor;
    }
    return null;
  },
};
