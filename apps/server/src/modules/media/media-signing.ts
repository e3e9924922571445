import { createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Signed media URLs for paid pages: `/media/<key>?exp=<unix seconds>&sig=<base64url HMAC-SHA256>`
 * over `<key>\n<exp>` with MEDIA_SIGNING_SECRET. Changing the key or the expiry breaks the signature.
 */
export interface MediaSigner {
  sign(key: string, nowMs?: number): { exp: number; sig: string };
  /** The expiry a signature made now carries: it changes every ten minutes, and so do the URLs. */
  expiryNow(nowMs?: number): number;
  verify(key: string, exp: string | undefined, sig: string | undefined, nowMs?: number): SignatureCheck;
}

export type SignatureCheck = 'valid' | 'missing' | 'invalid' | 'expired';

/**
 * Signatures made in the current expiry step, by key: every member reading a chapter in the same
 * ten minutes gets the same URLs, and a chapter of forty pages in three formats is 120 HMACs.
 * About 200 bytes an entry, so at most a few megabytes.
 */
/** Bounded by count and by an estimate of the bytes held (the memo key as UTF-16 and the signature). */
const RECENT_SIGNATURES = { max: 20_000, maxSize: 4 * 1024 * 1024, sizeCalculation: (_: string, memo: string) => memo.length * 2 + 120 };

export function createMediaSigner(secret: string, ttlSeconds: number): MediaSigner {
  const mac = (key: string, exp: number) => createHmac('sha256', secret).update(`${key}\n${exp}`).digest();
  const recent = new LRUCache<string, string>(RECENT_SIGNATURES);
  // Round the expiry up to a 10-minute step so URLs of one chapter stay stable for a while (cache hits).
  const step = 600;
  const expiryNow = (nowMs = Date.now()) => Math.ceil((Math.floor(nowMs / 1000) + ttlSeconds) / step) * step;
  return {
    expiryNow,
    sign(key, nowMs = Date.now()) {
      const exp = expiryNow(nowMs);
      const memo = `${exp}\n${key}`;
      let sig = recent.get(memo);
      if (sig === undefined) {
        sig = mac(key, exp).toString('base64url');
        recent.set(memo, sig);
      }
      return { exp, sig };
    },
    verify(key, exp, sig, nowMs = Date.now()) {
      // One spelling per expiry: digits without leading zeros, so no two URLs carry the same signature.
      if (exp === undefined || sig === undefined || exp === '' || sig === '') return 'missing';
      if (!/^[1-9]\d{0,11}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return 'invalid';
      // Compare the canonical text, not decoded bytes: base64url's last character carries 2 unused
      // bits, so several spellings decode to the same bytes and a URL must have exactly one.
      const expected = Buffer.from(mac(key, Number(exp)).toString('base64url'));
      if (!timingSafeEqual(Buffer.from(sig), expected)) return 'invalid';
      return Number(exp) * 1000 < nowMs ? 'expired' : 'valid';
    },
  };
}
