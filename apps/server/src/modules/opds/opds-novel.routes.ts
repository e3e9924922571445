import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Audience } from '../access/content-rating.js';
import type { Language } from '@inkstream/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { FeedReader } from './feed-reader.js';
import type { FeedTexts } from './opds-texts.js';
import type { OpdsNovels } from './opds-novels.js';

/**
 * The novels' downloads (docs/OPDS.md "Novels"): a chapter as XHTML and the book as an EPUB.
 * Registered by opds.routes.ts on its own instance, so its authentication hook runs first: no
 * download answers without a valid key.
 */

const ChapterParams = Type.Object({ chapterUuid: Type.String({ format: 'uuid' }) });
const BookParams = Type.Object({ bookUuid: Type.String({ format: 'uuid' }) });

/** Paid text is the product: no cache keeps it, each download is checked again. */
const PAID_CACHE = 'private, no-store';
/** Free text may be kept by the app itself for an hour (as free pages are). */
const FREE_CACHE = 'private, max-age=3600';

/** `attachment` with the book's title as the file name (RFC 6266; an ASCII fallback for old clients). */
function attachment(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const name = `${title.replace(/[\u0000-\u001f\u007f/\\"]+/g, ' ').trim() || 'book'}.epub`;
  return `attachment; filename="book.epub"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function registerNovelRoutes(
  app: FastifyInstance,
  deps: {
    novels: OpdsNovels;
    readerOf: (request: FastifyRequest) => { reader: FeedReader & { audience: Audience }; language: Language; texts: FeedTexts };
  },
) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const { novels, readerOf } = deps;

  typed.get('/v1.2/chapter/:chapterUuid/text.xhtml', { schema: { hide: true, params: ChapterParams } }, async (request, reply) => {
    const { reader, language } = readerOf(request);
    const found = await novels.chapterText(request.params.chapterUuid, reader.user, language);
    reply
      .header('cache-control', found.free ? FREE_CACHE : PAID_CACHE)
      .header('vary', 'Authorization')
      .header('x-content-type-options', 'nosniff');
    return reply.type('application/xhtml+xml; charset=utf-8').send(found.xhtml);
  });

  typed.get('/v1.2/book/:bookUuid/book.epub', { schema: { hide: true, params: BookParams } }, async (request, reply) => {
    const { reader, language, texts } = readerOf(request);
    const found = await novels.epub(request.params.bookUuid, reader.user, language, texts, reader.audience);
    reply
      .header('cache-control', found.paid ? PAID_CACHE : FREE_CACHE)
      .header('vary', 'Authorization')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', attachment(found.title));
    return reply.type('application/epub+zip').send(found.stream);
  });
}
