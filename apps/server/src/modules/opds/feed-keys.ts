import { createHash, randomBytes } from 'node:crypto';

/**
 * A feed key: 32 random bytes, base64url (43 characters), so it can sit in a URL path as it is.
 * Only its SHA-256 is stored. A fast hash is right here, unlike for passwords: 256 random bits
 * cannot be found from their hash by guessing, so a slow hash (scrypt) would protect nothing and
 * cost CPU on every feed request, which looks the key up by its hash.
 */
export const FEED_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newFeedKey = (): string => randomBytes(32).toString('base64url');

export const feedKeyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The OPDS roots an app is given (the feeds live under /opds/key/{key}/…, docs/OPDS.md). */
export const feedUrls = (publicUrl: string, key: string) => {
  const base = `${publicUrl.replace(/\/+$/, '')}/opds/key/${key}`;
  return { url: `${base}/v1.2/catalog`, url_v2: `${base}/v2/catalog` };
};
