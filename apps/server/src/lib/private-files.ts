import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** Files holding readers' data (database, WAL, secrets, backups, mail, media): the service's user only. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/**
 * Every file and folder the process creates from now on is its user's only, whatever the umask it
 * was started with (usually 022: world-readable). Called first by the entry points (main.ts, the
 * admin command line), so no code path that forgets a mode (SQLite's -wal and -shm, a library's
 * temporary file) makes a readable copy of password hashes, addresses or paid pages.
 */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}

/** A folder of private files: created 0700, and made 0700 if it existed with a wider mode. */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(dir, PRIVATE_FOLDER_MODE);
}

/** A private file: created empty 0600 when absent, made 0600 when it exists (an install from before). */
export function privateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}
