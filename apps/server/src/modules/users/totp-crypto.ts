import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@inkstream/contracts';

/**
 * Two-step sign-in's secrets at rest. A TOTP secret is stored as AES-256-GCM ciphertext under a key
 * derived (HKDF-SHA-256) from TOTP_ENCRYPTION_KEY or JWT_SECRET (config.ts), with the account's id
 * as associated data: a database dump alone gives no secret, and a ciphertext copied onto another
 * account does not decrypt. Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export interface TotpCipher {
  encrypt(secret: string, userId: number): string;
  decrypt(stored: string, userId: number): string;
}

export function createTotpCipher(keyMaterial: string): TotpCipher {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, Buffer.alloc(0), 'inkstream totp secret v1', 32));
  const aad = (userId: number) => Buffer.from(`inkstream-totp:${userId}`);
  return {
    encrypt(secret, userId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    decrypt(stored, userId) {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown TOTP secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as shown: 12 characters (about 59 bits), `xxxx-xxxx-xxxx`. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** The form a recovery code is hashed in: lower case, without dashes, so `ABCD-efgh-2345` and `abcdefgh2345` match. */
export const normalizeRecoveryCode = (code: string) => code.replaceAll('-', '').toLowerCase();

/** SHA-256 of the normalised code (hex): the code has ~59 bits of entropy, so no slow hash is needed. */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

/** Constant-time comparison of two hex hashes of equal length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
