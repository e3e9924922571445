import yauzl from 'yauzl';
import { expect } from 'vitest';
import { authHeader, nextClientIp, type TestUser } from './factories.js';
import type { TestContext } from './test-context.js';

/**
 * What the OPDS tests share: a feed key made on the profile as a reader makes one, the two trees
 * it reads (key in the path, HTTP Basic), and an EPUB opened as a reading app opens it.
 */

export interface FeedTree {
  /** The tree's base path (`/opds/key/{key}/v1.2/` or `/opds/v1.2/`). */
  base: string;
  headers: Record<string, string>;
}

/** A feed key made through the profile's route (201), with its id. */
export async function makeFeedKey(ctx: TestContext, user: TestUser, name = 'probe'): Promise<{ key: string; keyId: number }> {
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/feed_keys',
    headers: authHeader(user),
    remoteAddress: nextClientIp(),
    payload: { name },
  });
  expect(made.statusCode, made.body).toBe(201);
  const { key, key_id } = made.json().data.result as { key: string; key_id: number };
  return { key, keyId: key_id };
}

/** Both trees for one key. */
export const feedTrees = (user: TestUser, key: string): FeedTree[] => [
  { base: `/opds/key/${key}/v1.2/`, headers: {} },
  { base: '/opds/v1.2/', headers: { authorization: `Basic ${Buffer.from(`${user.username}:${key}`).toString('base64')}` } },
];

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  compressionMethod: number;
  extraFieldLength: number;
  /** Bit 3: sizes in a data descriptor after the data (not in the local header). */
  generalPurposeBitFlag: number;
  data: Buffer;
}

/** Every entry of a zip in the order it is stored (yauzl, as strict as reading apps' unzip). */
export function unzip(bytes: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              compressionMethod: entry.compressionMethod,
              extraFieldLength: entry.extraFieldLength,
              generalPurposeBitFlag: entry.generalPurposeBitFlag,
              data: Buffer.concat(chunks),
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
