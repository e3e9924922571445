import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWechatLogin, type FakeWechatLogin } from '../../apps/server/test/helpers/fake-wechat-login.js';
import { browserPerFile, PHONE } from '../src/browser.js';
import { localeFile } from '../src/journeys/locale-texts.js';
import { eventually, openSession, pathOf, uniqueUsername } from '../src/journeys/session.js';
import { startServer, type RunningServer } from '../src/server.js';

/**
 * Issue 60: WeChat sign-in in the browser against the local fake of WeChat's OAuth endpoints (the
 * QR page, the code exchange, userinfo), as an operator's site with WECHAT_LOGIN_APPID set runs
 * it: in zh-cn on a phone, the browser goes to "WeChat", comes back with a code, the server
 * exchanges it with the AppSecret, and the reader makes an account, then signs in again.
 */
const browser = browserPerFile();
const PORT = Number(process.env.E2E_PORT ?? 3210) + 12;
let fake: FakeWechatLogin;
let server: RunningServer;

beforeAll(async () => {
  fake = await startFakeWechatLogin();
  server = await startServer({ port: PORT, env: { DEMO_CATALOGUE: 'off', ...fake.env() } });
}, 320_000);
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('signing in with WeChat (the fake of WeChat, zh-cn, phone)', () => {
  it('scans at "WeChat", makes an account, and the same WeChat user is signed straight in the next time', async () => {
    const texts = localeFile('zh-cn', 'external.json');
    const nickname = uniqueUsername('wxf');
    fake.scanAs(fake.newUser(nickname));

    const { page, context, pageErrors } = await openSession(browser(), server.url, { language: 'zh-cn', device: PHONE });
    await page.goto('/login');
    const wechat = page.getByRole('button', { name: texts.wechat.signIn, exact: true });
    await wechat.click();
    // WeChat's page confirmed at once (the fake's scanner), back on the site: a new account.
    await page.getByRole('heading', { name: texts.choose.title }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: texts.choose.label }).inputValue()).toBe(nickname);
    await page.getByRole('button', { name: texts.choose.submit }).click();
    await eventually(() => page.evaluate(() => window.localStorage.getItem('USERNAME'))).toBe(nickname);
    await eventually(() => pathOf(page)).toBe('/');
    await context.close();

    const again = await openSession(browser(), server.url, { language: 'zh-cn', device: PHONE });
    await again.page.goto('/login');
    await again.page.getByRole('button', { name: texts.wechat.signIn, exact: true }).click();
    await eventually(() => again.page.evaluate(() => window.localStorage.getItem('USERNAME'))).toBe(nickname);
    await again.context.close();
    expect(pageErrors).toEqual([]);
    expect(again.pageErrors).toEqual([]);
  });
});
