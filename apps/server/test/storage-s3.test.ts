import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { contentHash, createMediaStorage, type MediaStorage } from '../src/modules/media/media-storage.js';
import { startS3Server, type TestS3Server } from './helpers/s3-server.js';
import { createTestContext } from './helpers/test-context.js';

/** What only the S3 driver does: object metadata for caches in front of the bucket, and clear failures. */

const SECRET = 'do-not-leak-this-secret-key';
let s3: TestS3Server;
let dataDir: string;
let raw: S3Client;

const storageFor = (env: Record<string, string>): MediaStorage =>
  createMediaStorage(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...s3.env, ...env }));

/** A port nothing listens on: taken from the system, then released. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-s3-driver-'));
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  raw.destroy();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('S3 driver', () => {
  it('writes objects under their media key with the content type, and a year of immutable caching for hashed keys', async () => {
    const storage = storageFor({});
    const bytes = Buffer.from('hashed page bytes');
    const hashed = `pages/book/chapter/en-us/0-${contentHash(bytes)}.avif`;
    const plain = 'covers/book/unhashed-name.png';
    await storage.put(hashed, bytes, 'image/avif');
    await storage.put(plain, bytes, 'image/png');
    const hashedHead = await raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: hashed }));
    expect(hashedHead.ContentType).toBe('image/avif');
    expect(hashedHead.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(hashedHead.ContentLength).toBe(bytes.length);
    const plainHead = await raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: plain }));
    expect(plainHead.ContentType).toBe('image/png');
    expect(plainHead.CacheControl).toBeUndefined();
    storage.close();
  });

  it('names the bucket when it does not exist', async () => {
    const storage = storageFor({ S3_BUCKET: 'no-such-bucket' });
    await expect(storage.verify()).rejects.toThrow(/no-such-bucket/);
    storage.close();
  });

  it('fails clearly, without the secret, when the endpoint does not answer', async () => {
    const endpoint = `http://127.0.0.1:${await deadPort()}`;
    const storage = storageFor({ S3_ENDPOINT: endpoint, S3_SECRET_ACCESS_KEY: SECRET });
    expect(storage.location).toBe(`s3://${s3.bucket} @ ${endpoint}`);
    const calls = [
      () => storage.verify(),
      () => storage.stat('covers/x/a.webp'),
      () => storage.put('covers/x/a.webp', Buffer.from('x'), 'image/webp'),
    ];
    for (const call of calls) {
      const error = await call().then(
        () => null,
        (thrown: unknown) => thrown as Error,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error!.message).toMatch(/S3|bucket/);
      expect(error!.message).not.toContain(SECRET);
    }
    storage.close();
  });
});

describe('the media route when the bucket cannot be reached', () => {
  it('answers 503 SERVICE_UNAVAILABLE, not a 500 or a hang', async () => {
    const ctx = await createTestContext({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await deadPort()}` });
    try {
      const response = await ctx.app.inject(`/media/covers/book/${'0'.repeat(16)}.webp`);
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
      expect(response.headers['retry-after']).toBeDefined();
    } finally {
      await ctx.close();
    }
  });
});
