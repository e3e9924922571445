import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, readUrl, type Env } from './lib/config-error.js';
import { readMediaPublicBaseUrl, readStorageConfig, type StorageConfig } from './modules/media/storage/storage-config.js';
import { readPushConfig, type PushConfig } from './modules/push/push-config.js';
import { readMetricsConfig, type MetricsConfig } from './modules/metrics/metrics-config.js';
import type { MailConfig } from './modules/mail/mail-config.js';
import type { UploadsConfig } from './modules/content/uploads/upload-staging.js';
import { readOidcProviders, type OidcProviderConfig } from './modules/users/oidc-config.js';
import { readWechatLoginConfig, type WechatLoginConfig } from './modules/users/wechat-login/wechat-login-config.js';
import { readStripeConfig, readWechatPayConfig, type StripeConfig, type WechatPayConfig } from './modules/payments/payments-config.js';

export { ConfigError } from './lib/config-error.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface AppConfig {
  readonly nodeEnv: string;
  readonly isProduction: boolean;
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly mediaDir: string;
  /** Where media bytes live: the local folder (`mediaDir`) or an S3-compatible bucket. */
  readonly storage: StorageConfig;
  /** Base URL public images are served from instead of `/media` (a CDN); null: our own route. */
  readonly mediaPublicBaseUrl: string | null;
  /** null: embedded SQLite at `sqlitePath`. */
  readonly databaseUrl: string | null;
  readonly sqlitePath: string;
  readonly jwtSecret: string;
  readonly mediaSigningSecret: string;
  readonly demoCatalogue: 'auto' | 'off';
  readonly siteName: string;
  readonly contactEmail: string;
  readonly logLevel: LogLevel;
  /** Per-request log lines ("incoming request", "request completed") at info; false: at debug only. */
  readonly logRequests: boolean;
  /** Chapter comments, book ratings and reviews (issue 31); false (COMMUNITY=off): no call or screen shows them. */
  readonly community: boolean;
  /** How often rankings and "readers also read" are computed in the background (DISCOVERY_REFRESH_MINUTES; docs/DISCOVERY.md). */
  readonly discoveryRefreshMinutes: number;
  /** Built web app to serve; null when it has not been built. */
  readonly webDistDir: string | null;
  /** Seconds a signed page URL stays valid. */
  readonly mediaUrlTtlSeconds: number;
  /** Reverse proxies whose X-Forwarded-For is believed (Fastify trustProxy). */
  readonly trustProxy: boolean | string;
  /** WeChat Pay API v3 (Native); null when not configured. */
  readonly wechatPay: WechatPayConfig | null;
  /** Stripe buy buttons and webhook; null when not configured. */
  readonly stripe: StripeConfig | null;
  /** Issue 60: the OpenID Connect providers readers may sign in with (OIDC_PROVIDERS); empty: none. */
  readonly oidcProviders: readonly OidcProviderConfig[];
  /** WeChat website login (issue 60); null unless WECHAT_LOGIN_APPID and _SECRET are set. */
  readonly wechatLogin: WechatLoginConfig | null;
  /** The sandbox stands in for WeChat login: on when SIGN_IN_SANDBOX=on, or auto outside production without the real one. */
  readonly signInSandbox: boolean;
  /** The sandbox payment provider: on when PAYMENTS_SANDBOX=on, or auto outside production with no real provider. */
  readonly paymentsSandbox: boolean;
  /** Days an inviter earns when an invited user's first payment succeeds. */
  readonly inviteRewardDays: number;
  /** Web Push (VAPID keys); null when off (production without keys). */
  readonly push: PushConfig | null;
  /** Chapter uploads from the console: staged under `uploadsDir/<job uuid>/` on the node that received them. */
  readonly uploads: UploadsConfig;
  /** Worker processes main.ts runs (node:cluster when above 1); 1: one process, no cluster. */
  readonly webConcurrency: number;
  /**
   * SHUTDOWN_DRAIN_SECONDS: after SIGTERM, how long the server keeps serving (with /readyz at 503 and
   * `Connection: close` on every answer) so a load balancer takes it out before the listener closes.
   * 5 s in production; 0 elsewhere, where no balancer watches and Ctrl-C should stop at once.
   */
  readonly shutdownDrainSeconds: number;
  /** Redis shared by every node (rate-limit counters, invalidation); null: each node on its own. */
  readonly redisUrl: string | null;
  /** Prefix of every Redis key and channel this site uses, so several sites (or test runs) can share one Redis. */
  readonly redisPrefix: string;
  /**
   * What the key that encrypts two-step sign-in secrets is derived from (HKDF-SHA-256): TOTP_ENCRYPTION_KEY,
   * or JWT_SECRET when unset. Changing it makes every stored secret unreadable (docs/SECURITY.md).
   */
  readonly totpKeyMaterial: string;
  /** ADMIN_REQUIRE_2FA: administrators without two-step sign-in are refused every /api/v1/admin call. */
  readonly adminRequire2fa: boolean;
  /** Outgoing mail (modules/mail/): the SMTP server, or null: messages are written as .eml files under `dataDir/mail/`. */
  readonly mail: MailConfig;
  /** Prometheus metrics (modules/metrics/, docs/OPERATIONS.md "Metrics"): off unless METRICS_LISTEN or METRICS_TOKEN is set. */
  readonly metrics: MetricsConfig;
}

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/**
 * A secret from the environment, or one generated once and kept in DATA_DIR so restarts keep
 * tokens and signed URLs valid. Production must set it explicitly: generated files are easy to lose.
 */
function readSecret(env: Env, name: string, dataDir: string, isProduction: boolean): string {
  const raw = env[name];
  if (raw !== undefined && raw !== '') {
    if (raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters long`);
    return raw;
  }
  if (isProduction) throw new ConfigError(`${name} must be set when NODE_ENV=production`);
  const file = path.join(dataDir, 'secrets', `${name.toLowerCase()}.txt`);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return generated;
}

function findWebDist(env: Env): string | null {
  const configured = env.WEB_DIST_DIR;
  if (configured) return path.resolve(configured);
  const candidate = path.resolve(import.meta.dirname, '../../web/dist');
  return existsSync(path.join(candidate, 'index.html')) ? candidate : null;
}

/** DATA_DIR as the server resolves it, without creating anything (a restore checks the folder is empty first). */
export function dataDirOf(env: Env): string {
  return path.resolve(env.DATA_DIR || './data');
}

/** Parses the environment once into a frozen config; nothing else reads process.env. */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const port = readInt(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  const publicUrl = (readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = dataDirOf(env);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(`DATA_DIR "${dataDir}" cannot be created: ${(error as Error).message}`);
  }
  const databaseUrl = readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const contactEmail = env.CONTACT_EMAIL || 'support@inkstream.example';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail)) {
    throw new ConfigError(`CONTACT_EMAIL must be an e-mail address, got "${contactEmail}"`);
  }
  const siteName = env.SITE_NAME || 'Inkstream';
  if (siteName.length > 64) throw new ConfigError('SITE_NAME must be at most 64 characters');
  const trustProxyRaw = env.TRUST_PROXY ?? '';
  const trustProxy = trustProxyRaw === '' || trustProxyRaw === 'false' ? false : trustProxyRaw === 'true' ? true : trustProxyRaw;

  const mediaDir = path.join(dataDir, 'media');
  const wechatPay = readWechatPayConfig(env, publicUrl, isProduction);
  const stripe = readStripeConfig(env);
  const sandboxSetting = readChoice(env, 'PAYMENTS_SANDBOX', ['auto', 'on', 'off'] as const, 'auto');
  if (sandboxSetting === 'on' && isProduction) {
    throw new ConfigError('PAYMENTS_SANDBOX=on is refused when NODE_ENV=production: the sandbox grants memberships without payment');
  }

  const wechatLogin = readWechatLoginConfig(env, isProduction);
  const signInSandboxSetting = readChoice(env, 'SIGN_IN_SANDBOX', ['auto', 'on', 'off'] as const, 'auto');
  if (signInSandboxSetting === 'on' && isProduction) {
    throw new ConfigError('SIGN_IN_SANDBOX=on is refused when NODE_ENV=production: the sandbox lets anyone sign in as any WeChat user');
  }

  const jwtSecret = readSecret(env, 'JWT_SECRET', dataDir, isProduction);
  return Object.freeze({
    nodeEnv,
    isProduction,
    port,
    host,
    publicUrl,
    dataDir,
    mediaDir,
    storage: readStorageConfig(env, mediaDir),
    mediaPublicBaseUrl: readMediaPublicBaseUrl(env, publicUrl),
    databaseUrl,
    sqlitePath: path.join(dataDir, 'inkstream.sqlite'),
    jwtSecret,
    mediaSigningSecret: readSecret(env, 'MEDIA_SIGNING_SECRET', dataDir, isProduction),
    demoCatalogue: readChoice(env, 'DEMO_CATALOGUE', ['auto', 'off'] as const, 'auto'),
    siteName,
    contactEmail,
    logLevel: readChoice(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    logRequests: readChoice(env, 'LOG_REQUESTS', ['true', 'false'] as const, 'false') === 'true',
    community: readChoice(env, 'COMMUNITY', ['on', 'off'] as const, 'on') === 'on',
    discoveryRefreshMinutes: readInt(env, 'DISCOVERY_REFRESH_MINUTES', 10, 1, 24 * 60),
    webDistDir: findWebDist(env),
    mediaUrlTtlSeconds: readInt(env, 'MEDIA_URL_TTL_SECONDS', 2 * 60 * 60, 60, 7 * 24 * 60 * 60),
    trustProxy,
    wechatPay,
    stripe,
    oidcProviders: readOidcProviders(env, isProduction),
    wechatLogin,
    // auto: a newcomer's `npm start` can try WeChat sign-in end to end, never beside the real one or in production.
    signInSandbox: { on: true, off: false, auto: !isProduction && wechatLogin === null }[signInSandboxSetting],
    // auto: a newcomer's `npm start` can buy end to end, but never next to real money or in production.
    paymentsSandbox: { on: true, off: false, auto: !isProduction && wechatPay === null && stripe === null }[sandboxSetting],
    inviteRewardDays: readInt(env, 'INVITE_REWARD_DAYS', 7, 0, 365),
    push: readPushConfig(env, dataDir, isProduction, contactEmail),
    uploads: readUploadsConfig(env, dataDir),
    webConcurrency: readInt(env, 'WEB_CONCURRENCY', isProduction ? Math.min(availableParallelism(), 64) : 1, 1, 64),
    shutdownDrainSeconds: readInt(env, 'SHUTDOWN_DRAIN_SECONDS', isProduction ? 5 : 0, 0, 300),
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: readRedisPrefix(env),
    totpKeyMaterial: readTotpKeyMaterial(env, jwtSecret),
    adminRequire2fa: readChoice(env, 'ADMIN_REQUIRE_2FA', ['true', 'false'] as const, 'false') === 'true',
    mail: readMailConfig(env, { siteName, publicUrl, dataDir }),
    metrics: readMetricsConfig(env),
  });
}

/**
 * TOTP_ENCRYPTION_KEY (at least 32 characters) or, unset, JWT_SECRET: no new setting is needed, and
 * whoever rotates JWT_SECRET (to end every session) sets TOTP_ENCRYPTION_KEY to the old value first.
 */
function readTotpKeyMaterial(env: Env, jwtSecret: string): string {
  const raw = env.TOTP_ENCRYPTION_KEY;
  if (raw === undefined || raw === '') return jwtSecret;
  if (raw.length < 32) throw new ConfigError('TOTP_ENCRYPTION_KEY must be at least 32 characters long');
  return raw;
}

/** SMTP_URL without its password, for start-up lines and errors. */
export function describeSmtpUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparsable)';
  }
}

/** SMTP_URL and MAIL_FROM (docs/MAIL.md). */
function readMailConfig(env: Env, site: { siteName: string; publicUrl: string; dataDir: string }): MailConfig {
  const rawSmtp = env.SMTP_URL;
  let smtpUrl: string | null = null;
  if (rawSmtp !== undefined && rawSmtp !== '') {
    // Not parseConfigUrl's message with the value: the URL may hold a password.
    let url: URL;
    try {
      url = new URL(rawSmtp);
    } catch {
      throw new ConfigError('SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587, got an unparsable value');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
    if (!url.hostname) throw new ConfigError('SMTP_URL must name a host');
    if (/[\r\n]/.test(rawSmtp)) throw new ConfigError('SMTP_URL must not contain line breaks');
    smtpUrl = rawSmtp;
  }
  const host = new URL(site.publicUrl).hostname.replace(/^\[|\]$/g, '');
  const defaultFrom = `"${site.siteName.replace(/["\\\r\n]/g, '')}" <no-reply@${host}>`;
  const from = env.MAIL_FROM || defaultFrom;
  if (/[\r\n\0]/.test(from)) throw new ConfigError('MAIL_FROM must not contain line breaks');
  if (from.length > 200) throw new ConfigError('MAIL_FROM must be at most 200 characters');
  const address = /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  if (env.MAIL_FROM && !/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(address)) {
    throw new ConfigError(`MAIL_FROM must be an address or "Name" <address>, got "${from}"`);
  }
  return { smtpUrl, from, emlDir: path.join(site.dataDir, 'mail') };
}

/** REDIS_PREFIX: letters, digits, `-`, `_`, `.` and `:`, so keys stay readable in redis-cli. */
function readRedisPrefix(env: Env): string {
  const raw = env.REDIS_PREFIX;
  if (raw === undefined || raw === '') return 'inkstream';
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(raw)) {
    throw new ConfigError(`REDIS_PREFIX must be 1 to 64 letters, digits, "-", "_", "." or ":", got "${raw}"`);
  }
  return raw;
}

const MB = 1024 * 1024;

/** ADMIN_UPLOAD_MAX_FILE_MB / ADMIN_UPLOAD_MAX_JOB_MB: one file, and all files of one upload together. */
function readUploadsConfig(env: Env, dataDir: string): AppConfig['uploads'] {
  const maxFileMb = readInt(env, 'ADMIN_UPLOAD_MAX_FILE_MB', 200, 1, 100_000);
  const maxJobMb = readInt(env, 'ADMIN_UPLOAD_MAX_JOB_MB', 1024, 1, 1_000_000);
  if (maxJobMb < maxFileMb) {
    throw new ConfigError(`ADMIN_UPLOAD_MAX_JOB_MB (${maxJobMb}) must be at least ADMIN_UPLOAD_MAX_FILE_MB (${maxFileMb})`);
  }
  return { dir: path.join(dataDir, 'uploads'), maxFileBytes: maxFileMb * MB, maxJobBytes: maxJobMb * MB };
}
