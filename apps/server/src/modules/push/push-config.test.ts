import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../lib/config-error.js';
import { generateVapidKeys, readPushConfig } from './push-config.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-push-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const read = (env: Record<string, string>, isProduction = false) => readPushConfig(env, dataDir, isProduction, 'support@inkstream.example');

describe('push config', () => {
  it('generates VAPID keys once into DATA_DIR/secrets, readable by the owner only, and reuses them', () => {
    const first = read({});
    expect(first).toMatchObject({ subject: 'mailto:support@inkstream.example', allowPrivateEndpoints: false });
    const file = path.join(dataDir, 'secrets', 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first!.publicKey, privateKey: first!.privateKey });
    expect(Buffer.from(first!.publicKey, 'base64url')).toHaveLength(65);
    expect(read({})).toEqual(first);
  });

  it("generates key pairs web-push signs with: the public key is the private key's point", () => {
    for (let i = 0; i < 20; i += 1) {
      const keys = generateVapidKeys();
      const curve = createECDH('prime256v1');
      curve.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
      expect(curve.getPublicKey('base64url')).toBe(keys.publicKey);
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
      const request = webpush.generateRequestDetails(
        { endpoint: 'https://push.example/send/1', keys: { p256dh: keys.publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
        'hello',
        { vapidDetails: { subject: 'mailto:support@inkstream.example', ...keys } },
      );
      expect(request.headers.Authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    }
  });

  it('takes keys from the environment, both or none, and refuses malformed ones', () => {
    const keys = webpush.generateVAPIDKeys();
    const env = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://inkstream.example' };
    expect(read(env, true)).toEqual({ ...keys, subject: 'https://inkstream.example', allowPrivateEndpoints: false });
    expect(() => read({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    expect(() => read({ ...env, VAPID_PRIVATE_KEY: keys.privateKey.slice(1) })).toThrow(ConfigError);
    expect(() => read({ VAPID_SUBJECT: 'support@inkstream.example' })).toThrow(ConfigError);
  });

  it('is off in production without keys, and never lets production post to private endpoints', () => {
    expect(read({}, true)).toBeNull();
    expect(() => read({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on' }, true)).toThrow(/NODE_ENV=production/);
    expect(read({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on' })?.allowPrivateEndpoints).toBe(true);
    expect(() => read({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'yes' })).toThrow(ConfigError);
  });
});
