import type { MediaSigner } from './media-signing.js';

/**
 * Builds the URLs the API hands out for stored media. By default URLs are root-relative
 * (`/media/...`) so they work behind any host name. Public media (covers, pages of free chapters:
 * the callers decide, see reading.service) may come from MEDIA_PUBLIC_BASE_URL instead, e.g. a CDN;
 * paid pages always go through our route with an expiring signature, wherever the bytes live.
 */
export interface MediaUrls {
  publicUrl(key: string): string;
  signedUrl(key: string): string;
  /** Changes whenever signedUrl would sign differently (the signatures' expiry step): a key for keeping signed URLs. */
  signingEpoch(): number;
}

export function createMediaUrls(signer: MediaSigner, options: { publicBaseUrl?: string | null } = {}): MediaUrls {
  const publicBase = options.publicBaseUrl ?? '/media';
  return {
    publicUrl: (key) => `${publicBase}/${key}`,
    signedUrl(key) {
      const { exp, sig } = signer.sign(key);
      return `/media/${key}?exp=${exp}&sig=${sig}`;
    },
    signingEpoch: () => signer.expiryNow(),
  };
}

/** A media URL as an absolute address: public media URLs may already be absolute (MEDIA_PUBLIC_BASE_URL). */
export function absoluteMediaUrl(url: string, sitePublicUrl: string): string {
  return url.startsWith('/') ? `${sitePublicUrl}${url}` : url;
}
