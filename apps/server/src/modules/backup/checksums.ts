import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { BackupError, CHECKSUMS, INCOMPLETE } from './backup-layout.js';

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const sha256Text = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** `sha256sum`'s format (`<hex>  <path>`), so `cd DIR && sha256sum -c SHA256SUMS` checks a backup by hand too. */
export async function checksumLines(dir: string, files: readonly string[]): Promise<string> {
  const lines: string[] = [];
  for (const file of [...files].sort()) lines.push(`${await sha256File(path.join(dir, file))}  ${file}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Checks every file SHA256SUMS lists (and that the list is the one backup.json names); returns the
 * listed paths. Any mismatch or missing file: the backup is incomplete.
 */
export async function verifyChecksums(dir: string, expectedSha256: string): Promise<string[]> {
  let text: string;
  try {
    text = readFileSync(path.join(dir, CHECKSUMS), 'utf8');
  } catch {
    throw new BackupError(`${INCOMPLETE} (${CHECKSUMS} is missing)`);
  }
  if (sha256Text(text) !== expectedSha256) throw new BackupError(`${INCOMPLETE} (${CHECKSUMS} does not match backup.json)`);
  const listed: string[] = [];
  for (const line of text.split('\n').filter(Boolean)) {
    const match = /^([0-9a-f]{64}) {2}([A-Za-z0-9._/-]+)$/.exec(line);
    if (!match || match[2]!.split('/').some((part) => part === '..' || part === '')) {
      throw new BackupError(`${INCOMPLETE} (${CHECKSUMS} has an unreadable line)`);
    }
    const [, expected, file] = match;
    let actual: string;
    try {
      actual = await sha256File(path.join(dir, file!));
    } catch {
      throw new BackupError(`${INCOMPLETE} (${file} is missing)`);
    }
    if (actual !== expected) throw new BackupError(`${INCOMPLETE} (${file} does not match its checksum)`);
    listed.push(file!);
  }
  return listed;
}
