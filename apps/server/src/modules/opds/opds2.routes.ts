import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Audiences } from '../access/audiences.js';
import { ClosedObject, PlainText, Timestamp } from '@inkstream/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { FeedDocuments } from './feed-documents.js';
import type { FeedAuthenticator } from './feed-reader.js';
import { href, type FeedContext } from './opds-feeds.js';
import {
  BookPageQuery,
  BookParams,
  ChapterPageQuery,
  ChapterParams,
  feedReaders,
  keepSize,
  PAID_PAGE_CACHE,
  pagingOf,
  SearchWords,
  sendDocument,
  sendFeed,
  TagParams,
  treeBase,
} from './opds-http.js';
import type { OpdsPages } from './opds-pages.js';
import type { OpdsProgression } from './opds-progression.js';
import { feedTexts } from './opds-texts.js';
import { FEED_BOOKS_PER_PAGE, FEED_CHAPTERS_PER_PAGE, type OpdsService } from './opds.service.js';
import { bookFeed2, divinaManifest, navigationFeed2, pageHref, publicationsFeed2, REL2, TYPE2, type Feed2 } from './opds2-feeds.js';

/** OPDS 2.0 searches with `query` (the template `search{?query}`). */
const SearchQuery2 = Type.Object({ ...BookPageQuery.properties, query: SearchWords });

/**
 * A reading position as the OPDS Progression API carries it. Closed: anything else an app adds
 * (fragments, a text quote) is dropped before the handler. The page is `locations.position`
 * (1-based), else `locations.progression` through the chapter; `href` names the page in the app's
 * words and is not interpreted (the position says the same, and cannot point outside the chapter).
 */
const ProgressionBody = ClosedObject({
  modified: Type.Optional(Timestamp('When the app was there; an older position than the stored one does not replace it')),
  device: Type.Optional(ClosedObject({ id: PlainText({ maxLength: 200 }), name: PlainText({ maxLength: 200 }) })),
  locator: ClosedObject({
    href: PlainText({ minLength: 1, maxLength: 2048 }),
    type: Type.Optional(PlainText({ maxLength: 100 })),
    title: Type.Optional(PlainText({ maxLength: 500 })),
    locations: ClosedObject({
      position: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
      progression: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
      totalProgression: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    }),
  }),
});
/** A position is a few hundred bytes; nothing bigger is read. */
const PROGRESSION_BODY_LIMIT = 8 * 1024;

/**
 * The OPDS 2.0 feeds (docs/OPDS.md "OPDS 2.0"): the same lists as OPDS 1.2, as JSON, plus the
 * Divina manifest of a readable comic chapter and the reading position (OPDS Progression).
 * Registered, like the OPDS 1.2 routes, under `/opds/key/:feedKey` and under `/opds` (HTTP Basic).
 */
export function opds2Routes(deps: {
  authenticate: FeedAuthenticator;
  opds: OpdsService;
  pages: OpdsPages;
  progression: OpdsProgression;
  documents: FeedDocuments;
  siteName: string;
  publicUrl: string;
  audiences: Audiences;
}) {
  const { authenticate, opds, pages, progression, documents } = deps;
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const hidden = { hide: true };
    const readerOf = feedReaders(app, authenticate, deps.audiences);
    // Readium apps send a position as its own media type (it is JSON).
    app.addContentTypeParser(
      TYPE2.progression,
      { parseAs: 'string', bodyLimit: PROGRESSION_BODY_LIMIT },
      app.getDefaultJsonParser('error', 'error'),
    );

    /** The reader of the request, the tree's base path and the feed language (the key owner's). */
    function contextOf(request: FastifyRequest) {
      const reader = readerOf(request);
      const { language } = reader;
      const ctx: FeedContext = {
        base: treeBase(request, 'v2'),
        language,
        siteName: deps.siteName,
        publicUrl: deps.publicUrl,
        audience: reader.audience,
      };
      return { reader, ctx, language, texts: feedTexts(language) };
    }

    const send = (request: FastifyRequest, reply: FastifyReply, feed: Feed2) =>
      sendFeed(request, reply, JSON.stringify(feed), `${TYPE2.feed}; charset=utf-8`);

    /**
     * A kept document (feed-documents.ts, as the OPDS 1.2 feeds): `key` names what it depends on
     * besides the language and the tree's root; `build` writes it for the context given.
     */
    async function sendKept(
      request: FastifyRequest,
      reply: FastifyReply,
      ctx: FeedContext,
      key: string,
      build: (ctx: FeedContext) => Promise<Feed2> | Feed2,
    ) {
      const root = ctx.base.slice(0, -'v2/'.length);
      const document = await documents.document(`v2\n${key}\n${ctx.language}\n${ctx.audience.key}`, root, async (at) =>
        JSON.stringify(await build({ ...ctx, base: `${at}v2/` })),
      );
      return sendDocument(request, reply, document, `${TYPE2.feed}; charset=utf-8`);
    }

    app.get('/v2/catalog', { schema: hidden }, async (request, reply) => {
      const { ctx, texts } = contextOf(request);
      return sendKept(request, reply, ctx, 'catalog', (at) => {
        const entries = [
          { title: texts.new[0], href: href(at, 'new'), rel: REL2.sortNew },
          { title: texts.popular[0], href: href(at, 'popular'), rel: REL2.sortPopular },
          { title: texts.tags[0], href: href(at, 'tags') },
          { title: texts.library[0], href: href(at, 'library') },
          { title: texts.continue[0], href: href(at, 'continue') },
        ];
        return navigationFeed2(at, { title: deps.siteName, path: 'catalog' }, entries);
      });
    });

    for (const kind of ['new', 'popular'] as const) {
      app.get(`/v2/${kind}`, { schema: { ...hidden, querystring: BookPageQuery } }, async (request, reply) => {
        const { ctx, language, texts } = contextOf(request);
        const { page, page_size: pageSize } = request.query;
        return sendKept(request, reply, ctx, `${kind}\n${page}\n${pageSize}`, async (at) => {
          const found = await opds.bookList(kind, { page, pageSize, language, audience: ctx.audience });
          const head = { title: texts[kind][0], path: kind, paging: pagingOf(request.query, found.total) };
          return publicationsFeed2(at, head, found.books);
        });
      });
    }

    app.get('/v2/tags', { schema: { ...hidden, querystring: BookPageQuery } }, async (request, reply) => {
      const { ctx, texts } = contextOf(request);
      const { page, page_size: pageSize } = request.query;
      return sendKept(request, reply, ctx, `tags\n${page}\n${pageSize}`, async (at) => {
        const all = await opds.tags();
        const entries = all
          .slice(page * pageSize, (page + 1) * pageSize)
          .map((tag) => ({ title: tag, href: href(at, `tag/${encodeURIComponent(tag)}`) }));
        const head = { title: texts.tags[0], path: 'tags', paging: pagingOf(request.query, all.length) };
        return navigationFeed2(at, head, entries);
      });
    });

    app.get('/v2/tag/:tag', { schema: { ...hidden, params: TagParams, querystring: BookPageQuery } }, async (request, reply) => {
      const { ctx, language } = contextOf(request);
      const { page, page_size: pageSize } = request.query;
      const { tag } = request.params;
      return sendKept(request, reply, ctx, `tag\n${page}\n${pageSize}\n${tag}`, async (at) => {
        const found = await opds.bookList('tag', { page, pageSize, language, tag, audience: ctx.audience });
        const head = { title: tag, path: `tag/${encodeURIComponent(tag)}`, paging: pagingOf(request.query, found.total) };
        return publicationsFeed2(at, head, found.books);
      });
    });

    app.get('/v2/library', { schema: { ...hidden, querystring: BookPageQuery } }, async (request, reply) => {
      const { ctx, language, reader, texts } = contextOf(request);
      const { page, page_size: pageSize } = request.query;
      const found = await opds.library(reader.user.id, { page, pageSize, language, audience: ctx.audience });
      const head = { title: texts.library[0], path: 'library', paging: pagingOf(request.query, found.total) };
      return send(request, reply, publicationsFeed2(ctx, head, found.books));
    });

    app.get('/v2/continue', { schema: hidden }, async (request, reply) => {
      const { ctx, language, reader, texts } = contextOf(request);
      const found = await opds.continueReading(reader.user.id, language, ctx.audience);
      const head = { title: texts.continue[0], path: 'continue', paging: { page: 0, pageSize: FEED_BOOKS_PER_PAGE, total: found.total } };
      return send(request, reply, publicationsFeed2(ctx, head, found.books));
    });

    app.get('/v2/search', { schema: { ...hidden, querystring: SearchQuery2 } }, async (request, reply) => {
      const { ctx, language, texts } = contextOf(request);
      const { page, page_size: pageSize } = request.query;
      const query = request.query.query.trim();
      return sendKept(request, reply, ctx, `search\n${page}\n${pageSize}\n${query}`, async (at) => {
        // An empty search lists nothing (the site's search without words would list everything).
        const found =
          query === ''
            ? { books: [], total: 0 }
            : await opds.bookList('search', { page, pageSize, language, q: query, audience: ctx.audience });
        const paging = { ...pagingOf(request.query, found.total), keep: { query, ...keepSize(request.query) } };
        return publicationsFeed2(at, { title: `${texts.search}: ${query}`, path: 'search', paging }, found.books);
      });
    });

    app.get('/v2/book/:bookUuid', { schema: { ...hidden, params: BookParams, querystring: ChapterPageQuery } }, async (request, reply) => {
      const { ctx, language, reader, texts } = contextOf(request);
      const { page, page_size: pageSize } = request.query;
      const found = await opds.book(request.params.bookUuid, reader.user, { page, pageSize, language, audience: ctx.audience });
      const paging = { page, pageSize, total: found.total, keep: keepSize(request.query, FEED_CHAPTERS_PER_PAGE) };
      // Readers in the same state (locks, last page) share the written document.
      return sendKept(request, reply, ctx, `book\n${found.stateKey}\n${page}\n${pageSize}`, (at) =>
        bookFeed2(at, found.book, found.chapters, paging, { ...texts.chapters, epub: texts.novels.epub }),
      );
    });

    // A readable comic chapter as a Divina manifest: its pages are the OPDS-PSE page URLs of the
    // same tree, each checked at its fetch; the manifest itself is refused for a locked chapter.
    app.get('/v2/chapter/:chapterUuid/manifest.json', { schema: { ...hidden, params: ChapterParams } }, async (request, reply) => {
      const { ctx, reader, language } = contextOf(request);
      const { chapterUuid } = request.params;
      const chapter = await pages.chapter(chapterUuid, reader.user, language);
      const manifest = divinaManifest(ctx, treeBase(request, 'v1.2'), { uuid: chapterUuid, ...chapter });
      // A paid chapter's manifest lists what only entitled readers see: never kept, as its pages.
      return sendFeed(request, reply, JSON.stringify(manifest), TYPE2.divina, chapter.free ? undefined : PAID_PAGE_CACHE);
    });

    app.get('/v2/chapter/:chapterUuid/progression', { schema: { ...hidden, params: ChapterParams } }, async (request, reply) => {
      const { reader, language } = contextOf(request);
      const { chapterUuid } = request.params;
      const position = await progression.read(chapterUuid, reader.user, language);
      reply.header('cache-control', 'private, no-store').header('vary', 'Authorization');
      return reply.type(TYPE2.progression).send({
        modified: position.modified,
        // Positions are kept per reader, not per device: the site names itself as the device.
        device: { id: 'urn:inkstream:site', name: deps.siteName },
        locator: {
          href: pageHref(treeBase(request, 'v1.2'), chapterUuid, position.pageIndex),
          type: TYPE2.jpeg,
          locations: { position: position.pageIndex + 1, progression: position.pageIndex / position.pageCount },
        },
      });
    });

    app.put(
      '/v2/chapter/:chapterUuid/progression',
      { schema: { ...hidden, params: ChapterParams, body: ProgressionBody }, bodyLimit: PROGRESSION_BODY_LIMIT },
      async (request, reply) => {
        const { reader, language } = contextOf(request);
        const { locator, modified } = request.body;
        await progression.write(request.params.chapterUuid, reader.user, language, {
          ...locator.locations,
          ...(modified ? { modified } : {}),
        });
        reply.header('cache-control', 'no-store');
        return reply.code(204).send();
      },
    );
  };
}
