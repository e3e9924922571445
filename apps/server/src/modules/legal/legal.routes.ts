import { DEFAULT_LANGUAGE, LegalDocumentResponse, LegalPageParams, LegalPageQuery } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_CACHE } from '../../http/cache-rules.js';
import { resolveLanguage } from '../../lib/language.js';
import { requestLanguage } from '../../lib/request-language.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { LegalService } from './legal.service.js';

/** `GET /legal/{kind}`: the privacy and terms pages for everyone (ext, issue 43). */
export function legalRoutes(legal: LegalService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get(
      '/legal/:kind',
      {
        config: { publicCache: PUBLIC_CACHE.legalPages },
        schema: {
          tags: ['legal'],
          summary:
            'Ext: the privacy policy or the terms of use as HTML, in `language` (else Accept-Language); an operator text in English, then the built-in text (version 0), when the language has none',
          params: LegalPageParams,
          querystring: LegalPageQuery,
          response: { 200: LegalDocumentResponse, ...errorResponses },
        },
      },
      async (request) => {
        const { language } = request.query;
        const chosen = language === undefined ? (requestLanguage(request) ?? DEFAULT_LANGUAGE) : resolveLanguage(language);
        return { data: await legal.page(request.params.kind, chosen) };
      },
    );
  };
}
