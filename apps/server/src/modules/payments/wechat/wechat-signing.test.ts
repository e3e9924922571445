import { createSign, generateKeyPairSync, createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { beijingTime } from './wechat-pay-client.js';
import { authorizationHeader, decryptResource, verifyWechatSignature, WechatVerificationError } from './wechat-signing.js';

const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keys = new Map([['PUB_KEY_ID_1', platform.publicKey]]);
const apiV3Key = Buffer.from('0123456789abcdef0123456789abcdef');

function signed(body: string, timestamp: number) {
  const nonce = 'N1';
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(platform.privateKey, 'base64');
  return { timestamp: String(timestamp), nonce, signature, serial: 'PUB_KEY_ID_1' };
}

const reasonOf = (run: () => void) => {
  try {
    run();
  } catch (error) {
    if (error instanceof WechatVerificationError) return error.reason;
    throw error;
  }
  return 'ok';
};

describe('WeChat Pay signatures', () => {
  it('signs requests over METHOD, PATH, TIMESTAMP, NONCE and BODY, each followed by a newline', () => {
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const header = authorizationHeader(
      { mchId: '1900000109', merchantSerial: 'ABC123', merchantPrivateKey: merchant.privateKey },
      { method: 'POST', pathWithQuery: '/v3/pay/transactions/native', body: '{"a":1}' },
      1700000000,
      'NONCE',
    );
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="NONCE",signature="[^"]+",timestamp="1700000000",serial_no="ABC123"$/,
    );
    const signature = /signature="([^"]+)"/.exec(header)![1]!;
    const expected = createSign('RSA-SHA256')
      .update('POST\n/v3/pay/transactions/native\n1700000000\nNONCE\n{"a":1}\n')
      .sign(merchant.privateKey, 'base64');
    expect(signature).toBe(expected);
  });

  it('verifies answers within five minutes and rejects the rest', () => {
    const now = 1_700_000_000_000;
    const body = '{"ok":true}';
    expect(reasonOf(() => verifyWechatSignature(keys, signed(body, now / 1000 - 299), body, now))).toBe('ok');
    expect(reasonOf(() => verifyWechatSignature(keys, signed(body, now / 1000 - 301), body, now))).toBe('stale_timestamp');
    expect(reasonOf(() => verifyWechatSignature(keys, signed(body, now / 1000), `${body} `, now))).toBe('bad_signature');
    expect(reasonOf(() => verifyWechatSignature(keys, { ...signed(body, now / 1000), serial: 'OTHER' }, body, now))).toBe('unknown_serial');
    expect(reasonOf(() => verifyWechatSignature(keys, { ...signed(body, now / 1000), nonce: undefined }, body, now))).toBe(
      'missing_headers',
    );
  });
});

describe('WeChat Pay resource decryption', () => {
  const encrypt = (plaintext: string, aad: string) => {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', apiV3Key, Buffer.from(nonce));
    cipher.setAAD(Buffer.from(aad));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]).toString('base64');
    return { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: aad };
  };

  it('decrypts with the APIv3 key and checks the tag and associated data', () => {
    const resource = encrypt('{"trade_state":"SUCCESS"}', 'transaction');
    expect(decryptResource(apiV3Key, resource)).toBe('{"trade_state":"SUCCESS"}');
    expect(reasonOf(() => decryptResource(apiV3Key, { ...resource, associated_data: 'refund' }))).toBe('bad_ciphertext');
    expect(reasonOf(() => decryptResource(Buffer.from('f'.repeat(32)), resource))).toBe('bad_ciphertext');
    expect(reasonOf(() => decryptResource(apiV3Key, { ...resource, ciphertext: 'AAAA' }))).toBe('bad_ciphertext');
    expect(reasonOf(() => decryptResource(apiV3Key, { ...resource, algorithm: 'AES_CBC' }))).toBe('bad_ciphertext');
  });
});

describe('beijingTime', () => {
  it('writes RFC 3339 with the +08:00 offset WeChat Pay expects', () => {
    expect(beijingTime(Date.UTC(2026, 10, 22, 17, 30, 5))).toBe('2026-11-23T01:30:05+08:00');
  });
});
