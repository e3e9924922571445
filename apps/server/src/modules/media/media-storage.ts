import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where media bytes live. Keys are relative, slash-separated paths such as
 * `covers/<book>/<hash>.webp` or `pages/<book>/<chapter>/<lang>/<n>-<hash>.webp`.
 * The local folder is the default; an S3 driver implements the same interface.
 */
export interface MediaStorage {
  readonly kind: 'local';
  /** Stores bytes under a content-hashed key; `contentType` is kept where the backend can (S3). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Absolute path of a stored key, for streaming with Range and ETag support. */
  localPath(key: string): string;
  readonly root: string;
}

const SAFE_KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/i;

/** Rejects anything that could climb out of the media root or name a hidden file. */
export function isSafeMediaKey(key: string): boolean {
  return key.length <= 255 && SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part.startsWith('.'));
}

/** A short content hash for immutable, cache-friendly keys. */
export function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

export function createLocalMediaStorage(root: string): MediaStorage {
  // The folder exists from the start, so the file server can be set up before anything is stored.
  mkdirSync(root, { recursive: true });
  const resolveKey = (key: string) => {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    root,
    localPath: resolveKey,
    async put(key, bytes) {
      const target = resolveKey(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, target);
    },
    async exists(key) {
      try {
        return (await stat(resolveKey(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
