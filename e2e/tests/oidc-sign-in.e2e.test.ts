import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOidcProvider, type TestOidcProvider } from '../../apps/server/test/helpers/oidc-test-provider.js';
import { browserPerFile, DESKTOP } from '../src/browser.js';
import { localeFile } from '../src/journeys/locale-texts.js';
import { eventually, openSession, pathOf, uniqueUsername } from '../src/journeys/session.js';
import { startServer, type RunningServer } from '../src/server.js';

/**
 * Issue 60: "Continue with {provider}" as a reader meets it, against the built server and a real
 * OpenID provider (oidc-provider, started here; its login signs in the account the test chose):
 * the button on the login screen, the provider, back on the site, "choose your user name", and
 * signed in. Screenshots of the login screen with the button in three languages, to look at.
 */
const browser = browserPerFile();
const SHOTS = '/tmp/shots-oidc';
const PORT = Number(process.env.E2E_PORT ?? 3210) + 10;
const SITE = `http://127.0.0.1:${PORT}`;
let provider: TestOidcProvider;
let server: RunningServer;

beforeAll(async () => {
  provider = await startTestOidcProvider({
    clientId: 'inkstream-e2e',
    clientSecret: 'e2e-client-secret',
    redirectUris: [`${SITE}/api/v1/sign-in/oidc/corp/callback`],
  });
  server = await startServer({
    port: PORT,
    env: {
      DEMO_CATALOGUE: 'off',
      OIDC_PROVIDERS: 'corp',
      OIDC_CORP_ISSUER: provider.issuer,
      OIDC_CORP_CLIENT_ID: 'inkstream-e2e',
      OIDC_CORP_CLIENT_SECRET: 'e2e-client-secret',
      OIDC_CORP_NAME: 'Corp ID',
    },
  });
}, 320_000);
afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

describe('signing in with an OpenID provider (en-us, desktop)', () => {
  it('continues with the provider, chooses a user name, and lands signed in', async () => {
    const texts = localeFile('en-us', 'external.json');
    const { page, pageErrors } = await openSession(browser(), server.url, { language: 'en-us', device: DESKTOP });
    const username = uniqueUsername('oidc');
    await provider.signInAs({
      sub: `e2e-${username}`,
      name: 'Grace Hopper',
      preferred_username: 'grace',
      email: `${username}@example.org`,
      email_verified: true,
    });

    await page.goto('/login');
    await page.getByRole('button', { name: texts.continueWith.replace('{{name}}', 'Corp ID') }).click();
    // The provider, then back on the site: a new account, so the name is asked first.
    await page.getByRole('heading', { name: texts.choose.title }).waitFor();
    const field = page.getByRole('textbox', { name: texts.choose.label });
    await expect.poll(() => field.inputValue()).toBe('grace');
    await field.fill(username);
    await page.getByRole('button', { name: texts.choose.submit }).click();
    await eventually(() => page.evaluate(() => window.localStorage.getItem('USERNAME'))).toBe(username);
    await eventually(() => pathOf(page)).toBe('/');
    // Nothing of the flow is left in the address.
    expect(page.url()).not.toContain('result=');

    await page.goto('/profile#linked-providers');
    const section = page.locator('#linked-providers');
    await section.getByText('Corp ID').first().waitFor();
    await section.getByText(`${username}@example.org`).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('shows the button on the login screen (screenshots in en-us, zh-cn, ar-sa)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const language of ['en-us', 'zh-cn', 'ar-sa'] as const) {
      const texts = localeFile(language, 'external.json');
      const { page, context } = await openSession(browser(), server.url, { language, device: DESKTOP });
      await page.goto('/login');
      await page.getByRole('button', { name: texts.continueWith.replace('{{name}}', 'Corp ID') }).waitFor();
      await page.screenshot({ path: path.join(SHOTS, `login-${language}.png`), fullPage: true });
      await context.close();
    }
  });
});
