import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, nextClientIp, type TestBook } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * The OPDS feeds as the server wires them (no test authenticator, the real feed keys): nothing is
 * served to a request without a valid feed key, on either tree (docs/OPDS.md "Feeds"); a key made
 * on the profile opens them at the URL it comes with, and its revocation closes them at once.
 */

let ctx: TestContext;
let book: TestBook;

beforeAll(async () => {
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 2, freeChapters: 1 });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('OPDS feeds without a valid key', () => {
  it('answer 401 with a Basic challenge and no feed, on both trees, for every feed, before looking at the query', async () => {
    const paths = [
      'catalog',
      'new',
      'popular',
      'tags',
      'tag/x',
      'library',
      'continue',
      'opensearch.xml',
      'search?q=a',
      `book/${book.uuid}`,
      'new?page_size=9999',
      'book/not-a-uuid',
    ];
    const basic = { authorization: `Basic ${Buffer.from('someone:not-a-key').toString('base64')}` };
    for (const path of paths) {
      for (const [url, headers] of [
        [`/opds/key/not-a-key/v1.2/${path}`, {}],
        [`/opds/v1.2/${path}`, {}],
        [`/opds/v1.2/${path}`, basic],
      ] as const) {
        // Each from its own address: one bad key sent 36 times from one would be throttled (429) after 10 (feed-keys.test.ts).
        const response = await ctx.app.inject({ method: 'GET', url, headers, remoteAddress: nextClientIp() });
        expect(response.statusCode, url).toBe(401);
        expect(response.headers['www-authenticate'], url).toMatch(/^Basic realm="Inkstream OPDS"/);
        expect(response.body).not.toContain('<feed');
        expect(response.body).not.toContain(book.uuid);
      }
    }
  });
});

describe('OPDS feeds with a key made through the API', () => {
  it('serve the catalogue at the URL the key comes with and by Basic, and refuse it once revoked', async () => {
    const reader = await createUser(ctx);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/feed_keys',
      headers: authHeader(reader),
      remoteAddress: nextClientIp(),
      payload: { name: 'KOReader' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { key, key_id, url } = made.json().data.result as { key: string; key_id: number; url: string };
    const path = new URL(url).pathname;
    expect(path).toBe(`/opds/key/${key}/v1.2/catalog`);
    const basic = { authorization: `Basic ${Buffer.from(`${reader.username}:${key}`).toString('base64')}` };

    const byPath = await ctx.app.inject({ method: 'GET', url: path });
    expect(byPath.statusCode, byPath.body).toBe(200);
    expect(byPath.headers['content-type']).toContain('application/atom+xml;profile=opds-catalog;kind=navigation');
    expect(byPath.body).toContain('<feed');
    const bookFeed = await ctx.app.inject({ method: 'GET', url: `/opds/v1.2/book/${book.uuid}`, headers: basic });
    expect(bookFeed.statusCode, bookFeed.body).toBe(200);
    expect(bookFeed.body).toContain(`urn:uuid:${book.uuid}`);

    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/feed_keys/${key_id}`,
      headers: authHeader(reader),
      remoteAddress: nextClientIp(),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    for (const [target, headers] of [
      [path, {}],
      [`/opds/v1.2/book/${book.uuid}`, basic],
    ] as const) {
      const after = await ctx.app.inject({ method: 'GET', url: target, headers });
      expect(after.statusCode, target).toBe(401);
      expect(after.body).not.toContain('<feed');
    }
  });
});
