import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMediaSigner } from './media-signing.js';

const SECRET = 'media-signing-secret-for-the-test-only';
const hmac = (key: string, exp: number) => createHmac('sha256', SECRET).update(`${key}\n${exp}`).digest('base64url');

describe('media signer', () => {
  it('gives the same signature a fresh HMAC gives, remembered or not, per key and per expiry step', () => {
    const signer = createMediaSigner(SECRET, 3600);
    const at = Date.UTC(2026, 10, 23, 12, 0, 30);
    const first = signer.sign('pages/a/1.webp', at);
    expect(first.sig).toBe(hmac('pages/a/1.webp', first.exp));
    // Same step: the same URL (remembered).
    expect(signer.sign('pages/a/1.webp', at + 60_000)).toEqual(first);
    // Another key in the same step, and the same key in the next step, are signed anew.
    const other = signer.sign('pages/a/2.webp', at);
    expect(other.sig).toBe(hmac('pages/a/2.webp', other.exp));
    const later = signer.sign('pages/a/1.webp', at + 11 * 60_000);
    expect(later.exp).toBeGreaterThan(first.exp);
    expect(later.sig).toBe(hmac('pages/a/1.webp', later.exp));
    for (const { exp, sig } of [first, later]) {
      expect(signer.verify('pages/a/1.webp', String(exp), sig, at)).toBe('valid');
      expect(signer.verify('pages/a/2.webp', String(exp), sig, at)).toBe('invalid');
    }
  });
});
