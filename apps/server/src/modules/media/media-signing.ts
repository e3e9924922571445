import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media URLs for paid pages: `/media/<key>?exp=<unix seconds>&sig=<base64url HMAC-SHA256>`
 * over `<key>\n<exp>` with MEDIA_SIGNING_SECRET. Changing the key or the expiry breaks the signature.
 */
export interface MediaSigner {
  sign(key: string, nowMs?: number): { exp: number; sig: string };
  verify(key: string, exp: string | undefined, sig: string | undefined, nowMs?: number): SignatureCheck;
}

export type SignatureCheck = 'valid' | 'missing' | 'invalid' | 'expired';

export function createMediaSigner(secret: string, ttlSeconds: number): MediaSigner {
  const mac = (key: string, exp: number) => createHmac('sha256', secret).update(`${key}\n${exp}`).digest();
  return {
    sign(key, nowMs = Date.now()) {
      // Round the expiry up to a 10-minute step so URLs of one chapter stay stable for a while (cache hits).
      const step = 600;
      const exp = Math.ceil((Math.floor(nowMs / 1000) + ttlSeconds) / step) * step;
      return { exp, sig: mac(key, exp).toString('base64url') };
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
