import { readStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

/** 4 random bytes as 8 lowercase hex characters (spec section 9). */
export function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** On load with no user, make sure a visitor id is stored (spec section 4). */
export function ensureVisitorId(): string | null {
  if (readStorage(STORAGE_KEYS.userUuid)) return null;
  const existing = readStorage(STORAGE_KEYS.visitorId);
  if (existing) return existing;
  const id = newVisitorId();
  writeStorage(STORAGE_KEYS.visitorId, id);
  return id;
}
