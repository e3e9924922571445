import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.js';

// The real built server on the embedded default (SQLite, local media, no Redis, no payment
// provider but the sandbox and Stripe's webhook): the packages only other installations use are not
// loaded when it starts (lib/load-on-first-use.ts), and are loaded when a request needs them.

const OPTIONAL_PACKAGES = ['pg', 'ioredis', '@aws-sdk/client-s3', 'stripe', 'web-push', 'qrcode', 'nodemailer'] as const;

// Preloaded into the server with --require: on SIGUSR2 it writes the files Node's module cache holds.
const REPORTER = `
const { writeFileSync } = require('node:fs');
process.on('SIGUSR2', () => writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(Object.keys(require.cache))));
`;

// What the embedded default loads: a property of the process, the same whichever database the suite runs on.
const onEmbeddedDefault = process.env.INKSTREAM_TEST_DB !== 'postgres';

let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  if (!onEmbeddedDefault) return;
  dir = mkdtempSync(path.join(tmpdir(), 'inkstream-optional-'));
  writeFileSync(path.join(dir, 'report-modules.cjs'), REPORTER);
  server = await startServerProcess({
    name: 'embedded default',
    port: await freePort(),
    env: {
      DATA_DIR: path.join(dir, 'data'),
      HOST: '127.0.0.1',
      DEMO_CATALOGUE: 'off',
      LOG_LEVEL: 'info',
      NODE_OPTIONS: `--require ${path.join(dir, 'report-modules.cjs')}`,
      LOADED_MODULES_FILE: path.join(dir, 'modules.json'),
      // The sandbox provider's orders carry a QR code as WeChat Pay's do.
      PAYMENTS_SANDBOX: 'on',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_optional_packages',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_inkstream',
      STRIPE_BUY_BUTTON_MONTH: 'buy_btn_test_month',
      STRIPE_BUY_BUTTON_SEASON: 'buy_btn_test_season',
      STRIPE_PAYMENT_LINK_MONTH: 'plink_test_month',
      STRIPE_PAYMENT_LINK_SEASON: 'plink_test_season',
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The optional packages the server process has loaded so far. */
async function loadedPackages(): Promise<string[]> {
  const file = path.join(dir, 'modules.json');
  rmSync(file, { force: true });
  server.child.kill('SIGUSR2');
  for (let waited = 0; !existsSync(file); waited += 20) {
    if (waited > 5_000) throw new Error(`no module report:\n${server.tail()}`);
    await sleep(20);
  }
  await sleep(20);
  const files = JSON.parse(readFileSync(file, 'utf8')) as string[];
  return OPTIONAL_PACKAGES.filter((name) => files.some((file) => file.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`)));
}

async function call(method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${urlPath}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown>; code?: string } };
}

describe.runIf(onEmbeddedDefault)('packages only some installations use', () => {
  it('are not loaded by a server on the embedded default, even once it has answered', async () => {
    expect((await call('GET', '/api/v1/config/public')).status).toBe(200);
    expect((await call('GET', '/api/v1/comics/book/search?page=0&size=10')).status).toBeLessThan(500);
    expect(await loadedPackages()).toEqual([]);
  });

  it('are loaded by the first request that needs them: a WeChat Pay QR code, a Stripe webhook delivery', async () => {
    const credentials = { username: `lazy${Date.now().toString(36).slice(-6)}`, password: 'secret-pass-1' };
    expect((await call('POST', '/api/v1/user/register', credentials)).status).toBe(201);
    const login = await call('POST', '/api/v1/user/login', credentials);
    const token = String(login.body.data?.jwt_token);

    const order = await call(
      'POST',
      '/api/v1/payment/wechat/payment/china_book_membership/create',
      { months: 1 },
      { authorization: `Bearer ${token}` },
    );
    expect(order.status).toBe(200);
    expect(String(order.body.data?.qr_code)).toMatch(/^data:image\/png;base64,/);

    // Not signed: refused by the SDK's verification, which had to be loaded to refuse it.
    const webhook = await fetch(`${server.baseUrl}/api/v1/payment/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{"id":"evt_test","type":"checkout.session.completed"}',
    });
    expect(webhook.status).toBe(400);

    expect(await loadedPackages()).toEqual(['stripe', 'qrcode']);
  });
});
