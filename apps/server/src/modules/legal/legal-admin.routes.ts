import {
  AdminLegalListResponse,
  AdminLegalPageParams,
  AdminLegalPageResponse,
  LegalMarkdownBody,
  LegalPreviewResponse,
} from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { resolveLanguage } from '../../lib/language.js';
import { errorResponses } from '../../lib/route-schema.js';
import { actorOf } from '../audit/admin-actor.js';
import type { LegalService } from './legal.service.js';

/** `/admin/legal…`: the console's editor of the privacy and terms pages (inside the admin scope). */
export function legalAdminRoutes(legal: LegalService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const tags = ['admin'];
    app.get(
      '/legal',
      {
        schema: {
          tags,
          summary: 'Ext: every legal page in every language, with its current Markdown and its versions (newest first)',
          response: { 200: AdminLegalListResponse, ...errorResponses },
        },
      },
      async () => ({ data: { pages: await legal.adminList() } }),
    );
    app.put(
      '/legal/:kind/:language',
      {
        schema: {
          tags,
          summary: 'Ext: publish Markdown as the next version of a page (the same text as the current one publishes nothing)',
          params: AdminLegalPageParams,
          body: LegalMarkdownBody,
          response: { 200: AdminLegalPageResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: await legal.publish(actorOf(request), request.params.kind, resolveLanguage(request.params.language), request.body.markdown),
      }),
    );
    app.post(
      '/legal/preview',
      {
        schema: {
          tags,
          summary: 'Ext: the HTML that Markdown would publish as (rendered and sanitised; nothing is stored)',
          body: LegalMarkdownBody,
          response: { 200: LegalPreviewResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: { html: await legal.preview(request.body.markdown) } }),
    );
  };
}
