import type { FastifyInstance } from 'fastify';

/** Providers sign the exact bytes they send, so webhook routes keep the body as a Buffer. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * Makes every route of this (encapsulated) plugin receive the raw request body as a Buffer,
 * whatever its content type: parsing first and re-serialising would break the signature.
 */
export function acceptRawBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
}
