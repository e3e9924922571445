import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceFor, DEFAULT_RATING_POLICY } from '../src/modules/access/content-rating.js';
import { DAY_MS } from '../src/lib/time.js';
import { createDiscoveryRefresh, RefreshOvertaken } from '../src/modules/discovery/discovery-refresh.js';
import { createHousekeeping } from '../src/modules/housekeeping/housekeeping.js';
import { createRankingSnapshot } from '../src/modules/catalogue/ranking-snapshot.js';
import { createDiscoverySnapshot } from '../src/modules/discovery/discovery-snapshot.js';
import { until } from './helpers/until.js';
import { readDiscoveryVersion } from '../src/modules/discovery/discovery.repository.js';
import { authHeader, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { insertReaders, refreshDiscovery, startReading, visitors } from './helpers/discovery-fixtures.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';
/** The default site's audience for a visitor (no adult book). */
const EVERYONE = audienceFor(DEFAULT_RATING_POLICY, { ageConfirmed: false });

/**
 * "Readers also read" and "because you read" (docs/DISCOVERY.md) on made reading: co-reading by
 * signed-in readers within 90 days, normalised by popularity, never the book itself nor a book the
 * reader finished; and the background computation's memory bound and its race with another.
 */
let ctx: TestContext;
const T = Date.now();
const books: Record<string, TestBook> = {};
const names = new Map<string, string>();
let readers: number[];
let reader: TestUser;

async function book(name: string, options: Parameters<typeof createBook>[1] = {}) {
  books[name] = await createBook(ctx, { chapters: 2, titles: { 'en-us': `Book ${name}` }, ...options });
  names.set(books[name].uuid, name);
}

/** The also-read list of a book as names, as a visitor or as `user`. */
async function alsoRead(name: string, user: TestUser | null = null) {
  const response = await ctx.app.inject({
    url: `/api/v1/comics/book/${books[name]!.uuid}/also_read?language=en-us`,
    headers: user ? authHeader(user) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    names: response.json().data.result.map((entry: { book_uuid: string }) => names.get(entry.book_uuid)),
    cacheControl: response.headers['cache-control'],
  };
}

const tables = async () => ({
  stats: await ctx.db.selectFrom('discovery_book_stats').selectAll().orderBy('book_id').execute(),
  alsoRead: (await ctx.db.selectFrom('discovery_also_read').selectAll().orderBy('book_id').orderBy('position').execute()).map((row) => ({
    ...row,
    score: Math.round(Number(row.score) * 1e6),
  })),
});

beforeAll(async () => {
  ctx = await createTestContext();
  reader = await createUser(ctx);
  readers = await insertReaders(ctx, 20);
  for (const name of ['P', 'N1', 'N2', 'Y', 'Z', 'X', 'O']) await book(name);
  await book('Q', { isPublished: false });
  const at = T - 5 * DAY_MS;
  const read = (name: string, who: readonly (number | string)[], when = at) => startReading(ctx, books[name]!.id, who, when);
  // P: everyone's book. N1: readers 0–3, N2: readers 0–2 (the niche pair). Y: reader 0 only.
  await read('P', readers);
  await read('N1', readers.slice(0, 4));
  await read('N2', readers.slice(0, 3));
  await read('Y', readers.slice(0, 1));
  // Q was read by N1's readers, then withdrawn: never listed.
  await read('Q', readers.slice(0, 4));
  // Visitors read N1 and X together: visitor ids are free to invent, they pair nothing.
  await read('N1', visitors('v', 5));
  await read('X', visitors('v', 5));
  // 100 days ago (outside the 90-day window), readers 5–9 read N1 and O.
  await read('N1', readers.slice(5, 10), T - 100 * DAY_MS);
  await read('O', readers.slice(5, 10), T - 100 * DAY_MS);
  await refreshDiscovery(ctx, T);
});
afterAll(() => ctx.close());

describe(`readers also read (${TEST_DIALECT})`, () => {
  it('ranks a niche pair above the book everyone reads, never the book itself, never a pair of one reader', async () => {
    // N1–N2: 3 shared readers of 4 and 3 (0.87); N1–P: 4 shared of 4 and 20 (0.45): more shared
    // readers, but P is everyone's book.
    expect((await alsoRead('N1')).names).toEqual(['N2', 'P']);
    expect((await alsoRead('N2')).names).toEqual(['N1', 'P']);
    expect((await alsoRead('P')).names).toEqual(['N1', 'N2']);
    // Y shares one reader with the others; X only visitors; O only reading older than 90 days.
    expect((await alsoRead('Y')).names).toEqual([]);
    expect((await alsoRead('X')).names).toEqual([]);
    expect((await alsoRead('O')).names).toEqual([]);
  });

  it("with a token, leaves out the books the reader finished (the newest chapter's finish), privately", async () => {
    const finish = (name: string, chapterIndex: number) =>
      ctx.db
        .insertInto('chapter_reads')
        .values({
          reader_key: `u:${reader.id}`,
          chapter_id: books[name]!.chapters[chapterIndex]!.id,
          book_id: books[name]!.id,
          read_at: T - 3 * DAY_MS,
          finished_at: T - 3 * DAY_MS,
        })
        .execute();
    await finish('N2', 1); // the newest chapter: finished
    await finish('P', 0); // the first of two: still reading
    const mine = await alsoRead('N1', reader);
    expect(mine.names).toEqual(['P']);
    expect(mine.cacheControl).toBe('private, no-store');
    const visitor = await alsoRead('N1');
    expect(visitor.names).toEqual(['N2', 'P']);
    expect(visitor.cacheControl).toMatch(/^public/);
  });

  it('answers 404 for an unknown or unpublished book and 400 for a bad uuid', async () => {
    const unknown = await ctx.app.inject('/api/v1/comics/book/00000000-0000-4000-8000-000000000000/also_read');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'BOOK_NOT_FOUND']);
    const withdrawn = await ctx.app.inject(`/api/v1/comics/book/${books.Q!.uuid}/also_read`);
    expect([withdrawn.statusCode, withdrawn.json().code]).toEqual([404, 'BOOK_NOT_FOUND']);
    const bad = await ctx.app.inject('/api/v1/comics/book/not-a-uuid/also_read');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const language = await ctx.app.inject(`/api/v1/comics/book/${books.N1!.uuid}/also_read?language=xx`);
    expect([language.statusCode, language.json().code]).toEqual([400, 'INVALID_LANGUAGE']);
  });

  it('because you read: the most recent of your books whose list still has something', async () => {
    // The reader's newest read is Z (no list), then N1 (N2 finished above, P left).
    await ctx.db
      .insertInto('chapter_reads')
      .values([
        {
          reader_key: `u:${reader.id}`,
          chapter_id: books.N1!.chapters[0]!.id,
          book_id: books.N1!.id,
          read_at: T - 2 * DAY_MS,
          finished_at: null,
        },
        {
          reader_key: `u:${reader.id}`,
          chapter_id: books.Z!.chapters[0]!.id,
          book_id: books.Z!.id,
          read_at: T - 10_000,
          finished_at: null,
        },
      ])
      .execute();
    const response = await ctx.app.inject({ url: '/api/v1/user/because_you_read?language=en-us', headers: authHeader(reader) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().data;
    expect(body.basis).toEqual({ book_uuid: books.N1!.uuid, book_title: 'Book N1' });
    expect(body.result.map((entry: { book_uuid: string }) => names.get(entry.book_uuid))).toEqual(['P']);

    const newcomer = await createUser(ctx);
    const none = await ctx.app.inject({ url: '/api/v1/user/because_you_read', headers: authHeader(newcomer) });
    expect(none.json().data).toEqual({ basis: null, result: [] });
    expect((await ctx.app.inject('/api/v1/user/because_you_read')).statusCode).toBe(401);
  });
});

describe(`the background computation (${TEST_DIALECT})`, () => {
  it('gives the same lists with a pair budget of one entry (a pass per book) as with the default', async () => {
    const big = await refreshDiscovery(ctx, T);
    const expected = await tables();
    expect(big).toMatchObject({ passes: 1, listsKept: true });
    // Nothing kept in memory between passes either: each pass reads the database again.
    const tiny = await refreshDiscovery(ctx, T, { pairBudget: 1, readerListsKept: 0 });
    expect(tiny.listsKept).toBe(false);
    // One pass per book with pairs (P, N1, N2, Y: reader 0 read all four).
    expect(tiny.passes).toBe(4);
    // A partition of one book holds its own pairs only: at most one per other book.
    expect(tiny.peakPairs).toBeLessThanOrEqual(Object.keys(books).length);
    expect(tiny.peakPairs).toBeLessThan(big.peakPairs);
    expect(await tables()).toEqual(expected);
    expect(expected.alsoRead.length).toBe(6);
  });

  it("two refreshes at once: the earlier one stops at its next write, the rows and version are the later one's", async () => {
    // Different moments, so their figures differ: 40 days later the reading above is a month old.
    const earlier = createDiscoveryRefresh({ db: ctx.db, now: () => T, bookChunk: 1 });
    const later = createDiscoveryRefresh({ db: ctx.db, now: () => T + 40 * DAY_MS });
    let laterReport: Awaited<ReturnType<typeof later.run>> | undefined;
    let checkpoints = 0;
    // The later refresh runs whole between two of the earlier one's batches (after its third).
    const interleaved = earlier.run(async () => {
      checkpoints += 1;
      if (checkpoints === 3) laterReport = await later.run();
      return false;
    });
    await expect(interleaved).rejects.toBeInstanceOf(RefreshOvertaken);
    const version = await readDiscoveryVersion(ctx.db);
    expect(version).toEqual({ run: laterReport!.run, computed_at: T + 40 * DAY_MS });
    const left = await tables();
    // What the later refresh alone writes: the same rows, none of the earlier one's.
    await createDiscoveryRefresh({ db: ctx.db, now: () => T + 40 * DAY_MS }).run();
    expect(await tables()).toEqual(left);
    await refreshDiscovery(ctx, T);
  });

  it("reaches another node's memory through the version, without being told", async () => {
    // A node of its own: its figures are checked behind its requests (at every request here).
    const node = createDiscoverySnapshot(ctx.db, {
      ranking: createRankingSnapshot(ctx.db, ctx.app.catalogueVersion),
      versions: ctx.app.catalogueVersion,
      ratingMean: async () => null,
      checkMs: 0,
    });
    try {
      expect(await node.alsoRead(books.N1!.id, EVERYONE)).toEqual([books.N2!.id, books.P!.id]);
      // Computed elsewhere 200 days later: every start is out of the window, no list is left.
      await createDiscoveryRefresh({ db: ctx.db, now: () => T + 200 * DAY_MS }).run();
      await until(async () => (await node.alsoRead(books.N1!.id, EVERYONE)).length === 0);
    } finally {
      node.stop();
      await refreshDiscovery(ctx, T);
    }
  });

  it('is computed by the housekeeping pass when due, and not at the next pass', async () => {
    await ctx.db.deleteFrom('app_state').where('state_key', '=', 'discovery_version').execute();
    const housekeeping = createHousekeeping({
      db: ctx.db,
      domainEvents: ctx.app.domainEvents,
      log: { warn: () => undefined, error: () => undefined },
      discovery: createDiscoveryRefresh({ db: ctx.db, now: () => T }),
    });
    try {
      const first = await housekeeping.runOnce();
      expect(first?.discovery).toMatchObject({ computedAt: T, lists: 3 }); // N1, N2 and P
      const second = await housekeeping.runOnce();
      expect(second?.discovery).toBeNull();
    } finally {
      await housekeeping.stop();
    }
  });

  it('is due at once while nothing was computed, then once the interval passed', async () => {
    await ctx.db.deleteFrom('app_state').where('state_key', '=', 'discovery_version').execute();
    const refresh = (now: number) => createDiscoveryRefresh({ db: ctx.db, now: () => now, intervalMs: 10 * 60_000 });
    expect(await refresh(T).isDue()).toBe(true);
    expect(await refresh(T).runIfDue()).not.toBeNull();
    expect(await refresh(T + 9 * 60_000).runIfDue()).toBeNull();
    expect(await refresh(T + 10 * 60_000).isDue()).toBe(true);
  });
});
