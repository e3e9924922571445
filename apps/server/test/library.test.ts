import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { insertChapter } from '../src/modules/catalogue/catalogue-write.repository.js';
import { createVisitorProofs, VISITOR_COOKIE } from '../src/modules/library/visitor-proof.js';
import { authHeader, createBook, createUser, nextClientIp, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let comic: TestBook;
let otherComic: TestBook;
beforeAll(async () => {
  ctx = await createTestContext();
  comic = await createBook(ctx, { chapters: 3, pagesPerChapter: 4 });
  otherComic = await createBook(ctx, { chapters: 2, pagesPerChapter: 2 });
});
afterAll(() => ctx.close());

let visitorCounter = 0;
const nextVisitor = () => (0x10000000 + (visitorCounter += 1)).toString(16);
/** Each visitor's browser: the proof cookie the server set on its first write (visitor-proof.ts). */
const cookieJar = new Map<string, string>();
const as = (who: TestUser | string | null): Record<string, string> =>
  who === null ? {} : typeof who === 'string' ? { 'x-visitor-id': who } : authHeader(who);

/** `browserOf`: the visitor whose browser makes the call (its cookie goes along), when `who` is an account. */
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: TestUser | string | null,
  payload?: unknown,
  browserOf?: string,
) {
  const browser = typeof who === 'string' ? who : browserOf;
  const cookie = browser === undefined ? undefined : cookieJar.get(browser);
  const response = await ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...as(who), ...(cookie ? { cookie } : {}) },
    remoteAddress: nextClientIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const set = response.cookies.find((c) => c.name === VISITOR_COOKIE);
  if (browser !== undefined && set) {
    if (set.value) cookieJar.set(browser, `${set.name}=${set.value}`);
    else cookieJar.delete(browser);
  }
  return response;
}

/** The reader key a visitor's rows are kept under (derived from its proof, never its bare id). */
function visitorKey(visitor: string): string {
  const cookie = cookieJar.get(visitor);
  const key = cookie ? createVisitorProofs(ctx.config.jwtSecret).proven({ headers: { cookie } } as FastifyRequest, visitor) : null;
  if (!key) throw new Error(`visitor ${visitor} holds no proof`);
  return key;
}

const entry = (book: TestBook, chapterIndex: number, extra: Record<string, unknown> = {}) => ({
  book_uuid: book.uuid,
  chapter_uuid: book.chapters[chapterIndex]!.uuid,
  ...extra,
});
const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();
const countRows = async (table: 'reading_progress' | 'chapter_reads', readerKey: string) =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('reader_key', '=', readerKey)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('reading progress', () => {
  it('remembers a visitor\'s place and lists it under "Continue reading"', async () => {
    const visitor = nextVisitor();
    const saved = await call('POST', '/reader/progress', visitor, {
      progress: [
        entry(comic, 0, { page_index: 3, finished: true, at: isoAgo(60_000) }),
        entry(comic, 1, { page_index: 2, page_offset: 0.25 }),
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.result.saved).toBe(2);

    const list = await call('GET', '/reader/progress?language=zh-cn', visitor);
    expect(list.headers['cache-control']).toContain('no-store');
    const [item] = list.json().data.result;
    expect(item).toMatchObject({
      book_uuid: comic.uuid,
      total_chapters: 3,
      resume: {
        chapter_uuid: comic.chapters[1]!.uuid,
        chapter_number: 2,
        chapter_title: '第2话',
        page_index: 2,
        page_offset: 0.25,
        text_fraction: null,
      },
    });

    const book = (await call('GET', `/reader/progress/${comic.uuid}`, visitor)).json().data.result;
    expect(book).toMatchObject({ finished_chapters: [[1, 1]], following: false, resume: { chapter_number: 2, page_index: 2 } });
  });

  it('sends the reader to the next chapter once the remembered one is finished', async () => {
    const visitor = nextVisitor();
    await call('POST', '/reader/progress', visitor, { progress: [entry(comic, 1, { page_index: 3, finished: true })] });
    const book = (await call('GET', `/reader/progress/${comic.uuid}`, visitor)).json().data.result;
    expect(book.resume).toMatchObject({ chapter_uuid: comic.chapters[2]!.uuid, chapter_number: 3, page_index: 0 });
    // The last chapter has no next one: Continue stays on it.
    await call('POST', '/reader/progress', visitor, { progress: [entry(comic, 2, { page_index: 3, finished: true })] });
    const last = (await call('GET', `/reader/progress/${comic.uuid}`, visitor)).json().data.result;
    expect(last.resume).toMatchObject({ chapter_number: 3, page_index: 3 });
    expect(last.finished_chapters).toEqual([[2, 3]]);
  });

  it('keeps the newest position when an older write arrives late', async () => {
    const visitor = nextVisitor();
    await call('POST', '/reader/progress', visitor, { progress: [entry(comic, 2, { page_index: 1, at: isoAgo(1_000) })] });
    await call('POST', '/reader/progress', visitor, { progress: [entry(comic, 0, { page_index: 0, at: isoAgo(60_000) })] });
    const book = (await call('GET', `/reader/progress/${comic.uuid}`, visitor)).json().data.result;
    expect(book.resume).toMatchObject({ chapter_number: 3, page_index: 1 });
    // The late write still counts as an opened chapter in the history.
    const history = (await call('GET', '/reader/history', visitor)).json().data;
    expect(history.total).toBe(2);
    expect(history.result.map((h: { chapter_number: number }) => h.chapter_number)).toEqual([3, 1]);
  });

  it("refuses bad batches whole, with the contract's codes, and stores nothing", async () => {
    const visitor = nextVisitor();
    const cases: [unknown, number, string][] = [
      [{ progress: [entry(comic, 0), { book_uuid: comic.uuid, chapter_uuid: randomUUID() }] }, 404, 'CHAPTER_NOT_FOUND'],
      [{ progress: [{ book_uuid: comic.uuid, chapter_uuid: otherComic.chapters[0]!.uuid }] }, 404, 'CHAPTER_NOT_FOUND'],
      // Only unknown chapters: no comic page to count (an empty `IN ()` was a 500 on PostgreSQL).
      [{ progress: [{ book_uuid: randomUUID(), chapter_uuid: randomUUID(), page_offset: 1, finished: true }] }, 404, 'CHAPTER_NOT_FOUND'],
      [{ progress: [entry(comic, 0, { page_index: 4 })] }, 400, 'VALIDATION_FAILED'],
      [{ progress: [entry(comic, 0, { text_fraction: 0.5 })] }, 400, 'VALIDATION_FAILED'],
      [{ progress: [entry(comic, 0, { page_index: -1 })] }, 400, 'VALIDATION_FAILED'],
      [{ progress: [entry(comic, 0, { text_fraction: 1.5 })] }, 400, 'VALIDATION_FAILED'],
      [{ progress: [entry(comic, 0, { page_offset: 1.01 })] }, 400, 'VALIDATION_FAILED'],
      [{ progress: [entry(comic, 0, { at: 'yesterday' })] }, 400, 'VALIDATION_FAILED'],
      [{ progress: [entry(comic, 0, { at: '2026-02-31T00:00:00Z' })] }, 400, 'VALIDATION_FAILED'],
      [{ progress: Array.from({ length: 21 }, () => entry(comic, 0)) }, 400, 'VALIDATION_FAILED'],
      [{ progress: [] }, 400, 'VALIDATION_FAILED'],
      [{ progress: [{ book_uuid: 'x', chapter_uuid: comic.chapters[0]!.uuid }] }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await call('POST', '/reader/progress', visitor, payload);
      expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
    }
    expect(await countRows('chapter_reads', visitorKey(visitor))).toBe(0);
    expect(await countRows('reading_progress', visitorKey(visitor))).toBe(0);

    const anonymous = await call('POST', '/reader/progress', null, { progress: [entry(comic, 0)] });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('READER_REQUIRED');
    expect((await call('GET', `/reader/progress/${randomUUID()}`, visitor)).json().code).toBe('BOOK_NOT_FOUND');
    expect((await call('GET', '/reader/progress', null)).json().data.result).toEqual([]);
  });

  it('takes a valid date-time that does not parse (a leap second) as the arrival time', async () => {
    const visitor = nextVisitor();
    const response = await call('POST', '/reader/progress', visitor, { progress: [entry(comic, 0, { at: '2026-06-30T23:59:60Z' })] });
    expect(response.statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('reading_progress')
      .select('updated_at')
      .where('reader_key', '=', visitorKey(visitor))
      .executeTakeFirstOrThrow();
    expect(Math.abs(Number(row.updated_at) - Date.now())).toBeLessThan(60_000);
  });

  it('ignores fields a client may not set (reader_key, updated_at)', async () => {
    const visitor = nextVisitor();
    const response = await call('POST', '/reader/progress', visitor, {
      progress: [entry(comic, 0, { reader_key: 'u:1', updated_at: 9e15 })],
      reader_key: 'u:1',
    });
    expect(response.statusCode).toBe(200);
    expect(await countRows('reading_progress', visitorKey(visitor))).toBe(1);
    expect(await countRows('reading_progress', 'u:1')).toBe(0);
  });
});

describe('merging a visitor into the account at login', () => {
  it('keeps everything; for a book read on both, the newest position wins', async () => {
    const user = await createUser(ctx);
    const visitor = nextVisitor();
    // The account read chapter 1 of `comic` long ago and chapter 2 of `otherComic` just now.
    await call('POST', '/reader/progress', user, {
      progress: [entry(comic, 0, { page_index: 1, at: isoAgo(3_600_000) }), entry(otherComic, 1, { page_index: 1, at: isoAgo(1_000) })],
    });
    // The visitor read further in `comic` more recently, and chapter 1 of `otherComic` earlier.
    await call('POST', '/reader/progress', visitor, {
      progress: [
        entry(comic, 0, { page_index: 3, finished: true, at: isoAgo(120_000) }),
        entry(comic, 1, { page_index: 2, at: isoAgo(60_000) }),
        entry(otherComic, 0, { page_index: 0, finished: true, at: isoAgo(600_000) }),
      ],
    });
    const before = visitorKey(visitor);
    const merged = await call('POST', '/reader/progress/merge', user, { visitor_id: visitor }, visitor);
    expect(merged.json().data.result).toEqual({ merged_books: 2, merged_chapters: 3 });

    const mine = (await call('GET', `/reader/progress/${comic.uuid}`, user)).json().data.result;
    expect(mine).toMatchObject({ resume: { chapter_number: 2, page_index: 2 }, finished_chapters: [[1, 1]] });
    const other = (await call('GET', `/reader/progress/${otherComic.uuid}`, user)).json().data.result;
    expect(other).toMatchObject({ resume: { chapter_number: 2, page_index: 1 }, finished_chapters: [[1, 1]] });
    expect((await call('GET', '/reader/history', user)).json().data.total).toBe(4);
    // The visitor's rows moved: nothing is left under the visitor's key, and the browser drops its proof.
    expect(await countRows('reading_progress', before)).toBe(0);
    expect(await countRows('chapter_reads', before)).toBe(0);
    expect(cookieJar.has(visitor)).toBe(false);
    // Merging again is harmless.
    expect((await call('POST', '/reader/progress/merge', user, { visitor_id: visitor }, visitor)).json().data.result).toEqual({
      merged_books: 0,
      merged_chapters: 0,
    });
  });

  it('needs a login and a well-formed visitor id', async () => {
    expect((await call('POST', '/reader/progress/merge', nextVisitor(), { visitor_id: 'abcdef12' })).statusCode).toBe(401);
    const user = await createUser(ctx);
    expect((await call('POST', '/reader/progress/merge', user, { visitor_id: 'ABCDEF12' })).statusCode).toBe(400);
  });
});

describe('visitor ids are bound to the browser that holds their proof', () => {
  const readAll = async (visitor: string) => ({
    list: (await call('GET', '/reader/progress', visitor)).json().data.result,
    book: (await call('GET', `/reader/progress/${comic.uuid}`, visitor)).json().data.result.resume,
    history: (await call('GET', '/reader/history', visitor)).json().data.total,
  });

  it('sets an HttpOnly, SameSite=Lax proof cookie on the first write; the bare id reads nothing, and a guesser writes apart', async () => {
    const visitor = nextVisitor();
    const first = await call('POST', '/reader/progress', visitor, { progress: [entry(comic, 1, { page_index: 2 })] });
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^inkstream_visitor=${visitor}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/v1/reader');
    // Plain http here: Secure only when the request came over https.
    expect(cookie).not.toContain('Secure');
    // The next write with the proof keeps it (no new cookie).
    expect((await call('POST', '/reader/progress', visitor, { progress: [entry(comic, 0)] })).headers['set-cookie']).toBeUndefined();
    const owner = await readAll(visitor);
    expect(owner.list).toHaveLength(1);
    expect(owner.history).toBe(2);

    // Another browser sending the same id, without the cookie or with a forged one, reads nothing.
    const [, nonce] = cookieJar.get(visitor)!.split('.');
    for (const forged of [undefined, `inkstream_visitor=${visitor}.${nonce}.${'A'.repeat(43)}`]) {
      const headers = { 'x-visitor-id': visitor, ...(forged ? { cookie: forged } : {}) };
      const get = (url: string) => ctx.app.inject({ url: `/api/v1${url}`, headers, remoteAddress: nextClientIp() }).then((r) => r.json());
      expect((await get('/reader/progress')).data.result).toEqual([]);
      expect((await get(`/reader/progress/${comic.uuid}`)).data.result.resume).toBeNull();
      expect((await get('/reader/history')).data.total).toBe(0);
      const cleared = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/reader/history', headers, remoteAddress: nextClientIp() });
      expect(cleared.json().data.result.cleared).toBe(0);
    }
    // The owner's proof for one id opens nothing under another id.
    const other = nextVisitor();
    cookieJar.set(other, cookieJar.get(visitor)!);
    expect((await readAll(other)).history).toBe(0);
    cookieJar.delete(other);

    // A second browser guessing the id and writing gets a proof of its own: the two never mix.
    const guesser = `${visitor}`;
    const ownerCookie = cookieJar.get(visitor)!;
    cookieJar.delete(guesser);
    const guessed = await call('POST', '/reader/progress', guesser, { progress: [entry(otherComic, 0)] });
    expect(String(guessed.headers['set-cookie'])).toMatch(/^inkstream_visitor=/);
    expect((await readAll(guesser)).list.map((i: { book_uuid: string }) => i.book_uuid)).toEqual([otherComic.uuid]);
    cookieJar.set(visitor, ownerCookie);
    expect((await readAll(visitor)).list.map((i: { book_uuid: string }) => i.book_uuid)).toEqual([comic.uuid]);
  });

  it('moves nothing when an account merges a visitor id its browser holds no proof of', async () => {
    const visitor = nextVisitor();
    await call('POST', '/reader/progress', visitor, { progress: [entry(comic, 0, { page_index: 1 })] });
    const attacker = await createUser(ctx);
    const guessed = await call('POST', '/reader/progress/merge', attacker, { visitor_id: visitor });
    expect(guessed.json().data.result).toEqual({ merged_books: 0, merged_chapters: 0 });
    // With the proof of another visitor id, neither.
    const own = nextVisitor();
    await call('POST', '/reader/progress', own, { progress: [entry(otherComic, 0)] });
    const cookie = cookieJar.get(own)!;
    const crossed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reader/progress/merge',
      headers: { ...authHeader(attacker), cookie },
      payload: { visitor_id: visitor },
      remoteAddress: nextClientIp(),
    });
    expect(crossed.json().data.result).toEqual({ merged_books: 0, merged_chapters: 0 });
    expect((await call('GET', '/reader/history', attacker)).json().data.total).toBe(0);
    // The visitor still has its history.
    expect((await readAll(visitor)).history).toBe(1);
  });

  it('limits visitor-keyed reads to 1,200 a minute and merges to 200 in 10 minutes per address', async () => {
    const address = nextClientIp();
    const visitor = nextVisitor();
    const read = () => ctx.app.inject({ url: '/api/v1/reader/history', headers: { 'x-visitor-id': visitor }, remoteAddress: address });
    for (let i = 0; i < 1200; i += 1) expect((await read()).statusCode).toBe(200);
    const limited = await read();
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // An account reading its own history from that address is not limited by visitors' reads.
    const user = await createUser(ctx);
    const own = await ctx.app.inject({ url: '/api/v1/reader/history', headers: authHeader(user), remoteAddress: address });
    expect(own.statusCode).toBe(200);

    // Merges: 10 per account, and 200 per address across accounts (a merge follows a login: many readers).
    const mergeAddress = nextClientIp();
    const merge = (account: TestUser) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/reader/progress/merge',
        headers: authHeader(account),
        payload: { visitor_id: nextVisitor() },
        remoteAddress: mergeAddress,
      });
    const accounts = await Promise.all(Array.from({ length: 21 }, () => createUser(ctx)));
    for (let i = 0; i < 200; i += 1) expect((await merge(accounts[Math.floor(i / 10)]!)).statusCode).toBe(200);
    const refused = await merge(accounts[20]!);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('history', () => {
  it('lists recently read chapters and clears them with the positions', async () => {
    const user = await createUser(ctx);
    await call('POST', '/reader/progress', user, { progress: [entry(comic, 0, { at: isoAgo(5_000) }), entry(otherComic, 0)] });
    const history = (await call('GET', '/reader/history?language=en-us&page_size=1', user)).json().data;
    expect(history.total).toBe(2);
    expect(history.result).toEqual([
      expect.objectContaining({ book_uuid: otherComic.uuid, chapter_number: 1, chapter_title: 'Chapter 1', finished: false }),
    ]);
    const cleared = await call('DELETE', '/reader/history', user);
    expect(cleared.json().data.result.cleared).toBe(2);
    expect((await call('GET', '/reader/history', user)).json().data).toEqual({ result: [], total: 0 });
    expect((await call('GET', '/reader/progress', user)).json().data.result).toEqual([]);
  });
});

describe('follows and the library', () => {
  it('counts chapters published after the follow until the reader opens them', async () => {
    const user = await createUser(ctx);
    const book = await createBook(ctx, { chapters: 2, pagesPerChapter: 1 });
    expect((await call('PUT', `/user/follows/${book.uuid}`, user)).json().data.result).toEqual({ following: true });
    expect((await call('PUT', `/user/follows/${book.uuid}`, user)).statusCode).toBe(200); // idempotent
    expect((await call('GET', `/reader/progress/${book.uuid}`, user)).json().data.result.following).toBe(true);

    let library = (await call('GET', '/user/library', user)).json().data.result;
    expect(library).toEqual([expect.objectContaining({ book_uuid: book.uuid, unread_count: 0, resume: null, total_chapters: 2 })]);
    expect((await call('GET', '/user/library/summary', user)).json().data.result).toEqual({ unread_books: 0, unread_alerts: 0 });

    // The operator publishes chapter 3 after the follow.
    const chapter = await insertChapter(ctx.db, {
      uuid: randomUUID(),
      book_id: book.id,
      number: 3,
      created_at: Date.now() + 1_000,
      translations: [{ language: 'en-us', title: 'Chapter 3' }],
      pages: [{ language: 'en-us', media_key: book.chapters[0]!.pageKeys[0]!, width: 800, height: 1200 }],
    });
    library = (await call('GET', '/user/library', user)).json().data.result;
    expect(library[0]).toMatchObject({ unread_count: 1 });
    expect((await call('GET', '/user/library/summary', user)).json().data.result).toEqual({ unread_books: 1, unread_alerts: 0 });

    await call('POST', '/reader/progress', user, { progress: [{ book_uuid: book.uuid, chapter_uuid: chapter.uuid }] });
    library = (await call('GET', '/user/library', user)).json().data.result;
    expect(library[0]).toMatchObject({ unread_count: 0, resume: { chapter_number: 3 } });
    expect((await call('GET', '/user/library/summary', user)).json().data.result).toEqual({ unread_books: 0, unread_alerts: 0 });

    expect((await call('DELETE', `/user/follows/${book.uuid}`, user)).json().data.result).toEqual({ following: false });
    expect((await call('GET', '/user/library', user)).json().data.result).toEqual([]);
  });

  it('lists followed books most recently updated first', async () => {
    const user = await createUser(ctx);
    const older = await createBook(ctx, { chapters: 1, updatedAt: Date.now() - 5_000 });
    const newer = await createBook(ctx, { chapters: 1, updatedAt: Date.now() });
    await call('PUT', `/user/follows/${older.uuid}`, user);
    await call('PUT', `/user/follows/${newer.uuid}`, user);
    const library = (await call('GET', '/user/library?language=ar-sa', user)).json().data.result;
    expect(library.map((b: { book_uuid: string }) => b.book_uuid)).toEqual([newer.uuid, older.uuid]);
  });

  it('refuses visitors, unknown and unpublished books', async () => {
    const user = await createUser(ctx);
    const hidden = await createBook(ctx, { chapters: 1, isPublished: false });
    expect((await call('PUT', `/user/follows/${comic.uuid}`, nextVisitor())).json().code).toBe('AUTH_REQUIRED');
    expect((await call('GET', '/user/library', nextVisitor())).statusCode).toBe(401);
    expect((await call('PUT', `/user/follows/${randomUUID()}`, user)).json().code).toBe('BOOK_NOT_FOUND');
    expect((await call('PUT', `/user/follows/${hidden.uuid}`, user)).json().code).toBe('BOOK_NOT_FOUND');
    expect((await call('PUT', '/user/follows/not-a-uuid', user)).statusCode).toBe(400);
    expect((await call('DELETE', `/user/follows/${randomUUID()}`, user)).json().code).toBe('BOOK_NOT_FOUND');
  });
});
