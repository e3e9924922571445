import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWechatPay, type FakeWechatPay, type SignedMessage } from '../../apps/server/test/helpers/fake-wechat-pay.js';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { localeFile } from '../src/journeys/locale-texts.js';
import { freshUser, openSession, storeSessionViaApi } from '../src/journeys/session.js';
import { startServer, type RunningServer } from '../src/server.js';

/**
 * Issue 59: renewing with WeChat Pay contract deduction (委托代扣) as a zh-cn reader meets it on a
 * phone, against the built server and the local fake of WeChat's papay API: the plans sold
 * renewing, the signing QR code, the contract signed and its first month charged (WeChat's signed
 * notifications, delivered by the test as WeChat would), then the profile's renewing membership.
 */

const browser = browserPerFile();
// Screenshots for a person to look at, only when asked: RENEWAL_SHOTS_DIR=/tmp/shots.
const shots = process.env.RENEWAL_SHOTS_DIR;
let fake: FakeWechatPay;
let keyDir: string;
let server: RunningServer;

beforeAll(async () => {
  keyDir = mkdtempSync(path.join(tmpdir(), 'inkstream-e2e-papay-'));
  fake = await startFakeWechatPay(keyDir);
  server = await startServer({
    port: Number(process.env.E2E_PORT ?? 3210) + 8,
    env: { ...fake.env(), DEMO_CATALOGUE: 'off', WECHATPAY_PAPAY_PLAN_ID_MONTH: '12535', WECHATPAY_PAPAY_PLAN_ID_SEASON: '12536' },
  });
}, 320_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const deliver = async (message: SignedMessage) => {
  const answer = await fetch(`${server.url}/api/v1/payment/wechat/notify`, {
    method: 'POST',
    headers: message.headers,
    body: message.body,
  });
  expect(answer.status).toBe(204);
};

async function journey(language: 'zh-cn', device: typeof PHONE | typeof DESKTOP) {
  const texts = localeFile(language, 'renewal.json');
  const { context, page, pageErrors } = await openSession(browser(), server.url, { language, device });
  const user = await freshUser(server.url);
  await storeSessionViaApi(context, server.url, user.username, user.password);
  await page.goto('/profile#top-up');
  const offer = page.getByTestId('wechat-renewing');
  await offer.getByText(texts.wechat.terms).waitFor();
  await offer.getByRole('button', { name: new RegExp(texts.wechat.sign.month) }).click();

  // WeChat's signing page as a QR code, and the words that say what happens when it is signed.
  const panel = page.getByTestId('wechat-contract');
  await panel.getByRole('img').waitFor();
  await panel.getByText(texts.wechat.states.waiting).waitFor();
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `wechat-contract-${language}-${device.viewport.width}-qr.png`), fullPage: true });
  }
  const axe = await new AxeBuilder({ page }).include('[data-testid="wechat-contract"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // The payer signs in WeChat; WeChat tells the server, which charges the first month at once.
  const contract = [...fake.contracts.values()].find((c) => c.state === 'PENDING')!;
  const signed = fake.signContract(contract.out_contract_code);
  await deliver(fake.contractNotification(signed, 'PAPAY.SIGN'));
  await expect.poll(() => [...fake.orders.values()].filter((o) => o.code_url === `contract:${signed.contract_id}`).length).toBe(1);
  const first = [...fake.orders.values()].find((o) => o.code_url === `contract:${signed.contract_id}`)!;
  await deliver(fake.deductionNotification(first.out_trade_no, 'SUCCESS'));
  await panel.getByText(texts.wechat.states.active).waitFor();

  // The renewal section now shows the membership renewing, with cancel in one click.
  await page.getByTestId('renewal-state').waitFor();
  await page.getByRole('button', { name: texts.cancel }).waitFor();
  if (shots)
    await page.screenshot({ path: path.join(shots, `wechat-contract-${language}-${device.viewport.width}-active.png`), fullPage: true });
  expect(pageErrors).toEqual([]);
  await context.close();
}

describe('renewing with WeChat Pay (issue 59)', () => {
  it('zh-cn on a phone: sign with the QR code, the first month charged, the membership renewing', async () => {
    await journey('zh-cn', PHONE);
  });
});
