import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/lib/time.js';
import { createBook, type BookOptions, type TestBook } from './helpers/factories.js';
import { refreshDiscovery, startReading, visitorId, visitors } from './helpers/discovery-fixtures.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Rankings (docs/DISCOVERY.md "Rankings") on a made catalogue with known reading events at chosen
 * moments, computed at a fixed moment T: the exact order of each ranking, ties, the minimum of
 * ratings for top rated, movement since the period before, filters, exclusion and the 100 cap.
 */
let ctx: TestContext;
const T = Date.now();
const HOUR = 60 * 60_000;
const books: Record<string, TestBook> = {};

async function book(name: string, options: BookOptions = {}) {
  books[name] = await createBook(ctx, { chapters: 1, titles: { 'en-us': `Book ${name}` }, ...options });
  return books[name];
}

/** The ranking as [title, previous_rank, readers] per entry. */
async function ranking(kind: string, query = '') {
  const response = await ctx.app.inject(`/api/v1/comics/rankings/${kind}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json().data;
  return {
    entries: body.result.map((entry: { book_title: string; previous_rank: number | null; readers: number; rank: number }) => [
      entry.book_title.replace('Book ', ''),
      entry.previous_rank,
      entry.readers,
    ]),
    ranks: body.result.map((entry: { rank: number }) => entry.rank),
    total: body.total,
    period: body.period,
    computedAt: body.computed_at,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await book('A', { tags: ['action'], popularity: 5 });
  await book('B', { tags: ['action'], bookType: 'novel', popularity: 10 });
  await book('C', { tags: ['romance'], popularity: 50 });
  await book('D', { tags: ['action'] });
  await book('E');
  await book('F', { isPublished: false });
  await book('G');
  await book('H');
  await book('I');
  await book('L');
  await book('N1');
  await book('N2');
  await book('N3');
  await book('K1', { status: 'completed' });
  await book('K2', { status: 'completed' });
  await book('K3', { status: 'completed' });
  // The operator keeps D out of rankings; it would top the day and the week.
  await ctx.db.updateTable('books').set({ ranking_excluded: 1 }).where('id', '=', books.D!.id).execute();
  // Ratings: A 20 × 9.5, G and I 5 × 10, L 40 × 4, H 4 × 10 (below the minimum of 5).
  for (const [name, count, sum] of [
    ['A', 20, 190],
    ['G', 5, 50],
    ['I', 5, 50],
    ['L', 40, 160],
    ['H', 4, 40],
  ] as const) {
    await ctx.db.updateTable('books').set({ rating_count: count, rating_sum: sum }).where('id', '=', books[name]!.id).execute();
  }
  // New books: first chapter 2, 10 and 5 days before T (the others' came out 1,000 days ago).
  for (const [name, daysAgo] of [
    ['N1', 2],
    ['N2', 10],
    ['N3', 5],
  ] as const) {
    await ctx.db
      .updateTable('chapters')
      .set({ created_at: T - daysAgo * DAY_MS })
      .where('book_id', '=', books[name]!.id)
      .execute();
  }

  const read = (name: string, readers: readonly (number | string)[], at: number) => startReading(ctx, books[name]!.id, readers, at);
  // A: 2 readers in the last 24 h, 1 the day before, 3 more this week, 1 the week before.
  await read('A', visitors('a', 2), T - 2 * HOUR);
  await read('A', visitors('a', 1, 2), T - 30 * HOUR);
  await read('A', visitors('a', 3, 3), T - 3 * DAY_MS);
  await read('A', visitors('a', 1, 6), T - 10 * DAY_MS);
  // B: 3 this week, 6 the week before (falling). C: 3 this week, none before; more popular than B.
  await read('B', visitors('b', 3), T - 3 * DAY_MS);
  await read('B', visitors('b', 6, 3), T - 10 * DAY_MS);
  await read('C', visitors('c', 3), T - 4 * DAY_MS);
  // One reader's three starts count once.
  await read('C', [visitorId('c', 0), visitorId('c', 0)], T - 5 * DAY_MS);
  // D (excluded) and F (unpublished): many readers, never ranked.
  await read('D', visitors('d', 10), T - HOUR);
  await read('F', visitors('f', 20), T - HOUR);
  await read('N1', visitors('n1', 2), T - 60 * HOUR);
  await read('N2', visitors('n2', 2), T - 16 * DAY_MS);
  await read('K2', visitors('k2', 4), T - 20 * DAY_MS);
  await read('K1', visitors('k1', 1), T - 20 * DAY_MS);
  await read('K1', visitors('k1', 3, 1), T - 40 * DAY_MS);
  await read('K2', visitors('k2', 1, 4), T - 40 * DAY_MS);
  // Outside every window (more than 60 days before T): counted nowhere.
  await read('E', visitors('e', 5), T - 70 * DAY_MS);
  await refreshDiscovery(ctx, T);
});
afterAll(() => ctx.close());

describe(`rankings (${TEST_DIALECT})`, () => {
  it('popular: readers in the period, ties by all-time popularity then id, with the rank a period earlier', async () => {
    const week = await ranking('popular');
    expect(week.period).toBe('week');
    expect(week.computedAt).toBe(new Date(T).toISOString());
    // A 6 readers (was 2nd: 1 reader), C 3 (more popular than B), B 3 (was 1st: 6 readers), N1 2 (new entry).
    expect(week.entries).toEqual([
      ['A', 2, 6],
      ['C', null, 3],
      ['B', 1, 3],
      ['N1', null, 2],
    ]);
    expect(week.ranks).toEqual([1, 2, 3, 4]);
    expect(week.total).toBe(4);

    expect((await ranking('popular', '?period=day')).entries).toEqual([['A', 1, 2]]);
    // The month: B 9, A 7, K2 4, C 3, N1 and N2 2 (same popularity: the older id first), K1 1.
    expect((await ranking('popular', '?period=month')).entries).toEqual([
      ['B', null, 9],
      ['A', null, 7],
      ['K2', 2, 4],
      ['C', null, 3],
      ['N1', null, 2],
      ['N2', null, 2],
      ['K1', 1, 1],
    ]);
  });

  it('filters by tag and by kind, with the previous rank in the same filtered list', async () => {
    expect((await ranking('popular', '?tag=action')).entries).toEqual([
      ['A', 2, 6],
      ['B', 1, 3],
    ]);
    expect((await ranking('popular', '?book_type=novel')).entries).toEqual([['B', 1, 3]]);
    expect((await ranking('popular', '?tag=action&book_type=comic')).entries).toEqual([['A', 1, 6]]);
    const unknown = await ranking('popular', '?tag=no-such-tag');
    expect(unknown).toMatchObject({ entries: [], total: 0 });
  });

  it('rising: at least 3 readers and more than the period before, by growth against the period before', async () => {
    // A (6 from 1: 5/6), C (3 from 0: 3/5); B fell, N1 has 2 readers.
    expect((await ranking('rising')).entries).toEqual([
      ['A', null, 6],
      ['C', null, 3],
    ]);
    expect((await ranking('rising', '?period=day')).entries).toEqual([]);
  });

  it('top rated: the Bayesian average among books with at least 5 ratings, ties by id', async () => {
    const top = await ranking('top_rated');
    // A's twenty 9.5s above G's five 10s (the prior weighs five ratings little, whatever the
    // catalogue's mean between 1 and 9); G and I tie: the older first; H has 4 ratings: not ranked.
    expect(top.entries.map((entry: unknown[]) => entry[0])).toEqual(['A', 'G', 'I', 'L']);
    expect(top.period).toBe('month');
    expect(top.entries[0]).toEqual(['A', null, 7]);
  });

  it('new: first chapter within 30 days, by the month readers then the newest first chapter', async () => {
    expect((await ranking('new')).entries).toEqual([
      ['N1', null, 2],
      ['N2', null, 2],
      ['N3', null, 0],
    ]);
  });

  it('completed: by the month readers, with the rank by the month before', async () => {
    expect((await ranking('completed')).entries).toEqual([
      ['K2', 2, 4],
      ['K1', 1, 1],
      ['K3', null, 0],
    ]);
  });

  it('never ranks an excluded or unpublished book', async () => {
    for (const [kind, query] of [
      ['popular', '?period=day'],
      ['popular', '?period=week'],
      ['rising', '?period=day'],
    ]) {
      const names = (await ranking(kind!, query)).entries.map((entry: unknown[]) => entry[0]);
      expect(names).not.toContain('D');
      expect(names).not.toContain('F');
    }
  });

  it('refuses bad input with 400 and a stable code', async () => {
    for (const url of [
      '/comics/rankings/trending',
      '/comics/rankings/popular?period=year',
      '/comics/rankings/popular?page_size=0',
      '/comics/rankings/popular?page_size=51',
      '/comics/rankings/popular?page=-1',
      '/comics/rankings/popular?book_type=manga',
    ]) {
      const response = await ctx.app.inject(`/api/v1${url}`);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code, url).toBe('VALIDATION_FAILED');
    }
    const language = await ctx.app.inject('/api/v1/comics/rankings/popular?language=xx');
    expect([language.statusCode, language.json().code]).toEqual([400, 'INVALID_LANGUAGE']);
    // Closed query, as every request of the API (docs/API.md "Input rules"): a parameter it does
    // not name is dropped, never acted on.
    const extra = await ctx.app.inject('/api/v1/comics/rankings/popular?sort=asc&limit=1000');
    expect(extra.statusCode).toBe(200);
    expect(extra.json().data.result.map((entry: { book_title: string }) => entry.book_title)).toEqual([
      'Book A',
      'Book C',
      'Book B',
      'Book N1',
    ]);
  });

  it('is a cached public read', async () => {
    const first = await ctx.app.inject('/api/v1/comics/rankings/popular?period=week');
    expect(first.headers['cache-control']).toMatch(/^public/);
    const again = await ctx.app.inject('/api/v1/comics/rankings/popular?period=week');
    expect(again.body).toBe(first.body);
  });

  it('holds at most 100 books, paged', async () => {
    const bulk: TestBook[] = [];
    for (let i = 0; i < 105; i += 1) bulk.push(await createBook(ctx, { tags: ['bulk'] }));
    // Book i has i + 1 readers this month: the 100 most read are the last 100.
    for (const [i, made] of bulk.entries()) await startReading(ctx, made.id, visitors(`bulk${i}`, i + 1), T - 20 * DAY_MS);
    await refreshDiscovery(ctx, T);
    const first = await ctx.app.inject('/api/v1/comics/rankings/popular?period=month&tag=bulk&page_size=50');
    expect(first.json().data.total).toBe(100);
    expect(first.json().data.result[0].readers).toBe(105);
    const second = (await ctx.app.inject('/api/v1/comics/rankings/popular?period=month&tag=bulk&page_size=50&page=1')).json().data;
    expect(second.result.map((entry: { rank: number }) => entry.rank)).toEqual(Array.from({ length: 50 }, (_, i) => 51 + i));
    expect(second.result.at(-1).readers).toBe(6);
    const past = (await ctx.app.inject('/api/v1/comics/rankings/popular?period=month&tag=bulk&page_size=50&page=2')).json().data;
    expect(past).toMatchObject({ result: [], total: 100 });
  });
});

describe(`top rated with COMMUNITY=off (${TEST_DIALECT})`, () => {
  it('does not exist (404), as the book list sorted by rating', async () => {
    const off = await createTestContext({ COMMUNITY: 'off' });
    try {
      const response = await off.app.inject('/api/v1/comics/rankings/top_rated');
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
      expect((await off.app.inject('/api/v1/comics/rankings/popular')).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
