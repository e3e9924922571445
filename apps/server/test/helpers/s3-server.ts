import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createTestContext, type TestContext } from './test-context.js';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The settings that point the app at this server (STORAGE=s3 and every S3_*). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1, a random port and a fresh temporary folder,
 * with one empty bucket: the S3 driver is tested over HTTP through the real SDK, never a mock.
 * s3rver does not check SigV4 signatures or bucket policies; those stay the provider's job.
 */
export async function startS3Server(bucket = 'inkstream-media'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'inkstream-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export const STORAGE_DRIVERS = ['local', 's3'] as const;

/**
 * A test context (fresh database, whole app) whose media live on `driver`: the local folder, or a
 * bucket on its own S3-protocol server, stopped by close().
 */
export async function createDriverContext(
  driver: (typeof STORAGE_DRIVERS)[number],
  env: Record<string, string> = {},
): Promise<TestContext> {
  const s3 = driver === 's3' ? await startS3Server() : null;
  const ctx = await createTestContext({ ...(s3?.env ?? {}), ...env }).catch(async (error: unknown) => {
    await s3?.close();
    throw error;
  });
  return {
    ...ctx,
    async close() {
      await ctx.close();
      await s3?.close();
    },
  };
}
