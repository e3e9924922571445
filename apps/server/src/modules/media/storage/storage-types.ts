import type { Readable } from 'node:stream';
import { isSafeMediaKey } from './media-keys.js';

/** What serving needs to know about a stored object before sending it. */
export interface MediaObjectInfo {
  size: number;
  /** A strong ETag, quoted (`"…"`): the same bytes give the same ETag. */
  etag: string;
  lastModified: Date;
  contentType: string;
}

/** Inclusive byte offsets, already checked against the object's size. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live: a local folder (default) or an S3-compatible bucket. Every method
 * refuses unsafe keys (UnsafeMediaKeyError); reading a missing key fails with MediaNotFoundError.
 */
export interface StoredObject {
  key: string;
  lastModified: Date;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Where the bytes go, for logs: a folder or `s3://bucket @ endpoint`. Never holds a secret. */
  readonly location: string;
  /** Stores bytes under a key; writing the same key again replaces it whole (readers never see half an object). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Removes a key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Size, ETag, date and type of a stored key; null when nothing is stored there. */
  stat(key: string): Promise<MediaObjectInfo | null>;
  /** The object's bytes, or the inclusive `range` of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Every stored key under `prefix` ('' for all) with its last change, in no particular order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Checks the storage can be used (folder writable, bucket reachable); throws a readable error. */
  verify(): Promise<void>;
  /** Releases connections (S3); the storage is not used afterwards. */
  close(): void;
}

export class UnsafeMediaKeyError extends Error {
  constructor(readonly key: string) {
    super(
      `Unsafe media key ${JSON.stringify(key.slice(0, 300))}: keys are relative, slash-separated names without "..", hidden or empty parts`,
    );
    this.name = 'UnsafeMediaKeyError';
  }
}

export class MediaNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No media stored under "${key}"`);
    this.name = 'MediaNotFoundError';
  }
}

export function assertSafeMediaKey(key: string): void {
  if (!isSafeMediaKey(key)) throw new UnsafeMediaKeyError(key);
}
