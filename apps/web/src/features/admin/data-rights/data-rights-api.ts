import { untyped, valueOf, type CommentsChoice, type DataExport } from '../../../lib/api-data-rights';

// Issue 43's console calls (docs/API.md, ext). Hand-written types until the generated schema has
// them: TODO(lead) switch to api-schema.d.ts's after the merge (see lib/api-data-rights.ts).

/** One deletion, pending (in its grace period) or done. Times: epoch ms (ISO strings read too). */
export interface DeletionItem {
  user_uuid: string;
  name: string;
  requested_at: number | string;
  erase_at: number | string;
  erased_at: number | string | null;
  requested_by: 'reader' | 'operator';
  comments: CommentsChoice;
  reason: string | null;
}

export type DeletionState = 'pending' | 'erased';

export interface DeletionPage {
  items: DeletionItem[];
  next_cursor: string | null;
}

const user = (userUuid: string) => ({ params: { path: { user_uuid: userUuid } } });

export const dataRightsAdminApi = {
  deletions: (state: DeletionState, cursor?: string): Promise<DeletionPage> =>
    valueOf(untyped.GET('/api/v1/admin/deletions', { params: { query: { state, cursor } } })),
  exportData: (userUuid: string, reason: string): Promise<DataExport> =>
    valueOf<{ export: DataExport }>(
      untyped.POST('/api/v1/admin/users/{user_uuid}/data_export', { ...user(userUuid), body: { reason } }),
    ).then((value) => value.export),
  requestDeletion: (userUuid: string, reason: string, comments: CommentsChoice): Promise<unknown> =>
    valueOf(untyped.POST('/api/v1/admin/users/{user_uuid}/deletion', { ...user(userUuid), body: { reason, comments } })),
  cancelDeletion: (userUuid: string, reason: string): Promise<unknown> =>
    valueOf(untyped.DELETE('/api/v1/admin/users/{user_uuid}/deletion', { ...user(userUuid), body: { reason } })),
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
