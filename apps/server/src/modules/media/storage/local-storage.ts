import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../../../lib/private-files.js';
import { imageContentType } from './media-keys.js';
import { assertSafeMediaKey, MediaNotFoundError, type MediaObjectInfo, type MediaStorage } from './storage-types.js';

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * ETags are the MD5 of the bytes (what S3 reports for a single-part upload), so the same content
 * keeps its ETag when it is written again or moved between drivers. Hashing is done once per file
 * version (path, size, mtime, inode) and remembered; the cache is bounded.
 */
function createEtagCache(limit = 20_000) {
  const cache = new Map<string, Promise<string>>();
  return (file: string, version: string): Promise<string> => {
    const id = `${file}\0${version}`;
    let etag = cache.get(id);
    if (etag) return etag;
    etag = (async () => {
      const hash = createHash('md5');
      await pipeline(createReadStream(file), hash);
      return `"${hash.digest('hex')}"`;
    })();
    etag.catch(() => cache.delete(id));
    if (cache.size >= limit) cache.delete(cache.keys().next().value!);
    cache.set(id, etag);
    return etag;
  };
}

/** Media in a folder (default `DATA_DIR/media`): one file per key. */
export function createLocalMediaStorage(root: string): MediaStorage {
  // The folder exists from the start, so a fresh install can serve (404s) before anything is stored.
  // Paid pages and readers' export archives: only the service reads them (it serves /media itself).
  mkdirSync(root, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const etagOf = createEtagCache();
  const fileOf = (key: string) => {
    assertSafeMediaKey(key);
    return path.join(root, ...key.split('/'));
  };

  async function statKey(key: string): Promise<MediaObjectInfo | null> {
    const file = fileOf(key);
    try {
      const stats = await stat(file);
      if (!stats.isFile()) return null;
      return {
        size: stats.size,
        etag: await etagOf(file, `${stats.size}:${stats.mtimeMs}:${stats.ino}`),
        lastModified: stats.mtime,
        contentType: imageContentType(key) ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 'local',
    location: root,
    async put(key, bytes) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
      // Write then rename, so a reader never sees half a file; the random suffix keeps concurrent writers apart.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, bytes, { mode: PRIVATE_FILE_MODE });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async exists(key) {
      return (await statKey(key)) !== null;
    },
    async *list(prefix) {
      // Keys are paths under the root with '/' separators; temporary files of unfinished writes end in .tmp.
      const entries = await readdir(path.join(root, prefix), { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, file).split(path.sep).join('/');
        const info = await stat(file).catch(() => null);
        if (info) yield { key, lastModified: info.mtime };
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    stat: statKey,
    async read(key, range) {
      const file = fileOf(key);
      // Open first, so a missing file is an error here and not in the middle of a response.
      const handle = await open(file, 'r').catch((error: unknown) => {
        throw isMissing(error) ? new MediaNotFoundError(key) : error;
      });
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw new MediaNotFoundError(key);
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {}) as Readable;
    },
    async verify() {
      try {
        await access(root, constants.R_OK | constants.W_OK);
      } catch (error) {
        throw new Error(`media folder "${root}" is not readable and writable: ${(error as NodeJS.ErrnoException).code ?? error}`, {
          cause: error,
        });
      }
    },
    close() {},
  };
}
