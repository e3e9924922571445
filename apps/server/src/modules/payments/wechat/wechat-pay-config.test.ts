import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';

let dir: string;
let env: Record<string, string>;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'inkstream-wxconfig-'));
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  writeFileSync(path.join(dir, 'merchant.pem'), merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(path.join(dir, 'ec.pem'), ec.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(path.join(dir, 'platform.pem'), platform.publicKey.export({ type: 'spki', format: 'pem' }));
  writeFileSync(path.join(dir, 'garbage.pem'), 'not a key');
  env = {
    DATA_DIR: dir,
    WECHATPAY_APPID: 'wxd678efh567hg6787',
    WECHATPAY_MCHID: '1900000109',
    WECHATPAY_MERCHANT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: path.join(dir, 'merchant.pem'),
    WECHATPAY_APIV3_KEY: 'a'.repeat(32),
    WECHATPAY_PLATFORM_KEYS: `PUB_KEY_ID_01=${path.join(dir, 'platform.pem')}`,
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function configError(overrides: Record<string, string | undefined>): string {
  try {
    loadConfig({ ...env, ...overrides });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('WeChat Pay settings', () => {
  it('are read together, with the notify URL from PUBLIC_URL and the real API host by default', () => {
    const config = loadConfig({ ...env, PUBLIC_URL: 'https://comics.example.com/' });
    expect(config.wechatPay).toMatchObject({
      appId: 'wxd678efh567hg6787',
      mchId: '1900000109',
      notifyUrl: 'https://comics.example.com/api/v1/payment/wechat/notify',
      apiBase: 'https://api.mch.weixin.qq.com',
    });
    expect([...config.wechatPay!.platformKeys.keys()]).toEqual(['PUB_KEY_ID_01']);
    // A real provider is configured: the sandbox stays off unless asked for.
    expect(config.paymentsSandbox).toBe(false);
    expect(loadConfig({ ...env, PAYMENTS_SANDBOX: 'on' }).paymentsSandbox).toBe(true);
  });

  it('are absent when none is set, and the sandbox is on outside production', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.wechatPay).toBeNull();
    expect(config.paymentsSandbox).toBe(true);
  });

  it.each([
    [{ WECHATPAY_APIV3_KEY: undefined }, 'WECHATPAY_APIV3_KEY'],
    [{ WECHATPAY_APIV3_KEY: 'short' }, 'WECHATPAY_APIV3_KEY'],
    [{ WECHATPAY_MCHID: 'abc' }, 'WECHATPAY_MCHID'],
    [{ WECHATPAY_MERCHANT_SERIAL: 'not-hex!' }, 'WECHATPAY_MERCHANT_SERIAL'],
    [{ WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: '/nonexistent/key.pem' }, 'ENOENT'],
    [{ WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: '@/garbage.pem' }, 'not a PEM private key'],
    [{ WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: '@/ec.pem' }, 'RSA'],
    [{ WECHATPAY_PLATFORM_KEYS: 'no-equals-sign' }, 'serial=path'],
    [{ WECHATPAY_PLATFORM_KEYS: 'PUB_KEY_ID_01=@/garbage.pem' }, 'not a PEM certificate or public key'],
    [{ WECHATPAY_API_BASE: 'ftp://x' }, 'WECHATPAY_API_BASE'],
    [{ WECHATPAY_RECONCILE_INTERVAL_MS: '999' }, 'WECHATPAY_RECONCILE_INTERVAL_MS'],
    [{ WECHATPAY_RECONCILE_INTERVAL_MS: '1e4' }, 'WECHATPAY_RECONCILE_INTERVAL_MS'],
    [{ WECHATPAY_PAPAY_PLAN_ID_MONTH: '12535' }, 'WECHATPAY_PAPAY_PLAN_ID_SEASON'],
    [{ WECHATPAY_PAPAY_PLAN_ID_MONTH: 'abc', WECHATPAY_PAPAY_PLAN_ID_SEASON: '12536' }, 'WECHATPAY_PAPAY_PLAN_ID_MONTH'],
    [{ WECHATPAY_PAPAY_PLAN_ID_MONTH: '12535', WECHATPAY_PAPAY_PLAN_ID_SEASON: '12535' }, 'two different templates'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), MEDIA_SIGNING_SECRET: 'y'.repeat(32) }, 'https'],
  ])('refuses %o', (overrides, message) => {
    // '@' stands for the test's key folder, only known once beforeAll ran.
    const resolved = Object.fromEntries(Object.entries(overrides).map(([key, value]) => [key, value?.replace('@', dir)]));
    expect(configError(resolved)).toContain(message);
  });

  it('reconcile every 30 s unless WECHATPAY_RECONCILE_INTERVAL_MS says otherwise; alone it configures nothing', () => {
    expect(loadConfig(env).wechatPay?.reconcileIntervalMs).toBe(30_000);
    expect(loadConfig({ ...env, WECHATPAY_RECONCILE_INTERVAL_MS: '1000' }).wechatPay?.reconcileIntervalMs).toBe(1000);
    expect(loadConfig({ DATA_DIR: dir, WECHATPAY_RECONCILE_INTERVAL_MS: '1000' }).wechatPay).toBeNull();
  });

  it('deduct by contract only where both templates are set (issue 59): off by default', () => {
    expect(loadConfig(env).wechatPay?.papay).toBeNull();
    const both = { ...env, WECHATPAY_PAPAY_PLAN_ID_MONTH: '12535', WECHATPAY_PAPAY_PLAN_ID_SEASON: '12536' };
    expect(loadConfig(both).wechatPay?.papay).toEqual({ planIds: { month: 12535, season: 12536 } });
  });

  it('names what is missing when only some settings are present', () => {
    const message = configError({ WECHATPAY_APPID: 'wx1', WECHATPAY_MCHID: undefined, WECHATPAY_APIV3_KEY: undefined });
    expect(message).toContain('WECHATPAY_MCHID');
    expect(message).toContain('WECHATPAY_APIV3_KEY');
  });
});
