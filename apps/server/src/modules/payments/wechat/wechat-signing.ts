import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

/** WeChat Pay rejects requests and we reject notifications whose clock is further off than this. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;

export type VerificationFailure = 'missing_headers' | 'unknown_serial' | 'stale_timestamp' | 'bad_signature';

/** A notification or an API answer that did not come from WeChat Pay (or not now). */
export class WechatVerificationError extends Error {
  constructor(
    readonly reason: VerificationFailure | 'bad_ciphertext',
    message: string,
  ) {
    super(message);
  }
}

export const newNonce = () => randomBytes(16).toString('hex').toUpperCase();

/**
 * The `Authorization` header of an API v3 request: SHA256-with-RSA over
 * `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` with the merchant's private key.
 */
export function authorizationHeader(
  merchant: { mchId: string; merchantSerial: string; merchantPrivateKey: KeyObject },
  request: { method: string; pathWithQuery: string; body: string },
  timestamp = Math.floor(Date.now() / 1000),
  nonce = newNonce(),
): string {
  const message = `${request.method}\n${request.pathWithQuery}\n${timestamp}\n${nonce}\n${request.body}\n`;
  const signature = createSign('RSA-SHA256').update(message).sign(merchant.merchantPrivateKey, 'base64');
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${merchant.mchId}",nonce_str="${nonce}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.merchantSerial}"`
  );
}

export interface SignatureHeaders {
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  serial: string | undefined;
}

/** Reads the four `Wechatpay-*` headers from a Fetch `Headers` or a Node header object. */
export function signatureHeaders(get: (name: string) => string | undefined): SignatureHeaders {
  return {
    timestamp: get('wechatpay-timestamp'),
    nonce: get('wechatpay-nonce'),
    signature: get('wechatpay-signature'),
    serial: get('wechatpay-serial'),
  };
}

/**
 * Checks that WeChat Pay signed `body` (a notification or an API answer): the key is chosen by
 * `Wechatpay-Serial` among the configured platform certificates and public keys, the signature
 * covers `TIMESTAMP\nNONCE\nBODY\n`, and the timestamp is within 5 minutes of our clock.
 */
export function verifyWechatSignature(
  platformKeys: ReadonlyMap<string, KeyObject>,
  headers: SignatureHeaders,
  body: string,
  nowMs: number,
): void {
  const { timestamp, nonce, signature, serial } = headers;
  if (!timestamp || !nonce || !signature || !serial) {
    throw new WechatVerificationError('missing_headers', 'Wechatpay-Timestamp, -Nonce, -Signature and -Serial are required');
  }
  const key = platformKeys.get(serial);
  if (!key) throw new WechatVerificationError('unknown_serial', `No platform key with serial ${serial.slice(0, 64)} is configured`);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) {
    throw new WechatVerificationError('stale_timestamp', 'Wechatpay-Timestamp is more than 5 minutes away from our clock');
  }
  const valid = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).verify(key, signature, 'base64');
  if (!valid) throw new WechatVerificationError('bad_signature', 'Wechatpay-Signature does not verify');
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
}

const GCM_TAG_BYTES = 16;

/**
 * Decrypts a notification resource (AEAD_AES_256_GCM with the APIv3 key). The last 16 bytes of
 * the ciphertext are the authentication tag; `final()` throws when it does not match, so a
 * tampered resource is never parsed.
 */
export function decryptResource(apiV3Key: Buffer, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') {
    throw new WechatVerificationError('bad_ciphertext', `Unsupported resource algorithm ${String(resource.algorithm).slice(0, 32)}`);
  }
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= GCM_TAG_BYTES) throw new WechatVerificationError('bad_ciphertext', 'The resource ciphertext is too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(resource.nonce, 'utf8'), { authTagLength: GCM_TAG_BYTES });
    decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new WechatVerificationError('bad_ciphertext', 'The resource does not decrypt with the APIv3 key (tag mismatch)');
  }
}
