import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, type TestBook } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * The OPDS feeds as the server wires them (no test authenticator): nothing is served to a request
 * without a valid feed key, on either tree (docs/OPDS.md "Feeds"). Until the feed keys are wired,
 * every request is refused; once they are, these keys are simply unknown: 401 either way.
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
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(401);
        expect(response.headers['www-authenticate'], url).toMatch(/^Basic realm="Inkstream OPDS"/);
        expect(response.body).not.toContain('<feed');
        expect(response.body).not.toContain(book.uuid);
      }
    }
  });
});
