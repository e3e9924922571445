import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { openDatabase } from '@inkstream/server/dist/db/database.js';
import { migrateToLatest } from '@inkstream/server/dist/db/migrator.js';
import { createDiscoveryRefresh } from '@inkstream/server/dist/modules/discovery/discovery-refresh.js';
import { createBulkInserter, suspendIndexes } from './bulk-insert.js';
import { integerOption } from './cli-options.js';
import { createRandom } from './random.js';
import { exitWhenDone, isEntryPoint } from './section.js';

/**
 * How long the discovery refresh (issue 46, docs/DISCOVERY.md "Background computation") takes and
 * how much memory it needs on a large catalogue: a generated SQLite database of `books` books and
 * `events` reading events over 90 days (70 % by `events / 20` accounts, 30 % by visitors; half of a
 * reader's books from a "taste" of 200 related books, half from the heavy-tailed whole), then one
 * refresh, timed, with the process's RSS sampled. docs/SCALING.md reads its figures.
 *
 * Only the tables the refresh reads are filled (books, reading events, one chapter per book); the
 * events name accounts by id without account rows (foreign keys are off in the generator's
 * connection: the refresh never joins accounts).
 */
const USAGE = `Usage: node bench/dist/discovery-refresh-bench.js [--books N] [--events N] [--budget N] [--reuse]
  --books N    books (default 100000)
  --events N   reading events over 90 days (default 1000000)
  --budget N   pair entries held at once (default: the server's, 2000000)
  --reuse      keep the database an earlier run of the same size generated in bench/.data`;

const DAY = 86_400_000;

function generate(sqlitePath: string, books: number, events: number, now: number): void {
  const db = new SQLite(sqlitePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  // Events name accounts that have no row (see above): the refresh never joins them.
  db.pragma('foreign_keys = OFF');
  const random = createRandom(46);
  const restore = suspendIndexes(db, ['books', 'chapters', 'reading_events']);
  db.transaction(() => {
    const bookRows = createBulkInserter(db, 'books', [
      ...['id', 'uuid', 'book_type', 'original_language', 'public_free_chapters', 'is_published'],
      ...['chapter_count', 'popularity', 'created_at', 'updated_at', 'status'],
    ]);
    const chapterRows = createBulkInserter(db, 'chapters', ['id', 'uuid', 'book_id', 'number', 'is_published', 'created_at']);
    for (let id = 1; id <= books; id += 1) {
      const created = now - random.int(0, 700) * DAY;
      bookRows.add(
        id,
        random.uuid(),
        random.next() < 0.85 ? 'comic' : 'novel',
        'en-us',
        3,
        1,
        1,
        random.int(0, 100_000),
        created,
        created,
        random.next() < 0.2 ? 'completed' : 'ongoing',
      );
      chapterRows.add(id, random.uuid(), id, 1, 1, created);
    }
    bookRows.flush();
    chapterRows.flush();
    const accounts = Math.max(1, Math.floor(events / 20));
    const eventRows = createBulkInserter(db, 'reading_events', [
      ...['event_type', 'book_id', 'chapter_id', 'user_id', 'visitor_id', 'occurred_at', 'received_at'],
    ]);
    const types = ['start_reading', 'start_reading', 'open_book', 'finish_reading'];
    for (let n = 0; n < events; n += 1) {
      const byAccount = random.next() < 0.7;
      const reader = random.int(1, accounts);
      // Half from the reader's taste (200 related books), half from the whole catalogue, heavy-tailed.
      const book =
        random.next() < 0.5
          ? ((reader * 7919) % Math.max(1, books - 200)) + random.int(1, 200)
          : 1 + Math.floor(books * random.next() ** 3);
      const at = now - random.int(0, 90 * DAY);
      eventRows.add(
        types[random.int(0, types.length - 1)]!,
        Math.min(book, books),
        null,
        byAccount ? reader : null,
        byAccount ? null : (reader % 4_000_000_000).toString(16).padStart(8, '0').slice(-8),
        at,
        at,
      );
    }
    eventRows.flush();
  })();
  restore();
  db.exec('ANALYZE');
  db.close();
}

export async function runDiscoveryRefreshBench(options: {
  repoRoot: string;
  books: number;
  events: number;
  budget?: number;
  /** Keep the database of an earlier run of the same size (its events end at the moment it was made). */
  reuse?: boolean;
}) {
  const dir = path.join(options.repoRoot, 'bench/.data', `discovery-${options.books}-${options.events}`);
  const sqlitePath = path.join(dir, 'inkstream.sqlite');
  const stampPath = path.join(dir, 'generated-at.txt');
  let now: number;
  const started = performance.now();
  if (options.reuse && existsSync(stampPath)) {
    now = Number(readFileSync(stampPath, 'utf8'));
  } else {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const migrated = openDatabase({ databaseUrl: null, sqlitePath, poolSize: 1 });
    await migrateToLatest(migrated.db);
    await migrated.close();
    now = Date.now();
    generate(sqlitePath, options.books, options.events, now);
    writeFileSync(stampPath, String(now));
    console.log(`generated ${options.books} books, ${options.events} events in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  const handle = openDatabase({ databaseUrl: null, sqlitePath, poolSize: 1 });
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed + before.arrayBuffers;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed + usage.arrayBuffers);
  }, 20);
  try {
    const report = await createDiscoveryRefresh({
      db: handle.db,
      now: () => now,
      ...(options.budget ? { pairBudget: options.budget } : {}),
    }).run();
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(
      `refresh: ${(report.durationMs / 1000).toFixed(1)} s; ${report.booksWithReaders} books with readers, ${report.readers} signed-in readers, ` +
        `${report.lists} lists; ${report.passes} pass(es), at most ${report.peakPairs} pair entries; ` +
        `RSS ${mb(before.rss)} → peak ${mb(peakRss)} MB, heap + array buffers ${mb(before.heapUsed + before.arrayBuffers)} → peak ${mb(peakHeap)} MB`,
    );
    return report;
  } finally {
    clearInterval(sampler);
    await handle.close();
  }
}

if (isEntryPoint(import.meta)) {
  const { values } = parseArgs({
    options: {
      books: { type: 'string', default: '100000' },
      events: { type: 'string', default: '1000000' },
      budget: { type: 'string' },
      reuse: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) console.log(USAGE);
  else {
    const option = integerOption(USAGE);
    exitWhenDone(
      'discovery refresh',
      runDiscoveryRefreshBench({
        repoRoot: path.resolve(import.meta.dirname, '../..'),
        books: option('books', values.books, 1),
        events: option('events', values.events, 1),
        ...(values.budget ? { budget: option('budget', values.budget, 1) } : {}),
        reuse: values.reuse,
      }),
    );
  }
}
