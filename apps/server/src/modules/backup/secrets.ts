import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../../lib/config-error.js';
import { SECRETS_DIR, SECRETS_README, writeFileAtomic } from './backup-layout.js';

/** Secrets the data itself depends on: without the same values, logins, signed URLs, two-step sign-in or push break. */
export const DATA_SECRETS = ['JWT_SECRET', 'MEDIA_SIGNING_SECRET', 'TOTP_ENCRYPTION_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const;

/** Payment providers' keys: not needed to read the data, needed to take and check payments. */
const PAYMENT_PREFIXES = ['WECHATPAY_', 'STRIPE_'];

/** The names (never the values) of the secrets this process takes from its environment. */
export function secretsFromEnvironment(env: Env): string[] {
  const set = (name: string) => (env[name] ?? '') !== '';
  const payments = Object.keys(env).filter((name) => PAYMENT_PREFIXES.some((prefix) => name.startsWith(prefix)) && set(name));
  return [...DATA_SECRETS.filter(set), ...payments.sort()];
}

function readme(fromEnvironment: string[]): string {
  const lines = [
    'Secrets of this Inkstream backup.',
    '',
    'The files here are the secrets the server generated and kept in DATA_DIR/secrets; `restore` puts',
    'them back there (mode 0600). Keep this folder as private as the database.',
    '',
  ];
  if (fromEnvironment.length === 0) {
    lines.push('No secret came from the environment: everything the data needs is in this folder.');
  } else {
    lines.push(
      'These came from the environment, not from files, so they are NOT in this backup. The restored',
      'site needs the same values in its environment (keep them in your password manager or secret store):',
      '',
      ...fromEnvironment.map((name) => `  ${name}`),
      '',
      'Without the same JWT_SECRET every reader must log in again (and, without TOTP_ENCRYPTION_KEY, its',
      'value unlocks two-step sign-in); without MEDIA_SIGNING_SECRET signed page URLs stop working;',
      'without the VAPID keys every browser must subscribe to notices again.',
    );
    if (fromEnvironment.includes('WECHATPAY_MERCHANT_PRIVATE_KEY_FILE')) {
      lines.push('WECHATPAY_MERCHANT_PRIVATE_KEY_FILE names a file: keep that file with the backup too.');
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Copies DATA_DIR/secrets' files into `dir/secrets` (0600) with a README; returns the paths written, relative to `dir`. */
export function backupSecrets(env: Env, dataDir: string, dir: string): { files: string[]; fromEnvironment: string[] } {
  const target = path.join(dir, SECRETS_DIR);
  // A secret removed since the last backup into this folder must not come back with a restore.
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true, mode: 0o700 });
  chmodSync(target, 0o700);
  const source = path.join(dataDir, 'secrets');
  const files: string[] = [];
  if (existsSync(source)) {
    for (const name of readdirSync(source).sort()) {
      const from = path.join(source, name);
      // Only names SHA256SUMS can list (the server's are jwt_secret.txt, media_signing_secret.txt, vapid.json).
      if (name === SECRETS_README || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) || !statSync(from).isFile()) continue;
      copyFileSync(from, path.join(target, name));
      chmodSync(path.join(target, name), 0o600);
      files.push(`${SECRETS_DIR}/${name}`);
    }
  }
  const fromEnvironment = secretsFromEnvironment(env);
  writeFileAtomic(path.join(target, SECRETS_README), readme(fromEnvironment), 0o600);
  files.push(`${SECRETS_DIR}/${SECRETS_README}`);
  return { files, fromEnvironment };
}

/** Puts the backup's secret files into DATA_DIR/secrets (0700 folder, 0600 files); returns their names. */
export function restoreSecrets(dir: string, dataDir: string): string[] {
  const source = path.join(dir, SECRETS_DIR);
  const target = path.join(dataDir, 'secrets');
  mkdirSync(target, { recursive: true, mode: 0o700 });
  chmodSync(target, 0o700);
  const restored: string[] = [];
  for (const name of existsSync(source) ? readdirSync(source).sort() : []) {
    if (name === SECRETS_README || !statSync(path.join(source, name)).isFile()) continue;
    copyFileSync(path.join(source, name), path.join(target, name));
    chmodSync(path.join(target, name), 0o600);
    restored.push(name);
  }
  return restored;
}
