import { createHash, randomBytes } from 'node:crypto';
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrator.js';

/**
 * Test speed: most test files build the app on a fresh, fully migrated database, and running the
 * 24 migrations cost more than building the app (about 1 s a database on PostgreSQL, 0.3 s on
 * SQLite, more under load). A migrated copy is made once and each fresh database starts as a copy
 * of it: `CREATE DATABASE … TEMPLATE` on PostgreSQL, a file copy on SQLite. Callers still run
 * migrateToLatest on the copy (it finds nothing to do), so the schema is the one the migrations
 * write, never a second description of it.
 *
 * The copy is named after a hash of the migration sources, so a changed or added migration gets a
 * new copy and an old one is never used; copies are shared by concurrent test runs (workers, other
 * checkouts on the same PostgreSQL server) and published atomically (a rename), so a half-made copy
 * is never seen.
 */

const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
const MIGRATOR = fileURLToPath(new URL('../../src/db/migrator.ts', import.meta.url));

function migrationsHash(): string {
  const hash = createHash('sha256').update(readFileSync(MIGRATOR));
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

let hash: string | undefined;
const templateHash = () => (hash ??= migrationsHash());

/** A migrated SQLite file to copy; made once per migration set and machine (in the temp folder). */
export async function migratedSqliteTemplate(): Promise<string> {
  const dir = path.join(tmpdir(), 'inkstream-test-templates');
  const file = path.join(dir, `migrated-${templateHash()}.sqlite`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const building = path.join(dir, `building-${randomBytes(6).toString('hex')}.sqlite`);
  const handle = openDatabase({ databaseUrl: null, sqlitePath: building });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // Closing the only connection checkpoints the WAL into the file and removes it: one file to copy.
    await handle.close();
  }
  renameSync(building, file);
  for (const leftover of [`${building}-wal`, `${building}-shm`]) rmSync(leftover, { force: true });
  return file;
}

/** Copies the migrated SQLite template to `target`; a database already there is left as it is. */
export async function copyMigratedSqlite(target: string): Promise<void> {
  if (existsSync(target)) return;
  const template = await migratedSqliteTemplate();
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(template, target, constants.COPYFILE_EXCL);
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a migrated PostgreSQL database to use as a template; made once per migration set on
 * the server at `adminUrl`. Nothing stays connected to it: CREATE DATABASE … TEMPLATE refuses a
 * template with open connections.
 */
export function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= makePostgresTemplate(adminUrl).catch((error: unknown) => {
    postgresTemplate = undefined;
    throw error;
  });
  return postgresTemplate;
}

async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `inkstream_template_${templateHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = async () => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    const building = `inkstream_tplbuild_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const handle = openDatabase({ databaseUrl: url.toString(), sqlitePath: '', poolSize: 1 });
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.close();
      }
      // Another worker may have published the same template meanwhile: then this copy is dropped.
      if (!(await exists())) await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      if (!(await exists())) throw error;
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    }
    return name;
  } finally {
    await admin.end();
  }
}
