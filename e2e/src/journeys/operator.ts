import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll } from 'vitest';
import yazl from 'yazl';
import { uniqueUsername } from './session.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The admin command line on the test server's data folder (it shares the SQLite file). */
export const adminCli = (dataDir: string, ...args: string[]) =>
  promisify(execFile)(process.execPath, [path.join(ROOT, 'apps/server/dist/cli/admin.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });

/** An administrator's credentials; `makeAdministrator` makes the account. */
const operatorCredentials = () => ({ username: uniqueUsername('ops'), password: 'operator-pass-2026' });

/** Makes the administrator the only way one can be made: by the command line on the server. */
const makeAdministrator = (dataDir: string, operator: { username: string; password: string }) =>
  adminCli(dataDir, 'user', 'create', operator.username, '--password', operator.password, '--admin');

/** A new administrator. */
export async function createOperator(dataDir: string): Promise<{ username: string; password: string }> {
  const operator = operatorCredentials();
  await makeAdministrator(dataDir, operator);
  return operator;
}

/**
 * The administrator of a test file: its name and password at once, the account made on the server
 * before the file's tests (by a beforeAll this call registers, ahead of the file's own).
 */
export function operatorPerFile(dataDir: string): { username: string; password: string } {
  const operator = operatorCredentials();
  beforeAll(async () => {
    await makeAdministrator(dataDir, operator);
  });
  return operator;
}

/**
 * A reader account made on the server (not through the register call): the console's test must not
 * spend the per-address registration limit the other journeys' sign-ups count on.
 */
export async function createReaderOnServer(dataDir: string): Promise<{ username: string; password: string }> {
  const reader = { username: uniqueUsername('rd'), password: 'reader-pass-2026' };
  await adminCli(dataDir, 'user', 'create', reader.username, '--password', reader.password);
  return reader;
}

/** Page images of the demo catalogue (real JPEG/PNG files), for covers and uploads. */
export function demoPageFiles(dataDir: string, count: number): string[] {
  const root = path.join(dataDir, 'media', 'pages');
  const files: string[] = [];
  for (const book of readdirSync(root)) {
    for (const chapter of readdirSync(path.join(root, book))) {
      for (const language of readdirSync(path.join(root, book, chapter))) {
        const folder = path.join(root, book, chapter, language);
        files.push(
          ...readdirSync(folder)
            .filter((name) => /\.(jpe?g|png)$/.test(name))
            .map((name) => path.join(folder, name)),
        );
        if (files.length >= count) return files.slice(0, count);
      }
    }
  }
  return files;
}

/** A one-chapter CBZ (images at the top level) of these files, as a reader's comic archive is. */
export function buildCbz(files: string[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  files.forEach((file, index) => zip.addBuffer(readFileSync(file), `${String(index + 1).padStart(3, '0')}${path.extname(file)}`));
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A datetime-local value (the browser's local time) for a moment. */
export function localDateTime(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}
