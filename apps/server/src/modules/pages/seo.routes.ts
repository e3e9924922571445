import { Readable } from 'node:stream';
import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../lib/app-error.js';
import type { Sitemaps } from './sitemap.js';

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

export function seoRoutes(deps: { sitemaps: Sitemaps; publicUrl: string }) {
  const { sitemaps } = deps;
  const robots = robotsTxt(deps.publicUrl);
  return async (app: FastifyInstance) => {
    const hidden = { schema: { hide: true } };
    const xml = (reply: FastifyReply, body: string | Readable) => reply.type(XML).header('cache-control', CRAWLER_CACHE).send(body);
    app.get('/robots.txt', hidden, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(robots),
    );
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
