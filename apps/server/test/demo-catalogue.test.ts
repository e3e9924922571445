import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { GENRE_TAG_LIST, LANGUAGES } from '@inkstream/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { acquireLease } from '../src/db/lease.js';
import { isCatalogueEmpty } from '../src/modules/catalogue/catalogue.repository.js';
import { DEMO_ACCOUNTS } from '../src/modules/demo/demo-accounts.js';
import { DEMO_AUDIENCE_READERS } from '../src/modules/demo/demo-audience.js';
import { createDiscoveryRefresh } from '../src/modules/discovery/discovery-refresh.js';
import { DEMO_BOOKS } from '../src/modules/demo/demo-books.js';
import { demoUuid, seedDemoCatalogue, type SeedDemoResult } from '../src/modules/demo/demo-catalogue.js';
import { createStoredImageRecord } from '../src/modules/demo/demo-images.js';
import { createDomainEvents } from '../src/db/domain-events.js';
import { handleContentChanges } from '../src/modules/catalogue/catalogue-changes.js';
import { readDemoSeedState, seedDemoWhenNeeded } from '../src/modules/demo/demo-seed.js';
import { createLocalMediaStorage, type MediaStorage } from '../src/modules/media/media-storage.js';
import { createTestDatabase, TEST_DIALECT } from './helpers/test-context.js';

/** The domain events of a start's demo seed, as serve.ts builds them: no cache, the catalogue version moved in the database. */
function seedEvents(db: Parameters<typeof createDomainEvents>[0]) {
  const events = createDomainEvents(db);
  handleContentChanges(events, {});
  return events;
}

// Seeds into the run's dialect as a first start does, except that the first start is stopped after
// a few books (as Ctrl-C or a full disk would) and a second start finishes it, a day later. The
// determinism check (PostgreSQL run) seeds a second copy into SQLite in one go: it shows both
// dialects store the same catalogue, and that the finished seed equals an uninterrupted one
// (dates included: the resumed seed keeps the first start's time). The first seed records its
// images by their drawn pixels, so the second draws every image again but encodes none of those
// drawn identically: the encoders are pure functions of the pixels, and encoding everything twice
// was half of the PostgreSQL run's time.
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const STOP_AFTER_BOOKS = 5;
const SEED_TIMEOUT = 240_000;

async function openFresh(dir: string, name: string, databaseUrl: string | null = null): Promise<DatabaseHandle> {
  const handle = openDatabase({ databaseUrl, sqlitePath: path.join(dir, `${name}.sqlite`) });
  await migrateToLatest(handle.db);
  return handle;
}

async function readBooks(handle: DatabaseHandle) {
  return handle.db
    .selectFrom('books')
    .innerJoin('book_translations', 'book_translations.book_id', 'books.id')
    .select(['books.uuid', 'books.cover_key', 'book_translations.language', 'book_translations.title'])
    .orderBy('books.uuid')
    .orderBy('book_translations.language')
    .execute();
}

describe('demo catalogue', () => {
  let dir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let handle: DatabaseHandle;
  let storage: MediaStorage;
  let result: SeedDemoResult;
  let interrupted: { error: unknown; books: string[]; state: Awaited<ReturnType<typeof readDemoSeedState>>; users: number };
  /** What the second start logged, with the time of each line. */
  const logs: { at: number; message: string }[] = [];
  /**
   * The event loop's longest stall during the second start: a timer cannot fire during one, so on
   * a loaded machine a gap between progress lines may exceed 5 s by that much, and no more.
   */
  let longestStallMs = 0;
  /** The images the first seed stored, by their pixels (the determinism check's, on PostgreSQL). */
  const storedImages = TEST_DIALECT === 'postgres' ? createStoredImageRecord() : undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'inkstream-demo-'));
    const testDatabase = await createTestDatabase();
    dropDatabase = testDatabase.drop;
    handle = await openFresh(dir, 'first', testDatabase.databaseUrl);
    storage = createLocalMediaStorage(path.join(dir, 'media'));
    expect(await isCatalogueEmpty(handle.db)).toBe(true);

    // The first start, stopped once a few books are written.
    const controller = new AbortController();
    const error = await seedDemoWhenNeeded({
      db: handle.db,
      domainEvents: seedEvents(handle.db),
      storage,
      now: NOW,
      log: () => {},
      storedImages,
      signal: controller.signal,
      onBookWritten: (progress) => {
        if (progress.books === STOP_AFTER_BOOKS) controller.abort();
      },
    }).then(
      () => null,
      (reason: unknown) => reason,
    );
    interrupted = {
      error,
      books: (await handle.db.selectFrom('books').select('uuid').execute()).map((row) => row.uuid),
      state: await readDemoSeedState(handle.db),
      users: (await handle.db.selectFrom('users').select('id').execute()).length,
    };
    // As if the stopped process had been killed while holding the seed's lease: the next start
    // waits for that lease to lapse, then takes over.
    expect(await acquireLease(handle.db, 'demo-seed', 'a-killed-process', 1_500, Date.now())).toBe(true);

    const stalls = monitorEventLoopDelay({ resolution: 20 });
    stalls.enable();
    const next = await seedDemoWhenNeeded({
      db: handle.db,
      domainEvents: seedEvents(handle.db),
      storage,
      now: NOW + 24 * 3_600_000,
      log: (message) => logs.push({ at: performance.now(), message }),
      storedImages,
    });
    stalls.disable();
    longestStallMs = stalls.max / 1e6;
    if (!next) throw new Error('the second start did not finish the demo catalogue');
    result = next;
  }, SEED_TIMEOUT);

  afterAll(async () => {
    await handle?.close();
    await dropDatabase?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a stopped first start leaves whole books, no demo accounts and the seed marked unfinished', async () => {
    expect(interrupted.error).toBeInstanceOf(Error);
    expect(interrupted.books.sort()).toEqual(
      DEMO_BOOKS.slice(0, STOP_AFTER_BOOKS)
        .map((_, index) => demoUuid(String(index)))
        .sort(),
    );
    expect(interrupted.state).toEqual({ state: 'started', now: NOW });
    expect(interrupted.users).toBe(0);
  });

  it('the next start finishes it: every demo book exactly once, the demo accounts, the seed marked done', async () => {
    const uuids = (await handle.db.selectFrom('books').select('uuid').execute()).map((row) => row.uuid).sort();
    expect(uuids).toEqual(DEMO_BOOKS.map((_, index) => demoUuid(String(index))).sort());
    expect(result).toMatchObject({ books: DEMO_BOOKS.length, booksWritten: DEMO_BOOKS.length - STOP_AFTER_BOOKS });
    expect(await readDemoSeedState(handle.db)).toEqual({ state: 'done', now: NOW });
    const users = await handle.db.selectFrom('users').select('username').execute();
    const names = users.map((user) => user.username);
    for (const account of DEMO_ACCOUNTS) expect(names).toContain(account.username);
    // The demo accounts and the demo's readers (demo-audience.ts), nobody else.
    expect(names).toHaveLength(DEMO_ACCOUNTS.length + DEMO_AUDIENCE_READERS);
    expect(logs.some((line) => line.message.includes('an earlier start stopped while generating the demo catalogue'))).toBe(true);
    // Later starts leave the finished catalogue alone.
    expect(await seedDemoWhenNeeded({ db: handle.db, domainEvents: seedEvents(handle.db), storage, log: () => {} })).toBeNull();
  });

  it('gives discovery something to show: readers, ratings, and figures once computed', async () => {
    const starts = await handle.db.selectFrom('reading_events').select('book_id').where('event_type', '=', 'start_reading').execute();
    expect(new Set(starts.map((row) => row.book_id)).size).toBeGreaterThanOrEqual(12);
    const rated = await handle.db.selectFrom('books').select('id').where('rating_count', '>=', 5).execute();
    expect(rated.length).toBeGreaterThanOrEqual(5);
    await createDiscoveryRefresh({ db: handle.db, now: () => NOW }).run();
    const stats = await handle.db.selectFrom('discovery_book_stats').select('book_id').execute();
    const alsoRead = await handle.db.selectFrom('discovery_also_read').select('book_id').distinct().execute();
    expect(stats.length).toBeGreaterThanOrEqual(12);
    expect(alsoRead.length).toBeGreaterThanOrEqual(12);
    expect(
      logs.some((line) => /demo catalogue ready: .*; 40 readers with \d+ books started and \d+ ratings in [\d.]+ s$/.test(line.message)),
    ).toBe(true);
  });

  it('reports progress at least every 5 seconds, with books, chapters and the time left', () => {
    const progress = logs.filter((line) => /^demo catalogue: \d+\/\d+ books, \d+\/\d+ chapters written/.test(line.message));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.some((line) => /about (\d+ min )?\d+ s left$/.test(line.message))).toBe(true);
    const first = logs.findIndex((line) => line.message.includes('an earlier start stopped'));
    const ready = logs.findIndex((line) => line.message.startsWith('demo catalogue ready'));
    expect(ready).toBeGreaterThan(first);
    for (let i = first + 1; i <= ready; i++) expect(logs[i]!.at - logs[i - 1]!.at).toBeLessThanOrEqual(5_000 + longestStallMs);
  });

  it('fills the catalogue and reports what it wrote', async () => {
    expect(await isCatalogueEmpty(handle.db)).toBe(false);
    const books = await handle.db.selectFrom('books').select(['id', 'chapter_count', 'is_published']).execute();
    const chapters = await handle.db.selectFrom('chapters').select('id').execute();
    const pages = await handle.db.selectFrom('chapter_pages').select('id').execute();
    expect(books.length).toBeGreaterThanOrEqual(24);
    expect(result).toMatchObject({ books: books.length, chapters: chapters.length });
    expect(result.pages).toBeGreaterThan(0);
    expect(result.pages).toBeLessThan(pages.length);
    expect(books.every((book) => book.is_published === 1)).toBe(true);
    const version = await handle.db.selectFrom('app_state').select('value').where('state_key', '=', 'catalogue_version').executeTakeFirst();
    expect(version).toBeDefined();
  });

  it('gives every book an author, and the long-quiet ones the completed status', async () => {
    const books = await handle.db.selectFrom('books').select(['author', 'status', 'updated_at']).execute();
    expect(books.every((book) => typeof book.author === 'string' && book.author.length > 0)).toBe(true);
    const statuses = new Set(books.map((book) => book.status));
    expect(statuses).toEqual(new Set(['ongoing', 'completed']));
  });

  it('uses every genre tag, one to three per book', async () => {
    const rows = await handle.db
      .selectFrom('book_tags')
      .innerJoin('tags', 'tags.id', 'book_tags.tag_id')
      .select(['book_tags.book_id', 'tags.name'])
      .execute();
    expect(new Set(rows.map((row) => row.name))).toEqual(new Set(GENRE_TAG_LIST));
    const perBook = new Map<number, number>();
    for (const row of rows) perBook.set(row.book_id, (perBook.get(row.book_id) ?? 0) + 1);
    expect(perBook.size).toBe(result.books);
    expect([...perBook.values()].every((count) => count >= 1 && count <= 3)).toBe(true);
  });

  it('spreads chapter counts, free chapters, likes and book types', async () => {
    const books = await handle.db
      .selectFrom('books')
      .select(['chapter_count', 'public_free_chapters', 'total_likes', 'book_type'])
      .execute();
    const counts = books.map((book) => book.chapter_count);
    expect(counts).toContain(1);
    expect(counts).toContain(120);
    expect(counts.some((count) => count > 10)).toBe(true);
    const free = new Set(books.map((book) => book.public_free_chapters));
    for (const value of [0, 1, 3, 5, 10]) expect(free).toContain(value);
    expect(books.some((book) => book.total_likes <= 2)).toBe(true);
    expect(books.some((book) => book.total_likes > 1000)).toBe(true);
    expect(books.some((book) => book.book_type === 'novel')).toBe(true);
    expect(books.filter((book) => book.book_type === 'comic').length).toBeGreaterThan(books.length / 2);
  });

  it('has English and Chinese everywhere and all five languages on at least four books', async () => {
    const rows = await handle.db.selectFrom('book_translations').select(['book_id', 'language', 'title', 'introduction']).execute();
    const languages = new Map<number, Set<string>>();
    for (const row of rows) {
      expect(row.title.length).toBeGreaterThan(0);
      expect(row.introduction.length).toBeGreaterThan(20);
      languages.set(row.book_id, (languages.get(row.book_id) ?? new Set()).add(row.language));
    }
    expect(languages.size).toBe(result.books);
    for (const set of languages.values()) expect(set.has('en-us') && set.has('zh-cn')).toBe(true);
    expect([...languages.values()].filter((set) => LANGUAGES.every((language) => set.has(language))).length).toBeGreaterThanOrEqual(4);
  });

  it('titles every chapter in each of its book’s languages', async () => {
    const missing = await handle.db
      .selectFrom('chapters')
      .innerJoin('book_translations', 'book_translations.book_id', 'chapters.book_id')
      .leftJoin('chapter_translations', (join) =>
        join
          .onRef('chapter_translations.chapter_id', '=', 'chapters.id')
          .onRef('chapter_translations.language', '=', 'book_translations.language'),
      )
      .where('chapter_translations.title', 'is', null)
      .select('chapters.id')
      .execute();
    expect(missing).toEqual([]);
    const sample = await handle.db.selectFrom('chapter_translations').select(['language', 'title']).execute();
    expect(sample.some((row) => row.language === 'en-us' && /^Chapter \d+: .+/.test(row.title))).toBe(true);
    expect(sample.some((row) => row.language === 'zh-cn' && /^第\d+[话章] .+/.test(row.title))).toBe(true);
  });

  it('recommends at least four books, ranked from 1', async () => {
    const ranks = await handle.db
      .selectFrom('books')
      .select('recommendation_rank')
      .where('recommendation_rank', 'is not', null)
      .orderBy('recommendation_rank')
      .execute();
    expect(ranks.length).toBeGreaterThanOrEqual(4);
    expect(ranks.map((row) => row.recommendation_rank)).toEqual(ranks.map((_, i) => i + 1));
  });

  it('gives every chapter stored pages 800 wide and 1200 to 2400 tall, in the original language', async () => {
    const pages = await handle.db
      .selectFrom('chapter_pages')
      .innerJoin('chapters', 'chapters.id', 'chapter_pages.chapter_id')
      .innerJoin('books', 'books.id', 'chapters.book_id')
      .select([
        'chapters.id as chapter_id',
        'chapter_pages.media_key',
        'chapter_pages.avif_key',
        'chapter_pages.webp_key',
        'chapter_pages.width',
        'chapter_pages.height',
        'chapter_pages.language',
        'books.original_language',
      ])
      .execute();
    const chapterIds = await handle.db.selectFrom('chapters').select('id').execute();
    expect(new Set(pages.map((page) => page.chapter_id)).size).toBe(chapterIds.length);
    for (const page of pages) {
      expect(page.width).toBe(800);
      expect(page.height).toBeGreaterThanOrEqual(1200);
      expect(page.height).toBeLessThanOrEqual(2400);
      expect(page.language).toBe(page.original_language);
      // Through the import pipeline: a JPEG fallback, and the smaller modern variants beside it.
      const prefix = String.raw`^pages\/[0-9a-f-]{36}\/(?:[0-9a-f-]{36}|shared)\/[a-z]{2}-[a-z]{2}\/\d+-[0-9a-f]{16}`;
      expect(page.media_key).toMatch(new RegExp(`${prefix}\\.jpg$`));
      expect(page.webp_key).toMatch(new RegExp(`${prefix}\\.webp$`));
      if (page.avif_key !== null) expect(page.avif_key).toMatch(new RegExp(`${prefix}\\.avif$`));
    }
    const keys = [...new Set(pages.map((page) => page.media_key))];
    const covers = await handle.db.selectFrom('books').select('cover_key').execute();
    for (const cover of covers) keys.push(cover.cover_key ?? 'missing-cover');
    const existing = await Promise.all(keys.map((key) => storage.exists(key)));
    expect(keys.filter((_, i) => !existing[i])).toEqual([]);
  });

  it('opens every chapter with a page of its own', async () => {
    const openings = await handle.db.selectFrom('chapter_pages').select(['chapter_id', 'media_key']).where('position', '=', 0).execute();
    expect(openings.length).toBe(result.chapters);
    expect(new Set(openings.map((page) => page.media_key)).size).toBe(openings.length);
    const [first, second] = openings;
    expect(first!.media_key).not.toBe(second!.media_key);
  });

  it('dates chapters in order and moves the book to its newest chapter', async () => {
    const books = await handle.db.selectFrom('books').select(['id', 'updated_at', 'chapter_count']).execute();
    const chapters = await handle.db
      .selectFrom('chapters')
      .select(['book_id', 'number', 'created_at'])
      .orderBy('book_id')
      .orderBy('number')
      .execute();
    for (const book of books) {
      const own = chapters.filter((chapter) => chapter.book_id === book.id);
      expect(own.length).toBe(book.chapter_count);
      expect(own.map((chapter) => chapter.number)).toEqual(own.map((_, i) => i + 1));
      for (let i = 1; i < own.length; i++) expect(own[i]!.created_at).toBeGreaterThan(own[i - 1]!.created_at);
      expect(book.updated_at).toBe(own.at(-1)!.created_at);
      expect(book.updated_at).toBeLessThanOrEqual(NOW);
    }
    const ages = books.map((book) => NOW - book.updated_at);
    expect(Math.min(...ages)).toBeLessThan(10 * 60_000);
    expect(Math.max(...ages)).toBeGreaterThan(365 * 24 * 3_600_000);
  });

  // A second whole seed runs once, on the PostgreSQL run, where comparing the PostgreSQL seed with
  // a SQLite one shows both determinism and that the dialects agree.
  it.runIf(TEST_DIALECT === 'postgres')(
    'is deterministic: the same time gives the same books, chapters and images, on both dialects',
    async () => {
      const other = await openFresh(dir, 'second');
      try {
        const reusedBefore = storedImages!.reused;
        const missesBefore = storedImages!.misses.length;
        const second = await seedDemoCatalogue({
          db: other.db,
          domainEvents: seedEvents(other.db),
          storage,
          now: NOW,
          storedImages,
        });
        // Every image was drawn with exactly the pixels of one the first seed stored under the same prefix.
        expect(second.images).toBeGreaterThan(result.chapters);
        expect(storedImages!.misses.slice(missesBefore), 'images the first seed never stored with these pixels').toEqual([]);
        expect(storedImages!.reused - reusedBefore).toBe(second.images);
        expect(await readBooks(other)).toEqual(await readBooks(handle));
        const chapterRows = (db: DatabaseHandle) =>
          db.db.selectFrom('chapters').select(['uuid', 'number', 'created_at', 'total_likes']).orderBy('uuid').execute();
        expect(await chapterRows(other)).toEqual(await chapterRows(handle));
        const pageRows = (db: DatabaseHandle) =>
          db.db.selectFrom('chapter_pages').select(['media_key', 'position', 'height']).orderBy('media_key').orderBy('position').execute();
        expect(await pageRows(other)).toEqual(await pageRows(handle));
        // A catalogue that is not empty and was never seeded (an existing site) is left alone.
        expect(
          await seedDemoWhenNeeded({
            db: other.db,
            domainEvents: seedEvents(other.db),
            storage: createLocalMediaStorage(path.join(dir, 'media-second')),
            log: () => {},
          }),
        ).toBeNull();
      } finally {
        await other.close();
      }
    },
    SEED_TIMEOUT,
  );
});
