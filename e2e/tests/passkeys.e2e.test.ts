import { AxeBuilder } from '@axe-core/playwright';
import { generate } from 'otplib';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { startServer, type RunningServer } from '../src/server.js';
import {
  eventually,
  freshUser,
  headerUserLink,
  logInForSession,
  openSession,
  pathOf,
  waitForInteractive,
} from '../src/journeys/session.js';

/**
 * Issue 60: passkeys in Chromium, with the DevTools virtual authenticator (a CTAP2 platform
 * authenticator holding discoverable credentials, user verified) standing in for the phone's.
 *
 * Its own server, at http://localhost: WebAuthn takes a domain as the relying party's id, never an
 * IP address, so the shared server at 127.0.0.1 cannot have passkeys. PUBLIC_URL says localhost.
 */
const browser = browserPerFile();
const shots = process.env.PASSKEY_SHOTS ?? '/tmp/shots-passkeys';
let server: RunningServer | undefined;
let baseUrl = '';

beforeAll(async () => {
  const port = Number(process.env.E2E_PORT ?? 3210) + 9;
  server = await startServer({ port, env: { DEMO_CATALOGUE: 'off', PUBLIC_URL: `http://localhost:${port}` } });
  baseUrl = `http://localhost:${port}`;
}, 320_000);
afterAll(async () => {
  await server?.stop();
});

const WEB = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');
const words = (language: string, namespace: string) => JSON.parse(readFileSync(path.join(WEB, language, `${namespace}.json`), 'utf8'));

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    ((await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as { credentials: unknown[] }).credentials.length;
  // Off: the authenticator waits, as a phone waits for its owner's finger (conditional UI on the
  // login form would otherwise be answered the moment the page asks).
  const presence = (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
  return { credentials, presence };
}

async function journey(language: string, device: typeof PHONE | typeof DESKTOP) {
  const t = words(language, 'passkeys');
  const profileWords = words(language, 'profile');
  const user = await freshUser(baseUrl);
  const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device, language });
  const authenticator = await addVirtualAuthenticator(page);
  // Through the form (in the journey's language): a stored session would come back at each load.
  await page.goto('/login');
  await waitForInteractive(page);
  await page.locator('#login-username').fill(user.username);
  await page.locator('#login-password').fill(user.password);
  await page.getByRole('button', { name: words(language, 'auth').login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await headerUserLink(page, user.username).waitFor();
  await page.goto('/profile#passkeys');
  await waitForInteractive(page);
  const section = page.getByRole('region', { name: t.heading });
  await section.getByText(t.none).waitFor();

  // Add one, named.
  await section.getByLabel(t.nameLabel).fill('Test phone');
  await section.getByRole('button', { name: t.add }).click();
  await section.getByText(t.addedNotice.replace('{{name}}', 'Test phone')).waitFor();
  const list = section.getByRole('list', { name: t.listLabel });
  await eventually(() => list.getByRole('listitem').count()).toBe(1);
  expect(await list.textContent()).toContain('Test phone');
  expect(await authenticator.credentials()).toBe(1);
  await shoot(page, language, device, 'added');
  const axe = await new AxeBuilder({ page }).include('#passkeys').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Sign out, then in with the passkey from the login form.
  await page.getByRole('button', { name: profileWords.logout }).click();
  await eventually(() => pathOf(page)).toBe('/');
  await authenticator.presence(false);
  await page.goto('/login');
  await waitForInteractive(page);
  expect(await page.locator('#login-username').getAttribute('autocomplete')).toBe('username webauthn');
  await shoot(page, language, device, 'login', 'main');
  await authenticator.presence(true);
  // The button: a modal ceremony (it replaces the conditional one waiting on the user-name field).
  await page.getByRole('button', { name: t.signIn }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await waitForInteractive(page);
  await headerUserLink(page, user.username).waitFor();

  // The profile lists the sign-in by passkey; remove the passkey with the password.
  await page.goto('/profile#passkeys');
  await waitForInteractive(page);
  const signIns = page.getByRole('region', { name: t.signIns.heading });
  await signIns.getByText(t.signIns.method.passkey).first().waitFor();
  const row = section.getByRole('listitem');
  await eventually(async () => (await row.textContent()) ?? '').not.toContain(t.neverUsed);
  await section.getByRole('button', { name: t.removeNamed.replace('{{name}}', 'Test phone') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t.remove.password, { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: t.remove.confirm }).click();
  await dialog.getByText(t.errors.wrongPassword).waitFor();
  await shoot(page, language, device, 'remove', 'dialog[open]');
  await dialog.getByLabel(t.remove.password, { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: t.remove.confirm }).click();
  await section.getByText(t.none).waitFor();
  await shoot(page, language, device, 'removed');
  await shoot(page, language, device, 'sign-ins', '#recent-sign-ins');
  expect(pageErrors).toEqual([]);
  await context.close();
}

async function shoot(page: Page, language: string, device: typeof PHONE | typeof DESKTOP, name: string, selector = '#passkeys') {
  mkdirSync(shots, { recursive: true });
  const kind = device === PHONE ? 'phone' : 'desktop';
  await page
    .locator(selector)
    .first()
    .screenshot({ path: path.join(shots, `${language}-${kind}-${name}.png`) });
}

describe('passkeys', () => {
  it('a reader adds a passkey on the profile, signs out, signs in with it, and removes it (en-us, desktop)', { timeout: 120_000 }, () =>
    journey('en-us', DESKTOP),
  );
  it('the same in zh-cn on a phone', { timeout: 120_000 }, () => journey('zh-cn', PHONE));

  it(
    'with two-step sign-in on, the passkey offered in the user-name field signs in and no code is asked',
    { timeout: 120_000 },
    async () => {
      const t = words('en-us', 'passkeys');
      const user = await freshUser(baseUrl);
      // Two-step sign-in on, through the API (the two-step journey has its own test).
      const session = await logInForSession(baseUrl, user.username, user.password);
      const post = async (url: string, body: object) => {
        const response = await fetch(`${baseUrl}/api/v1${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Token ${session.jwt_token}` },
          body: JSON.stringify(body),
        });
        expect(response.status, await response.clone().text()).toBe(200);
        return (await response.json()) as { data: { result: Record<string, unknown> } };
      };
      const secret = (await post('/user/totp/setup', { password: user.password })).data.result.secret as string;
      await post('/user/totp/enable', { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) });

      const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: DESKTOP, language: 'en-us' });
      const authenticator = await addVirtualAuthenticator(page);
      await page.addInitScript(
        ([token, uuid, username]) => {
          if (sessionStorage.getItem('e2e-seeded')) return;
          sessionStorage.setItem('e2e-seeded', '1');
          localStorage.setItem('X-API-TOKEN', token!);
          localStorage.setItem('USER_UUID', uuid!);
          localStorage.setItem('USERNAME', username!);
        },
        [session.jwt_token, session.uuid, session.username],
      );
      await page.goto('/profile#passkeys');
      await waitForInteractive(page);
      const section = page.getByRole('region', { name: t.heading });
      await section.getByRole('button', { name: t.add }).click();
      await eventually(() => authenticator.credentials()).toBe(1);
      await page.getByRole('button', { name: words('en-us', 'profile').logout }).click();
      await eventually(() => pathOf(page)).toBe('/');

      // The login screen asks the browser for a passkey as soon as it opens (conditional UI on the
      // user-name field); the authenticator answers as a reader picking the suggestion would.
      await page.goto('/login');
      await page.waitForURL((url) => url.pathname === '/');
      await headerUserLink(page, user.username).waitFor();
      expect(await page.getByText(words('en-us', 'twostep').login.codePrompt).count()).toBe(0);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
  it('and in ar-sa on a phone', { timeout: 120_000 }, () => journey('ar-sa', PHONE));
});
