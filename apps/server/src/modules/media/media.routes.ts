import { ErrorCode } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError, notFound } from '../../lib/app-error.js';
import { decideRange, isNotModified } from './media-http.js';
import type { MediaSigner } from './media-signing.js';
import { imageContentType, isSafeMediaKey } from './storage/media-keys.js';
import { MediaNotFoundError, type MediaStorage } from './storage/storage-types.js';
import { EMBEDDABLE_RESOURCE } from '../../http/cache-rules.js';

const PUBLIC_IMMUTABLE = 'public, max-age=31536000, immutable';

const MediaQuery = Type.Object({ exp: Type.Optional(Type.String({ maxLength: 16 })), sig: Type.Optional(Type.String({ maxLength: 64 })) });

const forbidden = (code: ErrorCode, message: string) => new AppError(code, 403, message);
const noSuchFile = () => notFound(ErrorCode.NOT_FOUND, 'No such file');

/** A storage failure (bucket unreachable, disk error) is logged in full and answered 503, never a 500 with internals. */
async function fromStorage<T>(log: FastifyBaseLogger, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof MediaNotFoundError) throw noSuchFile();
    log.error({ err: error }, 'media storage failed');
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 503, 'Images cannot be loaded right now; please try again', undefined, 5);
  }
}

/**
 * Serves stored images from either storage driver. Covers are public. A page is public while it
 * belongs to a free chapter; any other page needs the signature the chapter-content call hands to
 * entitled readers. Keys are content-hashed, so public answers are cached for a year. ETag/304,
 * Range/206/416 and HEAD are answered here, the same for the local folder and S3.
 */
export function mediaRoutes(deps: { storage: MediaStorage; signer: MediaSigner; isPublicPage: (key: string) => Promise<boolean> }) {
  const { storage, signer, isPublicPage } = deps;

  /** The Cache-Control a key may be sent with, or the 403/404 explaining why it may not be sent. */
  async function decideAccess(key: string, query: { exp?: string; sig?: string }): Promise<string> {
    if (key.startsWith('covers/')) return PUBLIC_IMMUTABLE;
    if (!key.startsWith('pages/')) throw noSuchFile();
    const { exp, sig } = query;
    if (exp !== undefined || sig !== undefined) {
      const check = signer.verify(key, exp, sig);
      if (check === 'expired') throw forbidden(ErrorCode.SIGNATURE_EXPIRED, 'This image link has expired; reopen the chapter');
      if (check !== 'valid') throw forbidden(ErrorCode.SIGNATURE_INVALID, 'This image link is not valid');
      // Browsers may keep a paid page as long as its link is valid; shared caches never.
      return `private, max-age=${Math.max(0, Number(exp) - Math.floor(Date.now() / 1000))}`;
    }
    if (await isPublicPage(key)) return PUBLIC_IMMUTABLE;
    throw forbidden(ErrorCode.SIGNATURE_REQUIRED, 'This page is only open to members');
  }

  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.route({
      method: ['GET', 'HEAD'],
      url: '/media/*',
      // HEAD is answered without reading the object (Fastify's automatic HEAD would download it).
      exposeHeadRoute: false,
      config: { securityHeaders: EMBEDDABLE_RESOURCE, subresource: true },
      schema: { hide: true, querystring: MediaQuery },
      handler: async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const contentType = isSafeMediaKey(key) ? imageContentType(key) : null;
        if (!contentType) throw noSuchFile();
        const cacheControl = await decideAccess(key, request.query);
        const info = await fromStorage(request.log, () => storage.stat(key));
        if (!info) throw noSuchFile();

        const validators = { etag: info.etag, 'last-modified': info.lastModified.toUTCString(), 'cache-control': cacheControl };
        if (isNotModified(request.headers, info)) return reply.code(304).headers(validators).send();
        const range = decideRange(request.headers, info);
        if (range.kind === 'unsatisfiable') {
          reply.header('content-range', `bytes */${info.size}`);
          throw new AppError(ErrorCode.VALIDATION_FAILED, 416, `The requested byte range is outside the file (${info.size} bytes)`);
        }

        const part = range.kind === 'partial' ? range.range : undefined;
        // Open the bytes before any header is set: a storage failure must not leave caching headers on its 503.
        const body = request.method === 'HEAD' ? undefined : await fromStorage(request.log, () => storage.read(key, part));
        reply.headers({ ...validators, 'content-type': contentType, 'x-content-type-options': 'nosniff', 'accept-ranges': 'bytes' });
        if (part) reply.code(206).header('content-range', `bytes ${part.start}-${part.end}/${info.size}`);
        reply.header('content-length', String(part ? part.end - part.start + 1 : info.size));
        return reply.send(body);
      },
    });
  };
}
