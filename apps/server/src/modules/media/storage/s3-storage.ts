import { Readable } from 'node:stream';
import { imageContentType, isContentHashedKey } from './media-keys.js';
import type { S3StorageConfig } from './storage-config.js';
import { loadOnFirstUse } from '../../../lib/load-on-first-use.js';
import { assertSafeMediaKey, MediaNotFoundError, type MediaObjectInfo, type MediaStorage } from './storage-types.js';

/** The AWS SDK, loaded when an S3 storage is made (local-storage installations never load it). */
const s3Sdk = loadOnFirstUse<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');

const IMMUTABLE = 'public, max-age=31536000, immutable';

const isNotFound = (error: unknown) => error instanceof s3Sdk().S3ServiceException && error.$metadata.httpStatusCode === 404;

/** An S3 error without the request's internals: the status and S3's own code are what an operator needs. */
function describe(error: unknown): string {
  if (error instanceof s3Sdk().S3ServiceException) return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'}): ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...). Object keys are the media keys
 * as they are. The bucket stays private: readers get bytes through our /media route, which checks
 * signatures for paid pages (docs/CONTENT.md, "Storage and serving").
 */
export function createS3MediaStorage(config: S3StorageConfig): MediaStorage {
  const { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } =
    s3Sdk();
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Fail within seconds when the endpoint is down instead of holding readers' requests.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    // Many S3-compatible servers reject the newer default CRC checksum headers; send them only when an API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  async function stat(key: string): Promise<MediaObjectInfo | null> {
    assertSafeMediaKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        etag: head.ETag ?? `"${head.ContentLength ?? 0}-${head.LastModified?.getTime() ?? 0}"`,
        lastModified: head.LastModified ?? new Date(0),
        contentType: head.ContentType ?? imageContentType(key) ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw new Error(`S3 HEAD ${key} failed: ${describe(error)}`, { cause: error });
    }
  }

  return {
    kind: 's3',
    location: `s3://${Bucket} @ ${config.endpoint}`,
    async put(key, bytes, contentType) {
      assertSafeMediaKey(key);
      const put = new PutObjectCommand({
        Bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
        // Caches in front of the bucket (a CDN on MEDIA_PUBLIC_BASE_URL) may keep hashed objects forever.
        ...(isContentHashedKey(key) ? { CacheControl: IMMUTABLE } : {}),
      });
      await client.send(put).catch((error: unknown) => {
        throw new Error(`S3 PUT ${key} failed: ${describe(error)}`, { cause: error });
      });
    },
    async exists(key) {
      return (await stat(key)) !== null;
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async delete(key) {
      assertSafeMediaKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
        throw new Error(`S3 DELETE ${key} failed: ${describe(error)}`, { cause: error });
      });
    },
    stat,
    async read(key, range) {
      assertSafeMediaKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        if (!(object.Body instanceof Readable)) throw new Error('the S3 client did not return a Node stream');
        return object.Body;
      } catch (error) {
        if (isNotFound(error)) throw new MediaNotFoundError(key);
        throw new Error(`S3 GET ${key} failed: ${describe(error)}`, { cause: error });
      }
    },
    async verify() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw new Error(`S3 bucket "${Bucket}" at ${config.endpoint} is not usable: ${describe(error)}`, { cause: error });
      }
    },
    close() {
      client.destroy();
    },
  };
}
