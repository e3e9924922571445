import { spawn } from 'node:child_process';
import { chmodSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Client as PgClient } from 'pg';
import { postgresDriver } from '../../db/postgres-driver.js';
import type { Env } from '../../lib/config-error.js';
import { exportPostgresSnapshot, postgresServerVersionNum, postgresUserTables, type DatabaseFacts } from './backup-facts.repository.js';
import { BackupError, fsyncPath } from './backup-layout.js';

const INSTALL_HINT =
  'install the PostgreSQL client tools of the server\'s major version or newer (Debian/Ubuntu: apt-get install postgresql-client; elsewhere the "postgresql-client" package or the PostgreSQL downloads), or put them on PATH';

/**
 * The URL without its password, and the password as PGPASSWORD: a URL with a password on the
 * command line would be readable by every user of the machine (ps). The tools get the command's
 * environment (PATH, PGSSLROOTCERT and the like).
 */
function connectionFor(env: Env, databaseUrl: string): { url: string; env: Env } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...env, ...(password ? { PGPASSWORD: password } : {}) } };
}

interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runTool(tool: string, args: string[], env: Env): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8192)));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BackupError(`${tool} was not found: ${INSTALL_HINT}`) : error),
    );
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The major version of pg_dump or pg_restore (`pg_dump (PostgreSQL) 15.20 …` → 15). */
async function toolMajor(env: Env, tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  const run = await runTool(tool, ['--version'], env);
  const major = /\(PostgreSQL\)\s+(\d+)/.exec(run.stdout)?.[1];
  if (run.code !== 0 || major === undefined) throw new BackupError(`${tool} --version did not answer as expected: ${INSTALL_HINT}`);
  return Number(major);
}

/** pg_dump refuses a newer server; say so before it starts, with what to install. */
function requireToolFor(tool: string, toolMajorVersion: number, serverVersionNum: number): void {
  const serverMajor = Math.floor(serverVersionNum / 10_000);
  if (toolMajorVersion < serverMajor) {
    throw new BackupError(`${tool} is version ${toolMajorVersion} but the database server is ${serverMajor}: ${INSTALL_HINT}`);
  }
}

const lastLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-1)[0] ?? '(no output)';

async function connect(databaseUrl: string): Promise<PgClient> {
  const client = new (postgresDriver().Client)({ connectionString: databaseUrl, application_name: 'inkstream-backup' });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to DATABASE_URL: ${(error as Error).message}`);
  }
  return client;
}

/**
 * `pg_dump --format=custom --no-owner` of DATABASE_URL into `target`, taken at the snapshot of a
 * transaction this function holds open, so the row counts it records describe the dump exactly.
 */
export async function dumpPostgres(env: Env, databaseUrl: string, target: string): Promise<DatabaseFacts> {
  const major = await toolMajor(env, 'pg_dump');
  const client = await connect(databaseUrl);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    const { snapshotId, facts, serverVersionNum } = await exportPostgresSnapshot(client);
    requireToolFor('pg_dump', major, serverVersionNum);
    const connection = connectionFor(env, databaseUrl);
    const run = await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', `--snapshot=${snapshotId}`, `--file=${partial}`, `--dbname=${connection.url}`],
      connection.env,
    );
    if (run.code !== 0) throw new BackupError(`pg_dump failed: ${lastLine(run.stderr)}`);
    // It holds password hashes and e-mail addresses: readable by its owner only.
    chmodSync(partial, 0o600);
    fsyncPath(partial);
    renameSync(partial, target);
    fsyncPath(path.dirname(target));
    return facts;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Checks, before anything is written, that pg_restore is there and new enough and that the target
 * database is empty (or `force`: its objects are replaced).
 */
export async function checkPostgresTarget(env: Env, databaseUrl: string, force: boolean): Promise<void> {
  const major = await toolMajor(env, 'pg_restore');
  const client = await connect(databaseUrl);
  try {
    requireToolFor('pg_restore', major, await postgresServerVersionNum(client));
    const tables = await postgresUserTables(client);
    if (tables.length > 0 && !force) {
      throw new BackupError(
        `the database of DATABASE_URL is not empty (it has ${tables.join(', ')}${tables.length === 5 ? ', …' : ''}): restore into an empty database, or add --force to replace its tables`,
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** pg_restore in one transaction: the database gets the whole backup or, on an error, nothing. */
export async function restorePostgres(env: Env, databaseUrl: string, dumpFile: string, force: boolean): Promise<void> {
  const connection = connectionFor(env, databaseUrl);
  const run = await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      ...(force ? ['--clean', '--if-exists'] : []),
      `--dbname=${connection.url}`,
      dumpFile,
    ],
    connection.env,
  );
  if (run.code !== 0) throw new BackupError(`pg_restore failed (the database is unchanged): ${lastLine(run.stderr)}`);
}
