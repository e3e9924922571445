import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { imageContentType, isContentHashedKey, isSafeMediaKey } from '../media/storage/media-keys.js';
import { MediaNotFoundError, type MediaStorage } from '../media/storage/storage-types.js';
import { BackupError, INCOMPLETE, MEDIA_MANIFEST, MEDIA_POOL } from './backup-layout.js';
import { sha256File } from './checksums.js';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, privateFolder } from '../../lib/private-files.js';

export interface ManifestEntry {
  key: string;
  size: number;
  sha256: string;
}

export interface MediaCopyReport {
  entries: ManifestEntry[];
  copied: number;
  copiedBytes: number;
  /** Listed, then deleted before they could be read (e.g. by `media gc`): not in this backup. */
  vanished: number;
}

/** The manifest a previous backup into the same folder left (its hashes spare re-reading the pool), or none. */
export function readManifest(dir: string): Map<string, ManifestEntry> {
  try {
    const entries = JSON.parse(readFileSync(path.join(dir, MEDIA_MANIFEST), 'utf8')) as { files?: ManifestEntry[] };
    return new Map((entries.files ?? []).map((entry) => [entry.key, entry]));
  } catch {
    return new Map();
  }
}

/** Copies one stored object into the pool through a temporary file, hashing it on the way. */
async function copyObject(storage: MediaStorage, key: string, target: string): Promise<ManifestEntry> {
  mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const partial = `${target}.partial`;
  const hash = createHash('sha256');
  let size = 0;
  const file = await open(partial, 'w', PRIVATE_FILE_MODE);
  try {
    for await (const chunk of await storage.read(key)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
      await file.write(chunk as Buffer);
    }
    await file.sync();
  } catch (error) {
    await file.close();
    rmSync(partial, { force: true });
    throw error;
  }
  await file.close();
  renameSync(partial, target);
  return { key, size, sha256: hash.digest('hex') };
}

/**
 * Every stored object (pages, covers, whatever the storage holds) into `dir/media/<key>`, through
 * the storage interface, so a bucket's media land in the backup folder as the local folder's do.
 * Keys ending in a content hash never change their bytes: one already in the pool with the size
 * the storage reports is not copied again, which makes backups into the same folder incremental.
 */
export async function copyMediaIntoPool(
  storage: MediaStorage,
  dir: string,
  previous: Map<string, ManifestEntry>,
): Promise<MediaCopyReport> {
  const pool = path.join(dir, MEDIA_POOL);
  // Paid pages: 0700 also closes an earlier backup's pool whose files were written readable.
  privateFolder(pool);
  const report: MediaCopyReport = { entries: [], copied: 0, copiedBytes: 0, vanished: 0 };
  for await (const object of storage.list('')) {
    const key = object.key;
    if (!isSafeMediaKey(key)) continue;
    const target = path.join(pool, key);
    try {
      if (isContentHashedKey(key) && existsSync(target)) {
        const stored = await storage.stat(key);
        if (stored === null) {
          report.vanished += 1;
          continue;
        }
        const inPool = statSync(target).size;
        if (inPool === stored.size) {
          const known = previous.get(key);
          report.entries.push(known && known.size === inPool ? known : { key, size: inPool, sha256: await sha256File(target) });
          continue;
        }
      }
      const entry = await copyObject(storage, key, target);
      report.entries.push(entry);
      report.copied += 1;
      report.copiedBytes += entry.size;
    } catch (error) {
      if (!(error instanceof MediaNotFoundError)) throw error;
      report.vanished += 1;
    }
  }
  report.entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return report;
}

/** Every manifest entry is in the pool with its size and hash; checked before a restore writes anything. */
export async function verifyPool(dir: string, entries: readonly ManifestEntry[]): Promise<void> {
  for (const entry of entries) {
    if (!isSafeMediaKey(entry.key)) throw new BackupError(`${INCOMPLETE} (the media manifest names an unsafe key)`);
    const file = path.join(dir, MEDIA_POOL, entry.key);
    if (!existsSync(file) || statSync(file).size !== entry.size || (await sha256File(file)) !== entry.sha256) {
      throw new BackupError(`${INCOMPLETE} (media file ${entry.key} is missing or damaged)`);
    }
  }
}

/** Puts each manifest entry the storage lacks (or holds with another size); returns how many and how many bytes. */
export async function restoreMedia(
  storage: MediaStorage,
  dir: string,
  entries: readonly ManifestEntry[],
): Promise<{ put: number; bytes: number }> {
  let put = 0;
  let bytes = 0;
  for (const entry of entries) {
    const stored = await storage.stat(entry.key);
    if (stored !== null && stored.size === entry.size) continue;
    const content = await readFile(path.join(dir, MEDIA_POOL, entry.key));
    await storage.put(entry.key, content, imageContentType(entry.key) ?? 'application/octet-stream');
    put += 1;
    bytes += entry.size;
  }
  return { put, bytes };
}
