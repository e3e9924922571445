import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@inkstream/contracts';
import { AppError } from '../src/lib/app-error.js';
import type { FeedAuthenticator, FeedReader } from '../src/modules/opds/feed-reader.js';
import { createBook, createUser, grantMembership, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * The OPDS 1.2 feeds read by a real OPDS client library (`opds-feed-parser`, the New York Public
 * Library's parser, an apps/server dev dependency): every feed an app reaches from the root parses,
 * with the titles, links, categories and counts the feeds mean. The strict namespace checks are
 * in opds-feeds.test.ts.
 */

interface ParsedLink {
  href: string;
  rel: string;
  type: string;
}
interface ParsedEntry {
  id: string;
  title: string;
  links: ParsedLink[];
  categories: { term: string; scheme: string; label: string }[];
  authors: { name: string }[];
}
interface ParsedFeed {
  id: string;
  title: string;
  links: ParsedLink[];
  entries: ParsedEntry[];
  search: { totalResults: number; startIndex: number; itemsPerPage: number };
}
type OpdsParserModule = {
  default: new () => { parse(xml: string): Promise<ParsedFeed> };
  OPDSAcquisitionLink: new (...args: never[]) => ParsedLink;
};
// A CommonJS package without an ES export of its default: loaded as CommonJS.
const opds = createRequire(import.meta.url)('opds-feed-parser') as OpdsParserModule;
const parser = new opds.default();

const BUY = 'http://opds-spec.org/acquisition/buy';
let ctx: TestContext;
const keys = new Map<string, FeedReader>();
const authenticate: FeedAuthenticator = async (_request, feedKey) => {
  const reader = feedKey === null ? undefined : keys.get(feedKey);
  if (!reader) throw new AppError(ErrorCode.AUTH_REQUIRED, 401, 'A feed key is required');
  return reader;
};
let reader: TestUser;
let member: TestUser;
let book: TestBook;
const root = (user: TestUser) => `/opds/key/key-${user.username}/v1.2/`;

async function parsed(url: string): Promise<ParsedFeed> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return parser.parse(response.body);
}

beforeAll(async () => {
  ctx = await createTestContext({}, { feedAuthenticate: authenticate });
  book = await createBook(ctx, { chapters: 3, freeChapters: 1, tags: ['drama'], titles: { 'en-us': `Tom & "Jerry" <3` }, author: 'Ann' });
  for (let i = 0; i < 3; i += 1) await createBook(ctx, { updatedAt: Date.now() - (i + 1) * 60_000 });
  reader = await createUser(ctx);
  member = await createUser(ctx);
  await grantMembership(ctx, member.id, { days: 30 });
  for (const user of [reader, member]) {
    keys.set(`key-${user.username}`, {
      user: { id: user.id, uuid: user.uuid, username: user.username, role: 'user' },
      keyId: user.id,
      language: 'en-us',
    });
  }
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('OPDS feeds read by opds-feed-parser', () => {
  it('parses every feed reached from the root', async () => {
    const catalog = await parsed(`${root(reader)}catalog`);
    expect(catalog.entries.map((entry) => entry.title)).toEqual(['New', 'Popular', 'By tag', 'My library', 'Continue reading']);
    expect(catalog.links.filter((link) => link.rel === 'search').map((link) => link.type)).toEqual([
      'application/opensearchdescription+xml',
      'application/atom+xml;profile=opds-catalog;kind=acquisition',
    ]);
    for (const entry of catalog.entries) {
      const target = entry.links[0]!.href;
      expect(target.startsWith(root(reader))).toBe(true);
      const feed = await parsed(target);
      expect(feed.links.find((link) => link.rel === 'self')?.href).toBe(target);
    }
  });

  it('reads books with their escaped titles, authors, tags, covers and paging counts', async () => {
    const feed = await parsed(`${root(reader)}new?page_size=2`);
    expect(feed.search).toEqual({ totalResults: 4, startIndex: 1, itemsPerPage: 2 });
    expect(feed.links.find((link) => link.rel === 'next')?.href).toBe(`${root(reader)}new?page_size=2&page=1`);
    const first = feed.entries[0]!;
    expect(first.id).toBe(`urn:uuid:${book.uuid}`);
    expect(first.title).toBe(`Tom & "Jerry" <3`);
    expect(first.authors.map((author) => author.name)).toEqual(['Ann']);
    expect(first.categories.map((category) => category.term)).toEqual(['drama']);
    expect(first.links.map((link) => link.rel)).toEqual([
      'http://opds-spec.org/image',
      'http://opds-spec.org/image/thumbnail',
      'subsection',
    ]);
  });

  it('reads a locked chapter as one buy link to the top-up page, and the same chapter as readable for a member', async () => {
    const locked = (await parsed(`${root(reader)}book/${book.uuid}`)).entries;
    expect(locked).toHaveLength(3);
    for (const chapter of locked.slice(1)) {
      expect(chapter.links).toHaveLength(1);
      expect(chapter.links[0]).toBeInstanceOf(opds.OPDSAcquisitionLink);
      expect(chapter.links[0]).toMatchObject({ rel: BUY, type: 'text/html', href: `${ctx.config.publicUrl}/profile#top-up` });
    }
    const open = (await parsed(`${root(member)}book/${book.uuid}`)).entries;
    for (const chapter of open) expect(chapter.links.some((link) => link.rel === BUY)).toBe(false);
  });
});
