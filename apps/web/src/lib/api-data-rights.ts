import type { DataExport, DeletionComments, ScheduledDeletion } from '@inkstream/contracts';
import { client, data, downloadFile, type ApiData, type DownloadedFile } from './api-fetch';

// Issue 43's reader calls (docs/API.md, ext). Their answers hold the object in `data` (no `result`
// wrapper); every instant is epoch ms.

export type { DataExport, ScheduledDeletion };
export type CommentsChoice = DeletionComments;

/** What deleting the account costs, said before the reader confirms. */
export type DeletionConsequences = ApiData<'/api/v1/user/deletion', 'get'>;

export const dataRightsApi = {
  latestExport: (): Promise<DataExport | null> => data(client.GET('/api/v1/user/data_export')).then((value) => value.export),
  requestExport: (): Promise<DataExport> => data(client.POST('/api/v1/user/data_export', { body: {} })).then((value) => value.export),
  downloadExport: (url: string): Promise<DownloadedFile> => downloadFile(url),
  deletionConsequences: (): Promise<DeletionConsequences> => data(client.GET('/api/v1/user/deletion')),
  requestDeletion: (body: { password: string; code?: string; comments: CommentsChoice }): Promise<ScheduledDeletion> =>
    data(client.POST('/api/v1/user/deletion', { body })).then((value) => value.deletion),
};
