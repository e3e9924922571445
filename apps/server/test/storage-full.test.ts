import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { createBook, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * The embedded database on a full disk. SQLite answers SQLITE_FULL ("database or disk is full")
 * when a write needs a page it cannot have: here `PRAGMA max_page_count` holds the file at its
 * size, which SQLite reports with the same code as a full file system. Writes must be refused
 * 503 with Retry-After (never 500: SQLite rolls the transaction back itself, and the rollback that
 * followed used to fail with "no transaction is active" and hide the cause), reads still served,
 * the cause logged once, and /readyz must say it until space is back.
 */
describe.runIf(TEST_DIALECT === 'sqlite')('a full disk under the embedded database', () => {
  let ctx: TestContext;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let reader: TestUser;
  let bookUuid: string;
  const ratedBooks: string[] = [];
  const logged: { level: number; msg: string; err?: { message?: string } }[] = [];

  const pageCount = async () => (await sql<{ page_count: number }>`PRAGMA page_count`.execute(database.db)).rows[0]!.page_count;
  /** No free page left in the file, and no page more allowed. */
  const holdFileAtItsSize = async () => {
    await sql`VACUUM`.execute(database.db);
    await sql.raw(`PRAGMA max_page_count = ${await pageCount()}`).execute(database.db);
  };
  const freeSpace = () => sql.raw('PRAGMA max_page_count = 1073741823').execute(database.db);

  const register = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      remoteAddress: nextClientIp(),
      payload: { username: `full${randomUUID().slice(0, 8)}`, password: 'secret-pass-1', user_type: 'test' },
    });
  /**
   * A rating with a long review of the next book, written in a transaction (the rating and the
   * book's aggregate): 1,000 CJK characters are 3,000 bytes, so each one soon needs a new page.
   */
  let rated = 0;
  const rate = () =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/comics/book/${ratedBooks[(rated += 1) % ratedBooks.length]}/rating`,
      headers: { authorization: `Bearer ${reader.token}` },
      payload: {
        score: 8,
        review: Array.from({ length: 1000 }, (_, index) => String.fromCodePoint(0x4e00 + ((index * 7919) % 20000))).join(''),
      },
    });

  /** Repeats a write until the file has no room for it (free room inside pages lets the first few in). */
  async function untilRefused(write: () => Promise<{ statusCode: number; headers: Record<string, unknown>; json(): unknown }>) {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const answer = await write();
      if (answer.statusCode >= 300) return answer;
    }
    throw new Error('the write was never refused');
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    bookUuid = (await createBook(ctx, { chapters: 2 })).uuid;
    for (let index = 0; index < 4; index += 1) ratedBooks.push((await createBook(ctx, { chapters: 1 })).uuid);
    reader = await createUser(ctx);
    database = openDatabase({ databaseUrl: null, sqlitePath: ctx.config.sqlitePath });
    app = await buildApp({
      config: { ...ctx.config, logLevel: 'info' },
      database,
      storage: ctx.storage,
      logStream: { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await ctx?.close();
  });

  it('refuses writes 503 with Retry-After, serves reads, says it on /readyz once, and recovers when space is back', async () => {
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await holdFileAtItsSize();

    for (const write of [register, rate]) {
      const refused = await untilRefused(write);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
    }

    const chapters = await app.inject({ url: `/api/v1/comics/chapters/${bookUuid}/en-us/asc/0/10` });
    expect(chapters.statusCode).toBe(200);
    const library = await app.inject({ url: '/api/v1/user/library?language=en-us', headers: { authorization: `Bearer ${reader.token}` } });
    expect(library.statusCode).toBe(200);

    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: expect.stringMatching(/full/i) });

    // The real cause, once, however many writes were refused; never the rollback's error.
    const causes = logged.filter((line) => line.err?.message?.includes('database or disk is full'));
    expect(causes.length).toBe(1);
    expect(causes[0]!.level).toBeGreaterThanOrEqual(50);
    expect(logged.filter((line) => line.err?.message?.includes('cannot rollback'))).toEqual([]);
    expect(logged.filter((line) => line.msg === 'unhandled error')).toEqual([]);

    await freeSpace();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(201);
    expect((await rate()).statusCode).toBe(200);
    expect(logged.some((line) => /writable again/.test(line.msg))).toBe(true);
  });
});
