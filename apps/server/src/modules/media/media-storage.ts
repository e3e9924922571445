/**
 * The media storage API in one import: the driver interface, key rules and the factory.
 * Drivers live in ./storage (local folder, S3-compatible bucket).
 */
export { contentHash, imageContentType, isContentHashedKey, isSafeMediaKey } from './storage/media-keys.js';
export {
  assertSafeMediaKey,
  MediaNotFoundError,
  UnsafeMediaKeyError,
  type ByteRange,
  type MediaObjectInfo,
  type MediaStorage,
} from './storage/storage-types.js';
export { createLocalMediaStorage } from './storage/local-storage.js';
export { createS3MediaStorage } from './storage/s3-storage.js';
export { createMediaStorage } from './storage/create-media-storage.js';
export type { StorageConfig } from './storage/storage-config.js';
