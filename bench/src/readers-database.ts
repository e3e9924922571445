import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase, type Db } from '@inkstream/server/dist/db/database.js';
import {
  generateReaderPopulation,
  READER_POPULATION_PASSWORD,
  READER_POPULATION_VERSION,
  type ReaderPopulationStats,
} from '@inkstream/server/dist/modules/demo/reader-population.js';
import { startRealServer } from './server-process.js';

/**
 * The databases of the readers benchmark: the demo catalogue (seeded by the server itself, the same
 * at every size) and `accounts` generated readers (apps/server/src/modules/demo/reader-population.ts,
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
/** Seeding the demo catalogue makes its images: generous. */
const DEMO_SEED_TIMEOUT_MS = 15 * 60_000;

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

/** Starts the server once so it migrates and seeds the demo catalogue, and waits for the seed's 'done' marker. */
async function seedCatalogue(serverMain: string, dataDir: string, databaseUrl: string | null, openDb: () => Db): Promise<void> {
  const server = await startRealServer({
    serverMain,
    dataDir,
    demoCatalogue: true,
    timeoutMs: DEMO_SEED_TIMEOUT_MS,
    ...(databaseUrl ? { env: { DATABASE_URL: databaseUrl } } : {}),
  });
  const db = openDb();
  try {
    const deadline = Date.now() + DEMO_SEED_TIMEOUT_MS;
    for (;;) {
      const row = await db.selectFrom('app_state').select('value').where('state_key', '=', 'demo_seed').executeTakeFirst();
      if (row && (JSON.parse(row.value) as { state?: string }).state === 'done') break;
      if (!server.isRunning()) throw new Error(`the server stopped while seeding the demo catalogue:\n${server.outputTail()}`);
      if (Date.now() > deadline) throw new Error('the demo catalogue was not seeded in time');
      await sleep(500);
    }
  } finally {
    await db.destroy();
    await server.stop();
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
  if (!row) throw new Error('the demo catalogue has no paid comic chapter');
  return row;
}

interface Marker {
  version: number;
  population: ReaderPopulationStats;
  generationSeconds: number;
  generatedAt: string;
}

export async function ensureReadersDatabase(options: {
  dialect: BenchDialect;
  accounts: number;
  cacheRoot: string;
  serverMain: string;
  fresh: boolean;
  log: (line: string) => void;
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

  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (dialect === 'postgres') {
    await dropPostgresDatabase();
    await withPostgresAdmin((client) => client.query(`CREATE DATABASE ${BENCH_POSTGRES_DATABASE}`));
  }
  const started = performance.now();
  options.log(`  ${dialect} ${accounts.toLocaleString('en-US')} readers: seeding the demo catalogue ...`);
  await seedCatalogue(options.serverMain, dataDir, databaseUrl, openDb);
  options.log(`  ${dialect} ${accounts.toLocaleString('en-US')} readers: generating ...`);
  const db = openDb();
  try {
    const now = Date.now();
    const population = await generateReaderPopulation(db, { accounts, seed: SEED, now });
    await prepareAccounts(db, population, now);
    const generationSeconds = (performance.now() - started) / 1000;
    options.log(`  generated in ${generationSeconds.toFixed(1)} s (readers alone ${(population.ms / 1000).toFixed(1)} s)`);
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

async function memberName(db: Db, population: ReaderPopulationStats): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('username')
    .where('id', '=', population.firstUserId + 1)
    .executeTakeFirstOrThrow();
  return row.username;
}
