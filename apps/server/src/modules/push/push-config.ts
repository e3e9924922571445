import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Env } from '../../lib/config-error.js';

export interface PushConfig {
  /** VAPID keys (base64url): the public one goes to browsers, the private one signs each push. */
  readonly publicKey: string;
  readonly privateKey: string;
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  readonly subject: string;
  /** Tests only: lets the server post to http and private addresses (a local push endpoint). */
  readonly allowPrivateEndpoints: boolean;
}

const isKey = (value: string, bytes: number) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes;

/**
 * VAPID keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated once and kept in
 * DATA_DIR/secrets like the other secrets (losing them ends every browser's subscription). In
 * production without them, Web Push is off (null) rather than the server refusing to start.
 */
export function readPushConfig(env: Env, dataDir: string, isProduction: boolean, contactEmail: string): PushConfig | null {
  const allowPrivateEndpoints = env.PUSH_ALLOW_PRIVATE_ENDPOINTS === 'on';
  if (allowPrivateEndpoints && isProduction) {
    throw new ConfigError(
      'PUSH_ALLOW_PRIVATE_ENDPOINTS=on is refused when NODE_ENV=production: it lets the server post into its own network',
    );
  }
  if (!['', 'on', 'off', undefined].includes(env.PUSH_ALLOW_PRIVATE_ENDPOINTS)) {
    throw new ConfigError('PUSH_ALLOW_PRIVATE_ENDPOINTS must be on or off');
  }
  const subject = env.VAPID_SUBJECT || `mailto:${contactEmail}`;
  if (!/^(?:mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject)) throw new ConfigError('VAPID_SUBJECT must be a mailto: or https: URL');
  const publicKey = env.VAPID_PUBLIC_KEY ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY ?? '';
  if (publicKey || privateKey) {
    if (!isKey(publicKey, 65) || !isKey(privateKey, 32)) {
      throw new ConfigError(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set, base64url, 65 and 32 bytes (npx web-push generate-vapid-keys)',
      );
    }
    return { publicKey, privateKey, subject, allowPrivateEndpoints };
  }
  if (isProduction) return null;
  const file = path.join(dataDir, 'secrets', 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    if (stored.publicKey && stored.privateKey && isKey(stored.publicKey, 65) && isKey(stored.privateKey, 32)) {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject, allowPrivateEndpoints };
    }
  }
  const keys = generateVapidKeys();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject, allowPrivateEndpoints };
}

/**
 * A VAPID key pair as web-push makes it (a P-256 key: the uncompressed public point, 65 bytes, and
 * the private scalar, 32 bytes, both base64url), made here so a start does not load web-push.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const fixed = (bytes: Buffer, length: number) => Buffer.concat([Buffer.alloc(Math.max(0, length - bytes.length)), bytes]);
  return {
    publicKey: fixed(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: fixed(curve.getPrivateKey(), 32).toString('base64url'),
  };
}
