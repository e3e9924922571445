import { createHash } from 'node:crypto';

/**
 * Media keys are relative, slash-separated names such as `covers/<book>/<hash>.webp` or
 * `pages/<book>/<chapter>/<lang>/<n>-<hash>.avif`. They double as file paths (local driver),
 * object keys (S3) and URL paths (/media/<key>), so every driver checks them the same way.
 */
const SAFE_KEY = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/i;

/** Rejects anything that could climb out of the media root or name a hidden file. */
export function isSafeMediaKey(key: string): boolean {
  return key.length <= 255 && SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part.startsWith('.'));
}

/** A short content hash for immutable, cache-friendly keys. */
export function contentHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

/** A key whose last part ends in a content hash (`<hash>.webp`, `<n>-<hash>.avif`): its bytes never change. */
export function isContentHashedKey(key: string): boolean {
  return /(?:^|[/-])[0-9a-f]{16}\.[a-z0-9]+$/.test(key);
}

/**
 * The image types media may be served as, by the key's extension. Anything else (SVG, HTML,
 * text) is never served: a stored file must not become a script running on our origin.
 */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

export function imageContentType(key: string): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (extension && IMAGE_TYPES[extension]) || null;
}
