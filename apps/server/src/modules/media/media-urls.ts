import type { MediaSigner } from './media-signing.js';

/**
 * Builds the URLs the API hands out for stored media. URLs are root-relative (`/media/...`) so
 * they work behind any host name; public ones are stable (cacheable for a year), paid pages carry
 * an expiring signature.
 */
export interface MediaUrls {
  publicUrl(key: string): string;
  signedUrl(key: string): string;
}

export function createMediaUrls(signer: MediaSigner): MediaUrls {
  return {
    publicUrl: (key) => `/media/${key}`,
    signedUrl(key) {
      const { exp, sig } = signer.sign(key);
      return `/media/${key}?exp=${exp}&sig=${sig}`;
    },
  };
}
