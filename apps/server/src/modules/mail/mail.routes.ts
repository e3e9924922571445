import { UnsubscribePreviewResponse, UnsubscribeQuery, UnsubscribeResponse } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../http/rate-limits.js';
import { errorResponses } from '../../lib/route-schema.js';
import type { UnsubscribeService } from './mail-unsubscribe.js';

/** A token guess is a 43-character HMAC: no limit is needed for safety (http/rate-limits.ts). */
const UNSUBSCRIBE_LIMIT = LIMITS.unsubscribe;

/**
 * `/mail/unsubscribe`: RFC 8058 one-click. Mail clients POST `List-Unsubscribe=One-Click` as a
 * form (application/x-www-form-urlencoded or multipart/form-data); the web page posts nothing.
 * The token in the query is the whole credential, so the body is read and ignored. A GET only
 * says which list the token leaves: link scanners that open every URL unsubscribe no one.
 */
export function mailRoutes(unsubscribe: UnsubscribeService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, null));
    }
    app.get(
      '/mail/unsubscribe',
      {
        config: { rateLimit: UNSUBSCRIBE_LIMIT },
        schema: {
          tags: ['mail'],
          summary: 'Which list an unsubscribe token leaves (changes nothing)',
          querystring: UnsubscribeQuery,
          response: { 200: UnsubscribePreviewResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: unsubscribe.preview(request.query.token) }),
    );
    app.post(
      '/mail/unsubscribe',
      {
        config: { rateLimit: UNSUBSCRIBE_LIMIT },
        schema: {
          tags: ['mail'],
          summary: 'Leave a mailing list in one click (RFC 8058); no login, the token is the credential',
          querystring: UnsubscribeQuery,
          response: { 200: UnsubscribeResponse, ...errorResponses },
        },
      },
      async (request) => ({ data: await unsubscribe.unsubscribe(request.query.token) }),
    );
  };
}
