import { createHash, createHmac } from 'node:crypto';

/**
 * Gift codes (issue 59, docs/PAYMENTS.md "Gifts"): `GIFT-XXXX-XXXX-XXXX-XXXX`, 80 bits in Crockford's
 * base 32. The code of an order is derived from its id under a server secret (domain-separated from
 * the secret's other uses), so it is never stored: the database keeps only its SHA-256, which the
 * redemption looks up, and the answers right after the payment derive it again to show it.
 * Anyone holding both the secret and the database could derive unredeemed codes; they could also
 * sign in as anyone, so the secret is the boundary either way.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 4;
const GROUP_LENGTH = 4;
const BODY_LENGTH = GROUPS * GROUP_LENGTH;

function base32(bytes: Buffer, length: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= 0xff;
  }
  return out;
}

/**
 * The canonical form of what a reader typed: upper case, without spaces and dashes, Crockford's
 * look-alikes read as digits (O → 0, I and L → 1). Null when it is not the shape of a gift code,
 * so a coupon code goes to the coupons.
 */
export function canonicalGiftCode(raw: string): string | null {
  const compact = raw.toUpperCase().replace(/[\s-]+/g, '');
  if (!compact.startsWith('GIFT')) return null;
  const body = compact.slice(4).replace(/O/g, '0').replace(/[IL]/g, '1');
  if (body.length !== BODY_LENGTH || ![...body].every((c) => ALPHABET.includes(c))) return null;
  return `GIFT${body}`;
}

/** What the database holds of a code: the SHA-256 of its canonical form (80 random bits need no slow hash). */
export const hashGiftCode = (canonical: string) => createHash('sha256').update(canonical).digest('hex');

export interface GiftCodes {
  /** The code of `orderId`, as the buyer reads it (GIFT-XXXX-XXXX-XXXX-XXXX). */
  codeFor(orderId: string): string;
}

export function createGiftCodes(secret: string): GiftCodes {
  return {
    codeFor(orderId) {
      const body = base32(createHmac('sha256', secret).update(`inkstream-gift-code\n${orderId}`).digest(), BODY_LENGTH);
      const groups = Array.from({ length: GROUPS }, (_, at) => body.slice(at * GROUP_LENGTH, (at + 1) * GROUP_LENGTH));
      return ['GIFT', ...groups].join('-');
    },
  };
}
