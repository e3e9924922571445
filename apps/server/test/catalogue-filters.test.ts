import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/** The ext filters of the book list: tags in and out, status, free chapters; with and without a search. */
describe('book list filters', () => {
  let ctx: TestContext;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    ctx = await createTestContext();
    const books: [title: string, options: Parameters<typeof createBook>[1]][] = [
      ['Storm Gate', { tags: ['玄幻奇幻', '古典武侠'], status: 'ongoing', freeChapters: 3, popularity: 50 }],
      ['Storm Witness', { tags: ['悬疑推理'], status: 'completed', freeChapters: 0, popularity: 40 }],
      ['Jade Storm', { tags: ['古典武侠', '古代言情'], status: 'completed', freeChapters: 5, popularity: 30, bookType: 'novel' }],
      ['Quiet Harbour', { tags: ['古代言情'], status: 'ongoing', freeChapters: 2, popularity: 20 }],
    ];
    for (const [title, options] of books) {
      const book = await createBook(ctx, { ...options, titles: { 'en-us': title } });
      ids.set(book.uuid, title);
    }
  });
  afterAll(() => ctx?.close());

  const list = async (query: string) => {
    const response = await ctx.app.inject(`/api/v1/comics/book/search?language=en-us&order_by=popularity&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const { result, total } = response.json().data as { result: { book_uuid: string }[]; total: number };
    expect(total).toBe(result.length);
    return result.map((book) => ids.get(book.book_uuid));
  };
  const tags = (...names: string[]) => encodeURIComponent(names.join(','));

  it('keeps books that have every tag asked for, and none of the excluded ones', async () => {
    expect(await list(`tags=${tags('古典武侠')}`)).toEqual(['Storm Gate', 'Jade Storm']);
    expect(await list(`tags=${tags('古典武侠', '古代言情')}`)).toEqual(['Jade Storm']);
    expect(await list(`exclude_tags=${tags('古代言情')}`)).toEqual(['Storm Gate', 'Storm Witness']);
    expect(await list(`tag=${tags('古典武侠')}&exclude_tags=${tags('玄幻奇幻')}`)).toEqual(['Jade Storm']);
    expect(await list(`tags=${tags('no such tag')}`)).toEqual([]);
    expect(await list(`exclude_tags=${tags('no such tag')}`)).toHaveLength(4);
  });

  it('narrows by status and by free chapters, and combines with the kind and a search', async () => {
    expect(await list('status=completed')).toEqual(['Storm Witness', 'Jade Storm']);
    expect(await list('status=ongoing')).toEqual(['Storm Gate', 'Quiet Harbour']);
    expect(await list('has_free=true')).toEqual(['Storm Gate', 'Jade Storm', 'Quiet Harbour']);
    expect(await list('has_free=false')).toEqual(['Storm Witness']);
    expect(await list('status=completed&has_free=true&book_type=novel')).toEqual(['Jade Storm']);
    expect(await list(`q=storm&status=completed`)).toEqual(['Storm Witness', 'Jade Storm']);
    expect(await list(`q=storm&exclude_tags=${tags('悬疑推理')}&has_free=true`)).toEqual(['Storm Gate', 'Jade Storm']);
  });

  it('refuses more than 10 tags and a bad status or flag with 400', async () => {
    const many = tags(...Array.from({ length: 11 }, (_, i) => `tag${i}`));
    for (const query of [`tags=${many}`, `exclude_tags=${many}`, 'status=paused', 'has_free=maybe']) {
      const response = await ctx.app.inject(`/api/v1/comics/book/search?language=en-us&${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
