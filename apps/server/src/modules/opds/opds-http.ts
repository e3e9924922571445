import { createHash } from 'node:crypto';
import type { Audiences } from '../access/audiences.js';
import { openOnly, type Audience } from '../access/content-rating.js';
import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/app-error.js';
import type { FeedAuthenticator, FeedReader } from './feed-reader.js';
import { FEED_BOOKS_PER_PAGE, FEED_CHAPTERS_PER_PAGE } from './opds.service.js';

/**
 * What the OPDS 1.2 (Atom) and OPDS 2.0 (JSON) routes share: who reads (the feed key, settled
 * before anything else), the query schemas and paging, and how a feed is sent (ETag, 304, cache
 * headers). docs/OPDS.md "Feeds" and "OPDS 2.0".
 */

/**
 * Every feed is one reader's (it is behind their key, and book feeds carry their lock state): no
 * shared cache may keep it, and the app revalidates each time, cheaply, with the ETag (304).
 */
export const FEED_CACHE = 'private, max-age=0, must-revalidate';
/**
 * A paid page (or what lists a paid chapter's pages) is the product: no cache may keep it, so
 * every view asks again and the entitlement is checked at that moment.
 */
export const PAID_PAGE_CACHE = 'private, no-store';
/** What apps understand as "log in" (Panels, KOReader and Thorium ask for a user name and password). */
export const FEED_CHALLENGE = 'Basic realm="Inkstream OPDS", charset="UTF-8"';

/** Generous but finite page numbers (as the catalogue's), so none can overflow a query. */
export const PAGE_MAX = 1_000_000;
const Page = Type.Integer({ minimum: 0, maximum: PAGE_MAX, default: 0, description: '0-based page of the list' });
export const BookPageQuery = Type.Object({
  page: Page,
  page_size: Type.Integer({ minimum: 1, maximum: FEED_BOOKS_PER_PAGE, default: FEED_BOOKS_PER_PAGE }),
});
export const ChapterPageQuery = Type.Object({
  page: Page,
  page_size: Type.Integer({ minimum: 1, maximum: FEED_CHAPTERS_PER_PAGE, default: FEED_CHAPTERS_PER_PAGE }),
});
export const NO_CONTROL = '^[^\\u0000-\\u001f\\u007f]*$';
/** Search words: at most 100 characters on one line (the site's search box). */
export const SearchWords = Type.String({ minLength: 0, maxLength: 100, pattern: NO_CONTROL, default: '' });
export const TagParams = Type.Object({ tag: Type.String({ minLength: 1, maxLength: 64, pattern: NO_CONTROL }) });
export const BookParams = Type.Object({ bookUuid: Type.String({ format: 'uuid' }) });
export const ChapterParams = Type.Object({ chapterUuid: Type.String({ format: 'uuid' }) });

/** A page size other than the default is kept in the page links. */
export const keepSize = (query: { page_size: number }, standard = FEED_BOOKS_PER_PAGE): Record<string, string> =>
  query.page_size === standard ? {} : { page_size: String(query.page_size) };

export const pagingOf = (query: { page: number; page_size: number }, total: number) => ({
  page: query.page,
  pageSize: query.page_size,
  total,
  keep: keepSize(query),
});

/** A strong ETag of a document's bytes (they change with anything shown, the reader's locks included). */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether If-None-Match names this ETag (a list, weak forms and `*` included). */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const value = part.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/** A feed answer: its ETag known first, its bytes made only when sent (a 304 never makes them). */
export interface FeedDocument {
  etag: string;
  body(): string;
}

/** Sends a feed document with its ETag and the feed cache headers, or 304 when the app has it already. */
export function sendDocument(request: FastifyRequest, reply: FastifyReply, document: FeedDocument, type: string, cache = FEED_CACHE) {
  reply.header('etag', document.etag).header('cache-control', cache).header('vary', 'Authorization');
  if (matches(request.headers['if-none-match'], document.etag)) return reply.code(304).send();
  return reply.type(type).send(document.body());
}

/** Sends a document written for this request (its ETag hashes its bytes). */
export function sendFeed(request: FastifyRequest, reply: FastifyReply, body: string, type: string, cache = FEED_CACHE) {
  return sendDocument(request, reply, { etag: etagOf(body), body: () => body }, type, cache);
}

/**
 * Settles who reads before anything else, the query's validation included (a request without a
 * valid key learns nothing, not even whether its page number would have been good), and makes
 * every 401 ask apps for a login. Returns the reader of a request.
 */
export function feedReaders(
  app: FastifyInstance,
  authenticate: FeedAuthenticator,
  audiences: Pick<Audiences, 'of'>,
): (request: FastifyRequest) => FeedReader & { audience: Audience } {
  // The authenticator sets its own challenge; this covers any other 401.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 401 && !reply.hasHeader('www-authenticate')) reply.header('www-authenticate', FEED_CHALLENGE);
    return payload;
  });
  const readers = new WeakMap<FastifyRequest, FeedReader & { audience: Audience }>();
  app.addHook('onRequest', async (request) => {
    const { feedKey } = request.params as { feedKey?: string };
    const reader = await authenticate(request, feedKey ?? null);
    // Issue 61: an app shows no blurred card: what the owner may not open is not in their feeds.
    readers.set(request, { ...reader, audience: openOnly(await audiences.of(reader.user)) });
  });
  return (request) => {
    const reader = readers.get(request);
    if (!reader) throw new AppError(ErrorCode.AUTH_REQUIRED, 401, 'A feed key is required');
    return reader;
  };
}

/**
 * The base path of a version in the request's tree, ending in `/{version}/`: `/opds/key/{key}/v2/`
 * or `/opds/v2/`. Asked for the other version (an OPDS 2.0 manifest listing the OPDS 1.2 page
 * URLs), the same tree's base for that version.
 */
export function treeBase(request: FastifyRequest, version: 'v1.2' | 'v2'): string {
  const path = request.url.split('?')[0] ?? '';
  const at = /\/v(?:1\.2|2)\//.exec(path);
  return `${path.slice(0, at?.index ?? 0)}/${version}/`;
}
