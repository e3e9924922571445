import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '@inkstream/server/dist/db/database.js';
import { migrateToLatest } from '@inkstream/server/dist/db/migrator.js';
import { createDomainEvents } from '@inkstream/server/dist/db/domain-events.js';
import { handleContentChanges } from '@inkstream/server/dist/modules/catalogue/catalogue-changes.js';
import { insertBook, insertChapter } from '@inkstream/server/dist/modules/catalogue/catalogue-write.repository.js';
import {
  generateReaderPopulation,
  READER_POPULATION_PASSWORD,
  READER_POPULATION_VERSION,
  type ReaderPopulationStats,
} from '@inkstream/server/dist/modules/demo/reader-population.js';

/**
 * The databases of the readers benchmark: a generated catalogue of a few hundred books (the same at
 * every size) and `accounts` generated readers (apps/server/src/modules/demo/reader-population.ts,
 * shared with the query-plan test). SQLite databases are cached under bench/.data by size, schema and
 * generator version; the PostgreSQL one is a fresh `inkstream_bench_readers` database each time.
 */
export type BenchDialect = 'sqlite' | 'postgres';

export interface ReadersDatabase {
  dialect: BenchDialect;
  dataDir: string;
  /** Set on PostgreSQL: the server is started with it. */
  databaseUrl: string | null;
  population: ReaderPopulationStats;
  /** Seconds to seed the catalogue and generate the readers (of the run that built it, when cached). */
  generationSeconds: number;
  reused: boolean;
  admin: { username: string; password: string };
  member: { username: string; password: string };
  /** A paid comic chapter (beyond the book's free chapters) and its book, for the member's read. */
  paidChapter: { bookUuid: string; chapterUuid: string };
}

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_POSTGRES_DATABASE = 'inkstream_bench_readers';
const MARKER_FILE = 'bench-readers.json';
const SEED = 27;

/** A digest of the server's migration list: a cached database made under another schema is rebuilt. */
function schemaKey(serverMain: string): string {
  const dir = path.join(path.dirname(serverMain), 'db/migrations');
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .sort();
  return createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 8);
}

async function withPostgresAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function dropPostgresDatabase(): Promise<void> {
  await withPostgresAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${BENCH_POSTGRES_DATABASE} WITH (FORCE)`));
}

/** Books of the readers benchmark's catalogue: a few hundred, as a growing site has. */
export const READERS_CATALOGUE_BOOKS = 300;
const CHAPTERS_PER_BOOK = 8;
const PAGES_PER_CHAPTER = 3;

const benchUuid = (name: string) => {
  const hex = createHash('sha256').update(`bench-readers/${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Migrates the empty database and writes a generated catalogue through the server's own catalogue
 * repository (either dialect): comics with English and Chinese titles, 8 chapters of 3 pages, the
 * first 3 chapters free. Page files are not stored: the requests measured answer page URLs, not bytes.
 */
async function seedCatalogue(openDb: () => Db): Promise<void> {
  const db = openDb();
  try {
    await migrateToLatest(db);
    const now = Date.UTC(2026, 10, 1);
    // No server runs in this process: the catalogue version moves in the database only.
    const domainEvents = createDomainEvents(db);
    handleContentChanges(domainEvents, {});
    await domainEvents.transact(async (trx) => {
      for (let b = 0; b < READERS_CATALOGUE_BOOKS; b++) {
        const uuid = benchUuid(`book/${b}`);
        const book = await insertBook(trx, {
          uuid,
          book_type: 'comic',
          original_language: b % 3 === 0 ? 'en-us' : 'zh-cn',
          public_free_chapters: 3,
          popularity: (b * 7919) % 10_000,
          created_at: now - (b + 30) * 86_400_000,
          updated_at: now - b * 3_600_000,
          translations: [
            { language: 'en-us', title: `Bench book ${b}`, introduction: `A generated book (${b}).` },
            { language: 'zh-cn', title: `测试书 ${b}`, introduction: `生成的书 ${b}` },
          ],
          tags: [],
        });
        for (let number = 1; number <= CHAPTERS_PER_BOOK; number++) {
          const chapterUuid = benchUuid(`chapter/${b}/${number}`);
          await insertChapter(trx, {
            uuid: chapterUuid,
            book_id: book.id,
            number,
            created_at: now - (b + 30) * 86_400_000 + number * 86_400_000,
            translations: [{ language: 'en-us', title: `Chapter ${number}` }],
            pages: Array.from({ length: PAGES_PER_CHAPTER }, (_, position) => ({
              language: 'en-us',
              media_key: `pages/${uuid}/${chapterUuid}/en-us/${position}-bench.webp`,
              width: 800,
              height: 1600,
            })),
          });
        }
        await domainEvents.raise(trx, { type: 'book-changed', bookId: book.id });
      }
    });
  } finally {
    await db.destroy();
  }
}

/** Makes the first generated reader an administrator and gives the second a running membership. */
async function prepareAccounts(db: Db, population: ReaderPopulationStats, now: number): Promise<void> {
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', population.firstUserId).execute();
  await db
    .insertInto('membership_grants')
    .values({
      user_id: population.firstUserId + 1,
      source: 'admin',
      source_ref: `bench-readers-member-${population.firstUserId + 1}`,
      starts_at: now,
      // A century: a cached database must not see the membership run out.
      ends_at: now + 36_500 * 86_400_000,
      created_at: now,
      grant_months: null,
      grant_days: 36_500,
    })
    .onConflict((oc) => oc.columns(['source', 'source_ref']).doNothing())
    .execute();
}

async function findPaidChapter(db: Db): Promise<{ bookUuid: string; chapterUuid: string }> {
  const row = await db
    .selectFrom('chapters as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select(['b.uuid as bookUuid', 'c.uuid as chapterUuid'])
    .where('b.book_type', '=', 'comic')
    .where('b.is_published', '=', 1)
    .where('c.is_published', '=', 1)
    .whereRef('c.number', '>', 'b.public_free_chapters')
    .orderBy('b.id')
    .orderBy('c.number')
    .executeTakeFirst();
  if (!row) throw new Error('the catalogue has no paid comic chapter');
  return row;
}

interface Marker {
  version: number;
  population: ReaderPopulationStats;
  generationSeconds: number;
  generatedAt: string;
}

/**
 * A database of `accounts` readers. With `base` (the previous, smaller size of the same run), the
 * readers missing are added to a copy of it (SQLite) or to it in place (PostgreSQL): the catalogue
 * is seeded once per database, and both sizes share it exactly.
 */
export async function ensureReadersDatabase(options: {
  dialect: BenchDialect;
  accounts: number;
  cacheRoot: string;
  serverMain: string;
  fresh: boolean;
  log: (line: string) => void;
  base?: ReadersDatabase;
}): Promise<ReadersDatabase> {
  const { dialect, accounts } = options;
  const name = `readers-v${READER_POPULATION_VERSION}-${schemaKey(options.serverMain)}-${dialect}-${accounts}`;
  const dataDir = path.join(options.cacheRoot, name);
  const markerPath = path.join(dataDir, MARKER_FILE);
  let databaseUrl: string | null = null;
  if (dialect === 'postgres') {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${BENCH_POSTGRES_DATABASE}`;
    databaseUrl = url.toString();
  }
  const openDb = () => openDatabase({ databaseUrl, sqlitePath: path.join(dataDir, 'inkstream.sqlite'), poolSize: 2 }).db;
  const accountsOf = (population: ReaderPopulationStats) => ({
    admin: { username: population.firstUsername, password: READER_POPULATION_PASSWORD },
    member: { username: '', password: READER_POPULATION_PASSWORD },
  });

  // SQLite only: a complete cached database is reused (the marker is written last).
  if (dialect === 'sqlite' && !options.fresh && existsSync(markerPath)) {
    const marker = JSON.parse(readFileSync(markerPath, 'utf8')) as Marker;
    const db = openDb();
    try {
      const member = await memberName(db, marker.population);
      return {
        dialect,
        dataDir,
        databaseUrl,
        population: marker.population,
        generationSeconds: marker.generationSeconds,
        reused: true,
        ...accountsOf(marker.population),
        member: { username: member, password: READER_POPULATION_PASSWORD },
        paidChapter: await findPaidChapter(db),
      };
    } finally {
      await db.destroy();
    }
  }

  const started = performance.now();
  const base = options.base;
  if (base && base.dialect === dialect && base.population.accounts < accounts) {
    if (dialect === 'sqlite') {
      rmSync(dataDir, { recursive: true, force: true });
      cpSync(base.dataDir, dataDir, { recursive: true });
      rmSync(path.join(dataDir, MARKER_FILE), { force: true });
    }
  } else {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    if (dialect === 'postgres') {
      await dropPostgresDatabase();
      await withPostgresAdmin((client) => client.query(`CREATE DATABASE ${BENCH_POSTGRES_DATABASE}`));
    }
    options.log(`  ${dialect}: ${READERS_CATALOGUE_BOOKS} generated books ...`);
    await seedCatalogue(openDb);
  }
  const existing = base && base.dialect === dialect && base.population.accounts < accounts ? base : null;
  options.log(`  ${dialect}: generating ${(accounts - (existing?.population.accounts ?? 0)).toLocaleString('en-US')} readers ...`);
  const db = openDb();
  try {
    const now = Date.now();
    const added = await generateReaderPopulation(db, { accounts: accounts - (existing?.population.accounts ?? 0), seed: SEED, now });
    const population = existing ? addPopulations(existing.population, added) : added;
    if (!existing) await prepareAccounts(db, population, now);
    const generationSeconds = (performance.now() - started) / 1000 + (existing?.generationSeconds ?? 0);
    options.log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s (readers alone ${(added.ms / 1000).toFixed(1)} s)`);
    if (dialect === 'sqlite') {
      const marker: Marker = { version: READER_POPULATION_VERSION, population, generationSeconds, generatedAt: new Date().toISOString() };
      writeFileSync(markerPath, `${JSON.stringify(marker, null, 2)}\n`);
    }
    return {
      dialect,
      dataDir,
      databaseUrl,
      population,
      generationSeconds,
      reused: false,
      ...accountsOf(population),
      member: { username: await memberName(db, population), password: READER_POPULATION_PASSWORD },
      paidChapter: await findPaidChapter(db),
    };
  } finally {
    await db.destroy();
  }
}

/** The counts of a database grown in two steps; the first step's accounts stay the admin and the member. */
function addPopulations(first: ReaderPopulationStats, then: ReaderPopulationStats): ReaderPopulationStats {
  const sum = { ...first };
  for (const key of Object.keys(first) as (keyof ReaderPopulationStats)[]) {
    if (typeof first[key] === 'number' && key !== 'firstUserId') (sum[key] as number) = (first[key] as number) + (then[key] as number);
  }
  return sum;
}

async function memberName(db: Db, population: ReaderPopulationStats): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('username')
    .where('id', '=', population.firstUserId + 1)
    .executeTakeFirstOrThrow();
  return row.username;
}
