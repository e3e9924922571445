import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

interface Item {
  book_title: string;
  title_highlights?: [number, number][] | null;
}

/** The search's ext fields for the results page: title_highlights on each result, did_you_mean when nothing is found. */
describe('search results: highlights and "did you mean"', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBook(ctx, { titles: { 'en-us': 'The Storm Gate', 'zh-cn': '風暴之門', 'ar-sa': 'بوابة العاصفة' }, popularity: 50 });
    await createBook(ctx, { titles: { 'en-us': 'La Porte des Tempêtes' }, popularity: 40 });
    await createBook(ctx, { titles: { 'en-us': 'ＪＡＤＥ Ｍｏｏｎ' }, popularity: 30 });
    await createBook(ctx, { titles: { 'en-us': 'Буря над городом' }, popularity: 20 });
    await createBook(ctx, { titles: { 'en-us': 'Dragon Harbour' }, tags: ['古典武侠'], popularity: 10 });
  });
  afterAll(() => ctx?.close());

  const search = async (query: string) => {
    const response = await ctx.app.inject(`/api/v1/comics/book/search?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { result: Item[]; total: number; did_you_mean?: string | null };
  };
  /** The highlighted stretches of the first result's title. */
  const marked = async (query: string) => {
    const [first] = (await search(query)).result;
    expect(first, query).toBeDefined();
    return (first!.title_highlights ?? []).map(([start, end]) => first!.book_title.slice(start, end));
  };

  it('marks the matched words of each title, however they were typed', async () => {
    expect(await marked('language=en-us&q=storm')).toEqual(['Storm']);
    expect(await marked('language=en-us&q=tempetes')).toEqual(['Tempêtes']);
    expect(await marked('language=en-us&q=jade')).toEqual(['ＪＡＤＥ']);
    expect(await marked('language=en-us&q=%D0%B1%D1%83%D1%80%D1%8F')).toEqual(['Буря']);
    // Traditional title, Simplified query; Arabic with another letter form.
    expect(await marked(`language=zh-cn&q=${encodeURIComponent('风暴')}`)).toEqual(['風暴']);
    expect(await marked(`language=ar-sa&q=${encodeURIComponent('العاصفه')}`)).toEqual(['العاصفة']);
  });

  it('gives offsets into book_title as returned, and an empty list when the match is not in the title', async () => {
    const { result } = await search(`language=en-us&q=${encodeURIComponent('風暴')}`);
    // Found by its Chinese title; the English title shown has none of the query's words.
    expect(result[0]).toMatchObject({ book_title: 'The Storm Gate', title_highlights: [] });
  });

  it('leaves highlights and "did you mean" out without q', async () => {
    const { result, did_you_mean } = await search('language=en-us');
    expect(result.length).toBe(5);
    for (const item of result) expect(item.title_highlights).toBeUndefined();
    expect(did_you_mean).toBeUndefined();
  });

  it('suggests a corrected query when nothing is found, one that finds books', async () => {
    const found = await search('language=en-us&q=storm');
    expect(found.did_you_mean).toBeNull();
    // Two edits in a six-letter word: more than the search forgives on its own.
    const missed = await search('language=en-us&q=dargonn%20harbour');
    expect(missed.total).toBe(0);
    expect(missed.did_you_mean).toBe('dragon harbour');
    const corrected = await search(`language=en-us&q=${encodeURIComponent(missed.did_you_mean!)}`);
    expect(corrected.total).toBe(1);
  });

  it('suggests nothing when the correction would find nothing with the filters, or nothing is near', async () => {
    expect((await search('language=en-us&q=dargonn&book_type=novel')).did_you_mean).toBeNull();
    expect((await search('language=en-us&q=dargonn')).did_you_mean).toBe('dragon');
    expect((await search('language=en-us&q=zzzzqqq')).did_you_mean).toBeNull();
  });
});
