import { createLocalMediaStorage } from './local-storage.js';
import { createS3MediaStorage } from './s3-storage.js';
import type { StorageConfig } from './storage-config.js';
import type { MediaStorage } from './storage-types.js';

/** The storage the configuration asks for (STORAGE=local|s3): used by the server, the admin CLI and the tests. */
export function createMediaStorage(config: { readonly storage: StorageConfig }): MediaStorage {
  return config.storage.driver === 's3' ? createS3MediaStorage(config.storage) : createLocalMediaStorage(config.storage.dir);
}
