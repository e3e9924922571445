import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Audience } from '../access/content-rating.js';
import type { Audiences } from '../access/audiences.js';
import type { Language } from '@inkstream/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { FeedAuthenticator, FeedReader } from './feed-reader.js';
import type { FeedDocuments } from './feed-documents.js';
import {
  acquisitionFeed,
  bookFeed,
  href,
  navigationFeed,
  openSearchDescription,
  REL,
  TYPE,
  type FeedContext,
  type NavigationEntry,
} from './opds-feeds.js';
import {
  BookPageQuery,
  BookParams,
  ChapterPageQuery,
  etagOf,
  feedReaders,
  sendDocument,
  type FeedDocument,
  keepSize,
  PAGE_MAX,
  PAID_PAGE_CACHE,
  pagingOf,
  SearchWords,
  TagParams,
  treeBase,
} from './opds-http.js';
import { feedTexts, type FeedTexts } from './opds-texts.js';
import { renderXml, type XmlElement } from './opds-xml.js';
import { PSE_MAX_WIDTH, PSE_MIN_WIDTH, type OpdsPages } from './opds-pages.js';
import { registerNovelRoutes } from './opds-novel.routes.js';
import type { OpdsNovels } from './opds-novels.js';
import { FEED_BOOKS_PER_PAGE, FEED_CHAPTERS_PER_PAGE, type OpdsService } from './opds.service.js';

const SearchQuery = Type.Object({ ...BookPageQuery.properties, q: SearchWords });
/** A page of a chapter (OPDS-PSE numbers them from 0); a page past the chapter's last is 404. */
const PageParams = Type.Object({
  chapterUuid: Type.String({ format: 'uuid' }),
  pageNumber: Type.Integer({ minimum: 0, maximum: PAGE_MAX }),
});
/** The app's screen width; without it, the stored page's own width (at most 1,600 px). */
const PageQuery = Type.Object({
  maxWidth: Type.Integer({ minimum: PSE_MIN_WIDTH, maximum: PSE_MAX_WIDTH, default: PSE_MAX_WIDTH }),
});
/** A free page may be kept for an hour by the app itself (private); a paid one never (PAID_PAGE_CACHE). */
const FREE_PAGE_CACHE = 'private, max-age=3600';

/**
 * The OPDS 1.2 feeds (docs/OPDS.md "Feeds"), registered twice by app.ts: under
 * `/opds/key/:feedKey` (the key in the path) and under `/opds` (HTTP Basic; no key in the path).
 * Every route asks `authenticate` first, so nothing here answers without a valid key.
 */
export function opdsRoutes(deps: {
  authenticate: FeedAuthenticator;
  opds: OpdsService;
  pages: OpdsPages;
  documents: FeedDocuments;
  novels: OpdsNovels;
  siteName: string;
  publicUrl: string;
  audiences: Audiences;
}) {
  const { authenticate, opds, pages, documents } = deps;
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<TypeBoxTypeProvider>();
    const hidden = { hide: true };

    const readerOf = feedReaders(app, authenticate, deps.audiences);

    /** The reader of the request, the tree's base path and the feed language (the key owner's). */
    function contextOf(request: FastifyRequest): {
      reader: FeedReader & { audience: Audience };
      ctx: FeedContext;
      language: Language;
      texts: FeedTexts;
    } {
      const reader = readerOf(request);
      const { language } = reader;
      const ctx = {
        base: treeBase(request, 'v1.2'),
        language,
        siteName: deps.siteName,
        publicUrl: deps.publicUrl,
        audience: reader.audience,
      };
      return { reader, ctx, language, texts: feedTexts(language) };
    }

    /** Sends a document with its ETag, or 304 when the app has it already. */
    function send(request: FastifyRequest, reply: FastifyReply, document: FeedDocument, type: string) {
      return sendDocument(request, reply, document, `${type};charset=utf-8`);
    }

    /** A document written for this request only (a reader's library, continue reading). */
    function written(root: XmlElement): FeedDocument {
      const body = renderXml(root);
      return { etag: etagOf(body), body: () => body };
    }

    /**
     * A kept document (feed-documents.ts): `key` names what it depends on besides the language and
     * the tree's root (the catalogue version is the memo's); `build` writes it for the context given.
     */
    function shared(ctx: FeedContext, key: string, build: (ctx: FeedContext) => Promise<XmlElement> | XmlElement): Promise<FeedDocument> {
      const root = ctx.base.slice(0, -'v1.2/'.length);
      return documents.document(`v1.2\n${key}\n${ctx.language}\n${ctx.audience.key}`, root, async (at) =>
        renderXml(await build({ ...ctx, base: `${at}v1.2/` })),
      );
    }

    app.get('/v1.2/catalog', { schema: hidden }, async (request, reply) => {
      const { ctx, texts } = contextOf(request);
      const nav = (
        id: string,
        [title, content]: readonly [string, string],
        target: string,
        type: string,
        rel?: string,
      ): NavigationEntry => ({
        id: `urn:inkstream:opds:${id}`,
        title,
        content,
        href: target,
        type,
        ...(rel ? { rel } : {}),
      });
      const document = await shared(ctx, 'catalog', async (at) => {
        const entries = [
          nav('new', texts.new, href(at, 'new'), TYPE.acquisition, REL.sortNew),
          nav('popular', texts.popular, href(at, 'popular'), TYPE.acquisition, REL.sortPopular),
          nav('tags', texts.tags, href(at, 'tags'), TYPE.navigation),
          nav('library', texts.library, href(at, 'library'), TYPE.acquisition),
          nav('continue', texts.continue, href(at, 'continue'), TYPE.acquisition),
        ];
        const updated = await opds.catalogueUpdated(ctx.audience);
        return navigationFeed(at, { id: 'urn:inkstream:opds:catalog', title: deps.siteName, updated, path: 'catalog' }, entries);
      });
      return send(request, reply, document, TYPE.navigation);
    });

    for (const kind of ['new', 'popular'] as const) {
      app.get(`/v1.2/${kind}`, { schema: { ...hidden, querystring: BookPageQuery } }, async (request, reply) => {
        const { ctx, language, texts } = contextOf(request);
        const { page, page_size: pageSize } = request.query;
        const document = await shared(ctx, `${kind}\n${page}\n${pageSize}`, async (at) => {
          const found = await opds.bookList(kind, { page, pageSize, language, audience: ctx.audience });
          const head = {
            id: `urn:inkstream:opds:${kind}`,
            title: texts[kind][0],
            path: kind,
            paging: pagingOf(request.query, found.total),
          };
          return acquisitionFeed(at, head, found.books);
        });
        return send(request, reply, document, TYPE.acquisition);
      });
    }

    app.get('/v1.2/tags', { schema: { ...hidden, querystring: BookPageQuery } }, async (request, reply) => {
      const { ctx, texts } = contextOf(request);
      const { page, page_size: pageSize } = request.query;
      const document = await shared(ctx, `tags\n${page}\n${pageSize}`, async (at) => {
        const [all, updated] = await Promise.all([opds.tags(), opds.catalogueUpdated(ctx.audience)]);
        const entries = all.slice(page * pageSize, (page + 1) * pageSize).map((tag) => ({
          id: `urn:inkstream:opds:tag:${encodeURIComponent(tag)}`,
          title: tag,
          content: tag,
          href: href(at, `tag/${encodeURIComponent(tag)}`),
          type: TYPE.acquisition,
        }));
        const head = {
          id: 'urn:inkstream:opds:tags',
          title: texts.tags[0],
          updated,
          path: 'tags',
          paging: pagingOf(request.query, all.length),
        };
        return navigationFeed(at, head, entries);
      });
      return send(request, reply, document, TYPE.navigation);
    });

    app.get('/v1.2/tag/:tag', { schema: { ...hidden, params: TagParams, querystring: BookPageQuery } }, async (request, reply) => {
      const { ctx, language } = contextOf(request);
      const { page, page_size: pageSize } = request.query;
      const { tag } = request.params;
      const document = await shared(ctx, `tag\n${page}\n${pageSize}\n${tag}`, async (at) => {
        const found = await opds.bookList('tag', { page, pageSize, language, tag, audience: ctx.audience });
        const head = {
          id: `urn:inkstream:opds:tag:${encodeURIComponent(tag)}`,
          title: tag,
          path: `tag/${encodeURIComponent(tag)}`,
          paging: pagingOf(request.query, found.total),
        };
        return acquisitionFeed(at, head, found.books);
      });
      return send(request, reply, document, TYPE.acquisition);
    });

    app.get('/v1.2/library', { schema: { ...hidden, querystring: BookPageQuery } }, async (request, reply) => {
      const { ctx, language, reader, texts } = contextOf(request);
      const { page, page_size: pageSize } = request.query;
      const found = await opds.library(reader.user.id, { page, pageSize, language, audience: ctx.audience });
      const head = {
        id: 'urn:inkstream:opds:library',
        title: texts.library[0],
        path: 'library',
        paging: pagingOf(request.query, found.total),
      };
      return send(request, reply, written(acquisitionFeed(ctx, head, found.books)), TYPE.acquisition);
    });

    app.get('/v1.2/continue', { schema: hidden }, async (request, reply) => {
      const { ctx, language, reader, texts } = contextOf(request);
      const found = await opds.continueReading(reader.user.id, language, ctx.audience);
      const paging = { page: 0, pageSize: FEED_BOOKS_PER_PAGE, total: found.total };
      const head = { id: 'urn:inkstream:opds:continue', title: texts.continue[0], path: 'continue', paging };
      return send(request, reply, written(acquisitionFeed(ctx, head, found.books)), TYPE.acquisition);
    });

    app.get('/v1.2/opensearch.xml', { schema: hidden }, async (request, reply) => {
      const { ctx } = contextOf(request);
      const document = await shared(ctx, 'opensearch', async (at) => openSearchDescription(at));
      return send(request, reply, document, TYPE.openSearch);
    });

    app.get('/v1.2/search', { schema: { ...hidden, querystring: SearchQuery } }, async (request, reply) => {
      const { ctx, language, texts } = contextOf(request);
      const { page, page_size: pageSize } = request.query;
      const q = request.query.q.trim();
      const document = await shared(ctx, `search\n${page}\n${pageSize}\n${q}`, async (at) => {
        // An empty search lists nothing (the site's search without words would list everything).
        const found =
          q === '' ? { books: [], total: 0 } : await opds.bookList('search', { page, pageSize, language, q, audience: ctx.audience });
        const paging = { ...pagingOf(request.query, found.total), keep: { q, ...keepSize(request.query) } };
        const head = { id: 'urn:inkstream:opds:search', title: `${texts.search}: ${q}`, path: 'search', paging };
        return acquisitionFeed(at, head, found.books);
      });
      return send(request, reply, document, TYPE.acquisition);
    });

    app.get(
      '/v1.2/book/:bookUuid',
      { schema: { ...hidden, params: BookParams, querystring: ChapterPageQuery } },
      async (request, reply) => {
        const { ctx, language, reader, texts } = contextOf(request);
        const { page, page_size: pageSize } = request.query;
        const found = await opds.book(request.params.bookUuid, reader.user, { page, pageSize, language, audience: ctx.audience });
        const paging = { page, pageSize, total: found.total, keep: keepSize(request.query, FEED_CHAPTERS_PER_PAGE) };
        // Readers in the same state (locks, last page) share the written document.
        const key = `book\n${found.stateKey}\n${page}\n${pageSize}`;
        const document = await shared(ctx, key, (at) =>
          bookFeed(at, found.book, found.chapters, paging, { ...texts.chapters, epub: texts.novels.epub }),
        );
        return send(request, reply, document, TYPE.acquisition);
      },
    );

    // OPDS-PSE page streaming (docs/OPDS.md "Page streaming"): the entitlement is asked at every page.
    app.get(
      '/v1.2/chapter/:chapterUuid/page/:pageNumber',
      { schema: { ...hidden, params: PageParams, querystring: PageQuery } },
      async (request, reply) => {
        const { reader, language } = contextOf(request);
        const { chapterUuid, pageNumber } = request.params;
        const found = await pages.page(chapterUuid, pageNumber, request.query.maxWidth, reader.user, language);
        reply
          .header('cache-control', found.free ? FREE_PAGE_CACHE : PAID_PAGE_CACHE)
          .header('vary', 'Authorization')
          .header('x-content-type-options', 'nosniff');
        return reply.type('image/jpeg').send(found.jpeg);
      },
    );

    // Novels: a chapter as XHTML, the book as an EPUB (docs/OPDS.md "Novels"), behind the same hook.
    registerNovelRoutes(app, { novels: deps.novels, readerOf: contextOf });
  };
}
