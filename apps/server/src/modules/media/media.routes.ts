import { ErrorCode } from '@inkstream/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError, notFound } from '../../lib/app-error.js';
import type { MediaSigner } from './media-signing.js';
import { isSafeMediaKey, type MediaStorage } from './media-storage.js';

const PUBLIC_IMMUTABLE = 'public, max-age=31536000, immutable';

const MediaQuery = Type.Object({ exp: Type.Optional(Type.String({ maxLength: 16 })), sig: Type.Optional(Type.String({ maxLength: 64 })) });

const forbidden = (code: ErrorCode, message: string) => new AppError(code, 403, message);

/**
 * Serves stored images. Covers are public. A page is public while it belongs to a free chapter;
 * any other page needs the signature the chapter-content call hands to entitled readers.
 * Keys are content-hashed, so public answers are cached for a year; ETag and Range come from send.
 */
export function mediaRoutes(deps: { storage: MediaStorage; signer: MediaSigner; isPublicPage: (key: string) => Promise<boolean> }) {
  const { storage, signer, isPublicPage } = deps;
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    app.get('/media/*', { schema: { hide: true, querystring: MediaQuery } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isSafeMediaKey(key)) throw notFound(ErrorCode.NOT_FOUND, 'No such file');
      let cacheControl = PUBLIC_IMMUTABLE;
      if (key.startsWith('pages/')) {
        const { exp, sig } = request.query;
        if (exp !== undefined || sig !== undefined) {
          const check = signer.verify(key, exp, sig);
          if (check === 'expired') throw forbidden(ErrorCode.SIGNATURE_EXPIRED, 'This image link has expired; reopen the chapter');
          if (check !== 'valid') throw forbidden(ErrorCode.SIGNATURE_INVALID, 'This image link is not valid');
          const secondsLeft = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
          cacheControl = `private, max-age=${secondsLeft}`;
        } else if (!(await isPublicPage(key))) {
          throw forbidden(ErrorCode.SIGNATURE_REQUIRED, 'This page is only open to members');
        }
      } else if (!key.startsWith('covers/')) {
        throw notFound(ErrorCode.NOT_FOUND, 'No such file');
      }
      reply.header('cache-control', cacheControl);
      reply.header('x-content-type-options', 'nosniff');
      return reply.sendFile(key, storage.root, { cacheControl: false, dotfiles: 'deny' });
    });
  };
}
