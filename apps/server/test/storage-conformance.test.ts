import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import {
  contentHash,
  createMediaStorage,
  MediaNotFoundError,
  UnsafeMediaKeyError,
  type MediaStorage,
} from '../src/modules/media/media-storage.js';
import { startS3Server, type TestS3Server } from './helpers/s3-server.js';

/**
 * The same contract for every storage driver, run against the local folder and against a real
 * S3-protocol server over HTTP. Drivers are built from settings, as the server builds them.
 */

interface Harness {
  storage: MediaStorage;
  dataDir: string;
  close(): Promise<void>;
}

async function openHarness(driver: 'local' | 's3'): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-storage-'));
  const s3: TestS3Server | null = driver === 's3' ? await startS3Server() : null;
  const storage = createMediaStorage(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(s3?.env ?? {}) }));
  return {
    storage,
    dataDir,
    async close() {
      storage.close();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const read = async (storage: MediaStorage, key: string, range?: { start: number; end: number }) => buffer(await storage.read(key, range));

/** Distinct bytes per call, so keys never collide between tests. */
let counter = 0;
function sample(size = 1000): { bytes: Buffer; key: (folder?: string, extension?: string) => string } {
  counter += 1;
  const bytes = Buffer.alloc(size, `${counter}-sample-bytes-`);
  const hash = contentHash(bytes);
  return { bytes, key: (folder = 'covers/book', extension = 'webp') => `${folder}/${counter}-${hash}.${extension}` };
}

const UNSAFE_KEYS = [
  '../escape.webp',
  'covers/../../escape.webp',
  '/etc/passwd',
  '.hidden.webp',
  'covers/.git/x.webp',
  '',
  'a//b.webp',
  'a\\b.webp',
  'covers/x.webp/',
];

describe.each(['local', 's3'] as const)('media storage conformance: %s driver', (driver) => {
  let harness: Harness;
  let storage: MediaStorage;

  beforeAll(async () => {
    harness = await openHarness(driver);
    storage = harness.storage;
  });
  afterAll(() => harness.close());

  it('is the driver the settings ask for, and usable', async () => {
    expect(storage.kind).toBe(driver);
    await expect(storage.verify()).resolves.toBeUndefined();
  });

  it('stores bytes that exist, stat and read back whole', async () => {
    const { bytes, key } = sample(2500);
    const k = key();
    expect(await storage.exists(k)).toBe(false);
    await storage.put(k, bytes, 'image/webp');
    expect(await storage.exists(k)).toBe(true);
    const info = await storage.stat(k);
    expect(info).toMatchObject({ size: bytes.length, contentType: 'image/webp' });
    expect(info!.lastModified).toBeInstanceOf(Date);
    expect(Math.abs(info!.lastModified.getTime() - Date.now())).toBeLessThan(10 * 60 * 1000);
    expect(await read(storage, k)).toEqual(bytes);
  });

  it('reads an inclusive byte range: the start, the middle and the last byte', async () => {
    const { bytes, key } = sample(1000);
    const k = key();
    await storage.put(k, bytes, 'image/webp');
    expect(await read(storage, k, { start: 0, end: 9 })).toEqual(bytes.subarray(0, 10));
    expect(await read(storage, k, { start: 300, end: 555 })).toEqual(bytes.subarray(300, 556));
    expect(await read(storage, k, { start: 999, end: 999 })).toEqual(bytes.subarray(999));
  });

  it('keeps the content type of each image format', async () => {
    for (const [extension, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpg', 'image/jpeg'],
      ['png', 'image/png'],
      ['gif', 'image/gif'],
    ] as const) {
      const { bytes, key } = sample(64);
      const k = key('pages/book/chapter/en-us', extension);
      await storage.put(k, bytes, type);
      expect((await storage.stat(k))?.contentType, extension).toBe(type);
    }
  });

  it('gives a quoted ETag that stays the same for the same bytes and changes with the bytes', async () => {
    const { bytes, key } = sample(700);
    const k = key();
    await storage.put(k, bytes, 'image/webp');
    const first = (await storage.stat(k))!.etag;
    expect(first).toMatch(/^"[^"]+"$/);
    await storage.put(k, Buffer.from(bytes), 'image/webp');
    expect((await storage.stat(k))!.etag).toBe(first);
    const other = sample(700);
    await storage.put(k, other.bytes, 'image/webp');
    expect((await storage.stat(k))!.etag).not.toBe(first);
    expect(await read(storage, k)).toEqual(other.bytes);
  });

  it('stores an empty object', async () => {
    const k = sample().key();
    await storage.put(k, Buffer.alloc(0), 'image/webp');
    expect((await storage.stat(k))?.size).toBe(0);
    expect((await read(storage, k)).length).toBe(0);
  });

  it('answers a missing key clearly: not there, no facts, a not-found error on read, a harmless delete', async () => {
    const k = sample().key();
    expect(await storage.exists(k)).toBe(false);
    expect(await storage.stat(k)).toBeNull();
    await expect(storage.read(k)).rejects.toBeInstanceOf(MediaNotFoundError);
    await expect(storage.read(k)).rejects.toThrow(k);
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  it('deletes a key', async () => {
    const { bytes, key } = sample();
    const k = key();
    await storage.put(k, bytes, 'image/webp');
    await storage.delete(k);
    expect(await storage.exists(k)).toBe(false);
    await expect(storage.read(k)).rejects.toBeInstanceOf(MediaNotFoundError);
  });

  it('takes the same key written again, even at the same time, and keeps whole bytes', async () => {
    const { bytes, key } = sample(50_000);
    const k = key();
    await Promise.all(Array.from({ length: 6 }, () => storage.put(k, bytes, 'image/webp')));
    await storage.put(k, bytes, 'image/webp');
    expect(await read(storage, k)).toEqual(bytes);
    expect((await storage.stat(k))?.size).toBe(bytes.length);
  });

  it('treats a folder-like prefix as nothing stored', async () => {
    const { bytes } = sample();
    await storage.put('covers/prefix-book/inner/x.webp', bytes, 'image/webp');
    expect(await storage.exists('covers/prefix-book/inner')).toBe(false);
    await expect(storage.read('covers/prefix-book/inner')).rejects.toBeInstanceOf(MediaNotFoundError);
  });

  it.each(UNSAFE_KEYS)('refuses the unsafe key %j in every method', async (key) => {
    const bytes = Buffer.from('escape attempt');
    await expect(storage.put(key, bytes, 'image/webp')).rejects.toBeInstanceOf(UnsafeMediaKeyError);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(UnsafeMediaKeyError);
    await expect(storage.stat(key)).rejects.toBeInstanceOf(UnsafeMediaKeyError);
    await expect(storage.read(key)).rejects.toBeInstanceOf(UnsafeMediaKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(UnsafeMediaKeyError);
    expect(existsSync(path.join(harness.dataDir, 'escape.webp'))).toBe(false);
    expect(existsSync('/escape.webp')).toBe(false);
  });
});
