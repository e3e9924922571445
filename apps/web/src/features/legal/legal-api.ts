import type { LegalDocument } from '@inkstream/contracts';
import type { LegalKind } from '@inkstream/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import { client, data } from '../../lib/api-fetch';
import type { Language } from '../../lib/language';

/**
 * A privacy or terms page in the reader's language (GET /legal/{kind}): the same for every visitor,
 * so the server renders it and hands it to the browser (routes/page-loaders.ts). The register
 * form reads the same query for the versions it shows.
 */
export const legalPageQuery = (kind: LegalKind, language: Language) =>
  queryOptions({
    queryKey: ['legal-page', kind, language],
    queryFn: (): Promise<LegalDocument> => data(client.GET('/api/v1/legal/{kind}', { params: { path: { kind }, query: { language } } })),
    staleTime: 5 * 60_000,
  });
