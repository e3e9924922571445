import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PlanId } from '@inkstream/contracts';
import { ConfigError, readUrl, type Env } from '../../lib/config-error.js';

const HTTP = ['http:', 'https:'] as const;

export const WECHATPAY_DEFAULT_API_BASE = 'https://api.mch.weixin.qq.com';

/** WeChat Pay API v3 merchant settings; present only when every required variable is set. */
export interface WechatPayConfig {
  readonly appId: string;
  readonly mchId: string;
  /** Serial number of the merchant API certificate, sent with every request. */
  readonly merchantSerial: string;
  readonly merchantPrivateKey: KeyObject;
  /** The 32-byte APIv3 key that encrypts notification resources (AEAD_AES_256_GCM). */
  readonly apiV3Key: Buffer;
  /** WeChat's verification keys by serial: platform certificates and `PUB_KEY_ID_…` public keys alike. */
  readonly platformKeys: ReadonlyMap<string, KeyObject>;
  readonly notifyUrl: string;
  readonly apiBase: string;
  /** How often one node asks WeChat Pay about unsettled orders (WECHATPAY_RECONCILE_INTERVAL_MS). */
  readonly reconcileIntervalMs: number;
  /**
   * Issue 59: contract deduction (委托代扣 / papay), only for a merchant WeChat gave the permission:
   * the contract template (plan_id) of each plan sold renewing (WECHATPAY_PAPAY_PLAN_ID_MONTH /
   * _SEASON). Null (the default): WeChat Pay sells one-time memberships only.
   */
  readonly papay: { readonly planIds: Readonly<Record<'month' | 'season', number>> } | null;
}

export const WECHATPAY_DEFAULT_RECONCILE_INTERVAL_MS = 30_000;

/** Stripe buy buttons and the webhook that turns their payments into memberships. */
export interface StripeConfig {
  /** Not needed by the webhook (Stripe signs events with the webhook secret); kept for admin tooling. */
  readonly secretKey: string | null;
  /** Stripe's API host for refunds (tests point it at a local fake); null: the SDK's default, api.stripe.com. */
  readonly apiBase: URL | null;
  readonly webhookSecret: string;
  readonly publishableKey: string;
  readonly buyButtons: Readonly<Record<PlanId, string>>;
  /** The server-side allowlist: which payment link sells which plan. */
  readonly paymentLinks: ReadonlyMap<string, PlanId>;
  /**
   * Issue 59: the plans also sold renewing (a recurring price behind a link, `mode=subscription`):
   * link → plan, and the buy button of each. Empty: memberships are sold one-time only.
   */
  readonly renewingLinks: ReadonlyMap<string, PlanId>;
  readonly renewingBuyButtons: Readonly<Partial<Record<PlanId, string>>>;
  /** Issue 59: the optional gift links (STRIPE_PAYMENT_LINK_GIFT_MONTH / _SEASON): which sells which plan as a gift. */
  readonly giftPaymentLinks: ReadonlyMap<string, PlanId>;
}

const WECHAT_REQUIRED = [
  'WECHATPAY_APPID',
  'WECHATPAY_MCHID',
  'WECHATPAY_MERCHANT_SERIAL',
  'WECHATPAY_MERCHANT_PRIVATE_KEY_FILE',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PLATFORM_KEYS',
] as const;

const STRIPE_REQUIRED = [
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_BUY_BUTTON_MONTH',
  'STRIPE_BUY_BUTTON_SEASON',
  'STRIPE_PAYMENT_LINK_MONTH',
  'STRIPE_PAYMENT_LINK_SEASON',
] as const;

/** Issue 59: optional gift payment links, read only beside the six above. */
const STRIPE_GIFT_LINKS = ['STRIPE_PAYMENT_LINK_GIFT_MONTH', 'STRIPE_PAYMENT_LINK_GIFT_SEASON'] as const;

const isSet = (env: Env, name: string) => (env[name] ?? '') !== '';

/** All of `names` or none: a half-configured provider is a mistake worth stopping for. */
function requireAllOrNone(env: Env, provider: string, names: readonly string[], optional: readonly string[]): boolean {
  const present = [...names, ...optional].filter((name) => isSet(env, name));
  if (present.length === 0) return false;
  const missing = names.filter((name) => !isSet(env, name));
  if (missing.length > 0)
    throw new ConfigError(`${provider} is partly configured: set ${missing.join(', ')} (or unset ${present.join(', ')})`);
  return true;
}

function readPem(name: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`${name}: cannot read "${file}": ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** A platform certificate (older merchants) or a bare public key (`PUB_KEY_ID_…`, newer ones). */
function readVerificationKey(serial: string, file: string): KeyObject {
  const pem = readPem('WECHATPAY_PLATFORM_KEYS', file);
  try {
    if (pem.includes('BEGIN CERTIFICATE')) return new X509Certificate(pem).publicKey;
    return createPublicKey(pem);
  } catch {
    throw new ConfigError(`WECHATPAY_PLATFORM_KEYS: "${file}" (serial ${serial}) is not a PEM certificate or public key`);
  }
}

/** `serial=path` pairs separated by commas or white space. */
function readPlatformKeys(raw: string): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const pair of raw.split(/[\s,]+/).filter(Boolean)) {
    const at = pair.indexOf('=');
    const serial = pair.slice(0, at).trim();
    const file = pair.slice(at + 1).trim();
    if (at <= 0 || file === '' || !/^[\w-]{1,64}$/.test(serial)) {
      throw new ConfigError(`WECHATPAY_PLATFORM_KEYS must be serial=path pairs separated by commas, got "${pair}"`);
    }
    keys.set(serial, readVerificationKey(serial, file));
  }
  return keys;
}

export function readWechatPayConfig(env: Env, publicUrl: string, isProduction: boolean): WechatPayConfig | null {
  if (!requireAllOrNone(env, 'WeChat Pay', WECHAT_REQUIRED, ['WECHATPAY_NOTIFY_URL', 'WECHATPAY_API_BASE'])) return null;
  const value = (name: (typeof WECHAT_REQUIRED)[number]) => (env[name] ?? '').trim();
  const apiV3Key = Buffer.from(value('WECHATPAY_APIV3_KEY'), 'utf8');
  if (apiV3Key.length !== 32) throw new ConfigError('WECHATPAY_APIV3_KEY must be the 32-character APIv3 key');
  if (!/^\d{1,32}$/.test(value('WECHATPAY_MCHID'))) throw new ConfigError('WECHATPAY_MCHID must be the numeric merchant id');
  if (!/^\w{1,32}$/.test(value('WECHATPAY_APPID'))) throw new ConfigError('WECHATPAY_APPID must be the app id (wx…)');
  if (!/^[0-9A-Fa-f]{8,64}$/.test(value('WECHATPAY_MERCHANT_SERIAL'))) {
    throw new ConfigError('WECHATPAY_MERCHANT_SERIAL must be the hexadecimal serial of the merchant API certificate');
  }
  const keyFile = value('WECHATPAY_MERCHANT_PRIVATE_KEY_FILE');
  let merchantPrivateKey: KeyObject;
  try {
    merchantPrivateKey = createPrivateKey(readPem('WECHATPAY_MERCHANT_PRIVATE_KEY_FILE', keyFile));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: "${keyFile}" is not a PEM private key`);
  }
  if (merchantPrivateKey.asymmetricKeyType !== 'rsa') throw new ConfigError('WECHATPAY_MERCHANT_PRIVATE_KEY_FILE must hold an RSA key');
  const platformKeys = readPlatformKeys(value('WECHATPAY_PLATFORM_KEYS'));
  if (platformKeys.size === 0) throw new ConfigError('WECHATPAY_PLATFORM_KEYS must name at least one key');
  const notifyUrl = readUrl(env, 'WECHATPAY_NOTIFY_URL', HTTP) ?? `${publicUrl}/api/v1/payment/wechat/notify`;
  // WeChat Pay only calls https notify URLs; outside production a tunnel or test set-up may use http.
  if (isProduction && !notifyUrl.startsWith('https://')) {
    throw new ConfigError('WECHATPAY_NOTIFY_URL (or PUBLIC_URL) must be https:// in production: WeChat Pay calls only https');
  }
  return Object.freeze({
    appId: value('WECHATPAY_APPID'),
    mchId: value('WECHATPAY_MCHID'),
    merchantSerial: value('WECHATPAY_MERCHANT_SERIAL').toUpperCase(),
    merchantPrivateKey,
    apiV3Key,
    platformKeys,
    notifyUrl,
    apiBase: (readUrl(env, 'WECHATPAY_API_BASE', HTTP) ?? WECHATPAY_DEFAULT_API_BASE).replace(/\/+$/, ''),
    reconcileIntervalMs: readReconcileInterval(env),
    papay: readPapay(env),
  });
}

/**
 * WECHATPAY_PAPAY_PLAN_ID_MONTH and _SEASON: the two contract templates (委托代扣模板 plan_id, set
 * up in WeChat Pay's merchant platform with the plan's period and amount), both or neither.
 */
function readPapay(env: Env): WechatPayConfig['papay'] {
  const month = (env.WECHATPAY_PAPAY_PLAN_ID_MONTH ?? '').trim();
  const season = (env.WECHATPAY_PAPAY_PLAN_ID_SEASON ?? '').trim();
  if (month === '' && season === '') return null;
  for (const [name, raw] of [
    ['WECHATPAY_PAPAY_PLAN_ID_MONTH', month],
    ['WECHATPAY_PAPAY_PLAN_ID_SEASON', season],
  ] as const) {
    if (!/^[1-9]\d{0,11}$/.test(raw)) {
      throw new ConfigError(`${name} must be the numeric contract template id (plan_id); set both papay template ids or neither`);
    }
  }
  if (month === season) throw new ConfigError('WECHATPAY_PAPAY_PLAN_ID_MONTH and _SEASON must be two different templates');
  return Object.freeze({ planIds: Object.freeze({ month: Number(month), season: Number(season) }) });
}

/**
 * WECHATPAY_RECONCILE_INTERVAL_MS: 1 s to 1 h. Optional and read only once WeChat Pay is
 * configured (alone it configures nothing); the lease lasts three intervals.
 */
function readReconcileInterval(env: Env): number {
  const raw = (env.WECHATPAY_RECONCILE_INTERVAL_MS ?? '').trim();
  if (raw === '') return WECHATPAY_DEFAULT_RECONCILE_INTERVAL_MS;
  if (!/^\d{1,7}$/.test(raw) || Number(raw) < 1000 || Number(raw) > 3_600_000) {
    throw new ConfigError(`WECHATPAY_RECONCILE_INTERVAL_MS must be an integer from 1000 to 3600000, got "${raw}"`);
  }
  return Number(raw);
}

function readPrefixed(env: Env, name: string, prefixes: readonly string[]): string {
  const raw = (env[name] ?? '').trim();
  if (!prefixes.some((prefix) => raw.startsWith(prefix)) || !/^[\w-]+$/.test(raw)) {
    throw new ConfigError(`${name} must start with ${prefixes.join(' or ')}`);
  }
  return raw;
}

export function readStripeConfig(env: Env): StripeConfig | null {
  // The gift links are optional (either, both or none), but only beside the six: alone they are a mistake.
  if (!requireAllOrNone(env, 'Stripe', STRIPE_REQUIRED, ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', ...STRIPE_GIFT_LINKS])) return null;
  const monthLink = readPrefixed(env, 'STRIPE_PAYMENT_LINK_MONTH', ['plink_']);
  const seasonLink = readPrefixed(env, 'STRIPE_PAYMENT_LINK_SEASON', ['plink_']);
  if (monthLink === seasonLink) throw new ConfigError('STRIPE_PAYMENT_LINK_MONTH and STRIPE_PAYMENT_LINK_SEASON must differ');
  const giftLinks = new Map<string, PlanId>();
  for (const [name, plan] of [
    ['STRIPE_PAYMENT_LINK_GIFT_MONTH', 'month'],
    ['STRIPE_PAYMENT_LINK_GIFT_SEASON', 'season'],
  ] as const) {
    if (!isSet(env, name)) continue;
    const link = readPrefixed(env, name, ['plink_']);
    // One link sells one thing: a link both a plan and a gift would grant by whichever was read first.
    if (link === monthLink || link === seasonLink || giftLinks.has(link)) {
      throw new ConfigError(`${name} must differ from the other Stripe payment links`);
    }
    giftLinks.set(link, plan);
  }
  return Object.freeze({
    secretKey: isSet(env, 'STRIPE_SECRET_KEY') ? readPrefixed(env, 'STRIPE_SECRET_KEY', ['sk_', 'rk_']) : null,
    apiBase: isSet(env, 'STRIPE_API_BASE') ? new URL(readUrl(env, 'STRIPE_API_BASE', HTTP)!) : null,
    webhookSecret: readPrefixed(env, 'STRIPE_WEBHOOK_SECRET', ['whsec_']),
    publishableKey: readPrefixed(env, 'STRIPE_PUBLISHABLE_KEY', ['pk_']),
    buyButtons: Object.freeze({
      month: readPrefixed(env, 'STRIPE_BUY_BUTTON_MONTH', ['buy_btn_']),
      season: readPrefixed(env, 'STRIPE_BUY_BUTTON_SEASON', ['buy_btn_']),
    }),
    paymentLinks: new Map<string, PlanId>([
      [monthLink, 'month'],
      [seasonLink, 'season'],
    ]),
    ...readRenewing(env, [monthLink, seasonLink]),
    giftPaymentLinks: giftLinks,
  });
}

/** Each plan sold renewing needs its link and its buy button together (STRIPE_RENEWING_…_MONTH / _SEASON). */
function readRenewing(env: Env, oneTimeLinks: string[]): Pick<StripeConfig, 'renewingLinks' | 'renewingBuyButtons'> {
  const renewingLinks = new Map<string, PlanId>();
  const renewingBuyButtons: Partial<Record<PlanId, string>> = {};
  for (const plan of ['month', 'season'] as const) {
    const link = `STRIPE_RENEWING_PAYMENT_LINK_${plan.toUpperCase()}`;
    const button = `STRIPE_RENEWING_BUY_BUTTON_${plan.toUpperCase()}`;
    if (!requireAllOrNone(env, `Stripe renewing ${plan}`, [link, button], [])) continue;
    const id = readPrefixed(env, link, ['plink_']);
    if (oneTimeLinks.includes(id) || renewingLinks.has(id))
      throw new ConfigError(`${link} must differ from every other Stripe payment link`);
    renewingLinks.set(id, plan);
    renewingBuyButtons[plan] = readPrefixed(env, button, ['buy_btn_']);
    // The reader cancels and resumes from the profile, which calls Stripe's API.
    if (!isSet(env, 'STRIPE_SECRET_KEY'))
      throw new ConfigError(`${link} needs STRIPE_SECRET_KEY: readers cancel and resume renewals through Stripe's API`);
  }
  return { renewingLinks, renewingBuyButtons: Object.freeze(renewingBuyButtons) };
}
