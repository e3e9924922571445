import type { AdminLegalList, AdminLegalPage } from '@inkstream/contracts';
import type { LegalKind } from '@inkstream/contracts/constants';
import { client, data } from '../../../lib/api-fetch';

/** The console's legal pages (docs/ADMIN.md "Legal pages"). */
export const legalAdminApi = {
  list: (): Promise<AdminLegalList> => data(client.GET('/api/v1/admin/legal')),
  publish: (kind: LegalKind, language: string, markdown: string): Promise<AdminLegalPage> =>
    data(client.PUT('/api/v1/admin/legal/{kind}/{language}', { params: { path: { kind, language } }, body: { markdown } })),
  preview: (markdown: string): Promise<{ html: string }> => data(client.POST('/api/v1/admin/legal/preview', { body: { markdown } })),
};
