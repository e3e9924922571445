import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { localeFile } from '../src/journeys/locale-texts.js';
import { eventually, openSession, pathOf, uniqueUsername } from '../src/journeys/session.js';
import { startServer, type RunningServer } from '../src/server.js';

/**
 * Issue 60: WeChat sign-in as a Chinese reader meets it on a phone, against the built server with
 * the sandbox standing in for WeChat (as on a newcomer's `npm start`): WeChat first on the login
 * screen, the sandbox's QR page, back on the site, "choose your user name", signed in; the next
 * time the same WeChat user lands straight in the same account. Screenshots to look at; axe on the
 * login screen and the QR page.
 */
const browser = browserPerFile();
const SHOTS = '/tmp/shots-wechat-login';
const PORT = Number(process.env.E2E_PORT ?? 3210) + 11;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: PORT, env: { DEMO_CATALOGUE: 'off' } });
}, 320_000);
afterAll(async () => {
  await server?.stop();
});

describe('signing in with WeChat (the sandbox, zh-cn, phone)', () => {
  it('WeChat first, the QR page, a new account, and the same WeChat user signed straight in the next time', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const texts = localeFile('zh-cn', 'external.json');
    const { page, context, pageErrors } = await openSession(browser(), server.url, { language: 'zh-cn', device: PHONE });
    const nickname = uniqueUsername('wx');

    await page.goto('/login');
    const wechat = page.getByRole('button', { name: new RegExp(`^${texts.wechat.signIn}`) });
    await wechat.waitFor();
    // First: above the user-name field (the form's first control).
    const firstControl = await page
      .locator('form[aria-labelledby="login-title"]')
      .locator('button, input')
      .first()
      .getAttribute('data-provider');
    expect(firstControl).toBe('wechat');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'login-zh-cn-phone.png'), fullPage: true });
    await wechat.click();

    // The sandbox's QR page: who scans.
    await page.getByRole('heading', { name: new RegExp(texts.sandboxLogin.heading) }).waitFor();
    expect(pathOf(page)).toBe('/sandbox/wechat-login');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'sandbox-zh-cn-phone.png'), fullPage: true });
    await page.getByRole('textbox', { name: texts.sandboxLogin.nickname }).fill(nickname);
    await page.getByRole('button', { name: texts.sandboxLogin.allow }).click();

    // Back on the site: a new account, the nickname proposed as its name.
    await page.getByRole('heading', { name: texts.choose.title }).waitFor();
    const field = page.getByRole('textbox', { name: texts.choose.label });
    await expect.poll(() => field.inputValue()).toBe(nickname);
    await page.screenshot({ path: path.join(SHOTS, 'choose-zh-cn-phone.png'), fullPage: true });
    await page.getByRole('button', { name: texts.choose.submit }).click();
    await eventually(() => page.evaluate(() => window.localStorage.getItem('USERNAME'))).toBe(nickname);
    await eventually(() => pathOf(page)).toBe('/');
    expect(page.url()).not.toContain('result=');

    // The profile lists WeChat (微信) among the linked providers, and the sign-in in the security list.
    await page.goto('/profile#linked-providers');
    await page.locator('#linked-providers').getByText(texts.wechat.name, { exact: true }).waitFor();
    const passkeyTexts = localeFile('zh-cn', 'passkeys.json');
    await page.locator('#recent-sign-ins').getByText(passkeyTexts.signIns.method.wechat).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('#linked-providers').screenshot({ path: path.join(SHOTS, 'profile-linked-zh-cn-phone.png') });
    await context.close();

    // Another browser, the same WeChat user: straight in.
    const again = await openSession(browser(), server.url, { language: 'zh-cn', device: PHONE });
    await again.page.goto('/login');
    await again.page.getByRole('button', { name: new RegExp(`^${texts.wechat.signIn}`) }).click();
    await again.page.getByRole('textbox', { name: texts.sandboxLogin.nickname }).fill(nickname);
    await again.page.getByRole('button', { name: texts.sandboxLogin.allow }).click();
    await eventually(() => again.page.evaluate(() => window.localStorage.getItem('USERNAME'))).toBe(nickname);
    await again.context.close();
    expect(pageErrors).toEqual([]);
    expect(again.pageErrors).toEqual([]);
  });

  it('a reader who declines on the QR page is told so, and is not signed in', async () => {
    const texts = localeFile('zh-cn', 'external.json');
    const { page, context } = await openSession(browser(), server.url, { language: 'zh-cn', device: PHONE });
    await page.goto('/login');
    await page.getByRole('button', { name: new RegExp(`^${texts.wechat.signIn}`) }).click();
    await page.getByRole('button', { name: texts.sandboxLogin.decline }).click();
    await page.getByText(texts.errors.EXTERNAL_CANCELLED).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('USERNAME'))).toBeNull();
    await context.close();
  });

  it('puts WeChat under the form outside Chinese (screenshots in en-us and ar-sa, desktop)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const language of ['en-us', 'ar-sa'] as const) {
      const texts = localeFile(language, 'external.json');
      const { page, context } = await openSession(browser(), server.url, { language, device: DESKTOP });
      await page.goto('/login');
      await page.getByRole('button', { name: new RegExp(`^${texts.wechat.signIn}`) }).waitFor();
      expect(await page.locator('[data-sign-in-providers="lead"]').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `login-${language}.png`), fullPage: true });
      await context.close();
    }
  });
});
