import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChapter } from '../src/modules/catalogue/catalogue-write.repository.js';
import { insertReaders, refreshDiscovery, startReading } from './helpers/discovery-fixtures.js';
import { createBook, type TestBook } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * The discovery reads (issue 46) tell which books exist and when they publish, never what is in a
 * chapter: no answer or server-rendered page carries a chapter's identity, its pages or its title,
 * free or paid, published or scheduled. The calendar says a scheduled chapter's moment only. The
 * paid-content probes (access-everywhere.test.ts) cover every URL that serves a chapter; these
 * URLs serve none, and this test keeps it so.
 */
const WEB = path.resolve(import.meta.dirname, '../../web');
const SCHEDULED_TITLE = 'The Twist Nobody Saw Coming';
const SCHEDULED_UUID = '4f0c7f52-5c1e-4a34-9d55-3e7f5a0b9c11';
const HOUR = 3_600_000;

let ctx: TestContext;
let hit: TestBook;
let other: TestBook;

beforeAll(async () => {
  for (const build of ['dist/index.html', 'dist-ssr/entry-server.js']) {
    if (!existsSync(path.join(WEB, build))) throw new Error(`apps/web/${build} is missing: run npm run build first`);
  }
  ctx = await createTestContext();
  // One free chapter, two paid ones; chapter titles no other text on a page holds.
  hit = await createBook(ctx, { author: 'Vera Leak', chapters: 3, freeChapters: 1, chapterTitle: (n) => `Secret Episode ${n}` });
  other = await createBook(ctx, { author: 'Vera Leak', chapters: 3, freeChapters: 1, chapterTitle: (n) => `Hidden Episode ${n}` });
  await ctx.db
    .updateTable('books')
    .set({ publishing_days: 127, publishing_time: 10 * 60, publishing_time_zone: 'UTC' })
    .where('id', '=', hit.id)
    .execute();
  // A chapter scheduled in two hours: the calendar may show that moment, nothing of the chapter.
  await insertChapter(ctx.db, {
    uuid: SCHEDULED_UUID,
    book_id: hit.id,
    number: 4,
    is_published: false,
    publish_at: Date.now() + 2 * HOUR,
    created_at: Date.now(),
    translations: [{ language: 'en-us', title: SCHEDULED_TITLE }],
    pages: [],
  });
  // Read together by signed-in readers: each book is in the other's also-read list and ranked.
  const now = Date.now();
  const readers = await insertReaders(ctx, 3);
  await startReading(ctx, hit.id, readers, now - HOUR);
  await startReading(ctx, other.id, readers, now - HOUR);
  await refreshDiscovery(ctx, now);
});
afterAll(() => ctx.close());

/** What must never be in a discovery answer: every chapter's uuid, page keys and title. */
function chapterTraces(): string[] {
  return [
    SCHEDULED_UUID,
    SCHEDULED_TITLE,
    ...[hit, other].flatMap((book) => book.chapters.flatMap((chapter) => [chapter.uuid, ...chapter.pageKeys])),
    ...[1, 2, 3].flatMap((n) => [`Secret Episode ${n}`, `Hidden Episode ${n}`]),
  ];
}

describe(`the discovery reads carry no chapter (${TEST_DIALECT})`, () => {
  it('the answers and the server-rendered pages name the books, never a chapter, its pages or its title', async () => {
    const urls = [
      '/api/v1/comics/schedule?language=en-us',
      '/api/v1/comics/rankings/popular?language=en-us&period=day',
      '/api/v1/comics/rankings/popular?language=en-us&period=month',
      '/api/v1/comics/author/vera-leak?language=en-us',
      `/api/v1/comics/book/${hit.uuid}/also_read?language=en-us`,
      '/schedule',
      '/rankings',
      '/author/vera-leak',
    ];
    for (const url of urls) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      // The answer is about these books (so an empty answer cannot pass)…
      expect(response.body, url).toContain(url.includes('also_read') ? other.uuid : hit.uuid);
      // …and holds nothing of their chapters.
      for (const trace of chapterTraces()) expect(response.body.includes(trace), `${url} holds ${trace}`).toBe(false);
    }
  });
});
