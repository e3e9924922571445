import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox checkout link's own credential: the QR code is scanned by a phone that may not be
 * logged in, so the link carries an HMAC of the order id and its expiry under a server secret
 * (domain-separated from the secret's other uses). It opens that one order and nothing else, and
 * only until the order expires.
 */
export interface CheckoutTokens {
  issue(orderId: string, expiresAt: number): string;
  isValid(orderId: string, expiresAt: number, token: string | undefined): boolean;
}

export function createCheckoutTokens(secret: string): CheckoutTokens {
  const mac = (orderId: string, expiresAt: number) =>
    createHmac('sha256', secret).update(`inkstream-sandbox-checkout\n${orderId}\n${expiresAt}`).digest('base64url');
  return {
    issue: mac,
    isValid(orderId, expiresAt, token) {
      if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
      return timingSafeEqual(Buffer.from(token), Buffer.from(mac(orderId, expiresAt)));
    },
  };
}
