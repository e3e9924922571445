import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials: media signatures and tokens some clients put in URLs. */
const SECRET_QUERY_PARAMS = /([?&](?:sig|signature|token|jwt_token|access_token|checkout_token)=)[^&#]*/gi;

/** The OPDS feed key in a feed URL's path (`/opds/key/{feedKey}/…`, docs/OPDS.md): a credential too. */
const FEED_KEY_PATH = /(\/opds\/key\/)[^/?#]*/gi;

/**
 * The URL as it may be logged: a signed media link keeps its key and expiry, never its signature;
 * a feed URL keeps its route, never its key.
 */
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY_PARAMS, '$1[redacted]').replace(FEED_KEY_PATH, '$1[redacted]');

/** pino serializer for `req`: Fastify's default fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
