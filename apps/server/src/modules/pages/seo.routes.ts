import { Readable } from 'node:stream';
import { ErrorCode, normalizeLanguage } from '@inkstream/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import type { Sitemaps } from './sitemap.js';
import { choosePageLanguage } from './seo-language.js';
import { webManifest } from './web-manifest.js';

/** Crawlers fetch these rarely; an hour of caching keeps repeated fetches off the database. */
const CRAWLER_CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/** robots.txt is built here, not kept in apps/web/public, because its Sitemap line must be absolute (PUBLIC_URL). */
export const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /profile',
    'Disallow: /library',
    'Disallow: /offline',
    'Disallow: /admin',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

/** As the other files of apps/web/public were: an hour, the site name's changes reach installs within it. */
const MANIFEST_CACHE = 'public, max-age=3600';
const MANIFEST = 'application/manifest+json; charset=utf-8';

export function seoRoutes(deps: { sitemaps: Sitemaps; publicUrl: string; siteName: () => Promise<string> }) {
  const { sitemaps } = deps;
  const robots = robotsTxt(deps.publicUrl);
  return async (app: FastifyInstance) => {
    const hidden = { schema: { hide: true } };
    const xml = (reply: FastifyReply, body: string | Readable) => reply.type(XML).header('cache-control', CRAWLER_CACHE).send(body);
    app.get('/robots.txt', hidden, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(robots),
    );
    // The install manifest in each language (issue 56): every page's head links its language's
    // (seo-head.ts). The bare name, linked by pages of older builds, follows the page's language rules.
    app.get<{ Params: { language: string } }>('/manifest.:language(^[a-zA-Z-]{2,10}).webmanifest', hidden, async (request, reply) => {
      const language = normalizeLanguage(request.params.language);
      if (!language) throw notFound(ErrorCode.NOT_FOUND, 'No manifest in that language');
      return reply
        .type(MANIFEST)
        .header('cache-control', MANIFEST_CACHE)
        .send(JSON.stringify(webManifest(language, await deps.siteName())));
    });
    app.get('/manifest.webmanifest', hidden, async (request, reply) => {
      const { language } = choosePageLanguage(null, request.headers['accept-language'], request.headers.cookie);
      return reply
        .type(MANIFEST)
        .header('cache-control', MANIFEST_CACHE)
        .header('vary', 'Accept-Language, Cookie')
        .send(JSON.stringify(webManifest(language, await deps.siteName())));
    });
    app.get('/sitemap.xml', hidden, async (_request, reply) => xml(reply, await sitemaps.index()));
    app.get('/sitemap-pages.xml', hidden, async (_request, reply) => xml(reply, await sitemaps.pages()));
    app.get<{ Params: { n: string } }>('/sitemap-books-:n(^\\d{1,9}).xml', hidden, async (request, reply) => {
      const chunks = await sitemaps.books(Number(request.params.n));
      if (!chunks) throw notFound(ErrorCode.NOT_FOUND, 'No such sitemap');
      return xml(reply, Readable.from(chunks));
    });
    app.get<{ Params: { n: string } }>('/sitemap-authors-:n(^\\d{1,6}).xml', hidden, async (request, reply) => {
      const chunks = await sitemaps.authors(Number(request.params.n));
      if (!chunks) throw notFound(ErrorCode.NOT_FOUND, 'No such sitemap');
      return xml(reply, Readable.from(chunks));
    });
  };
}
