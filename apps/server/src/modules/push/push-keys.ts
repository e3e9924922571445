import { ECDH } from 'node:crypto';

/**
 * Whether a subscription's keys can be encrypted to: p256dh an uncompressed P-256 point that lies
 * on the curve (65 bytes, 0x04 first) and auth 16 bytes. The schema only sees base64url and
 * lengths; a bad point would otherwise be stored and fail at every delivery until dropped.
 */
export function isUsableKeys(keys: { p256dh: string; auth: string }): boolean {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04 || Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  try {
    ECDH.convertKey(point, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}
