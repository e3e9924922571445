import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { bookUuid, readerPath } from '../src/journeys/catalogue-api.js';
import { DEMO_MEMBER, openSession, storeSessionViaApi } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');

/** Each screen: how to reach it and what shows that it has finished loading (language-neutral selectors). */
interface Screen {
  name: string;
  path: () => Promise<string>;
  ready: (page: Page) => Promise<unknown>;
  loggedIn?: boolean;
  /** A step after loading, such as opening a dialog. */
  then?: (page: Page) => Promise<unknown>;
}

const BOOK = 'The Storm Gate';
const SCREENS: Screen[] = [
  { name: 'home', path: async () => '/', ready: (page) => page.locator('main ul h3').nth(5).waitFor() },
  {
    name: 'chapter list',
    path: async () => `/book/chapters/${await bookUuid(baseUrl, BOOK)}`,
    ready: (page) => page.locator('main section ol > li').first().waitFor(),
  },
  { name: 'reader', path: () => readerPath(baseUrl, BOOK, 1), ready: (page) => page.locator('main img').first().waitFor() },
  {
    name: 'reader, members-only notice',
    path: () => readerPath(baseUrl, BOOK, 4),
    ready: (page) => page.locator('main a[href^="/profile"]').waitFor(),
  },
  { name: 'login', path: async () => '/login', ready: (page) => page.locator('form input[type="password"]').waitFor() },
  { name: 'register', path: async () => '/register', ready: (page) => page.locator('form input[type="password"]').nth(1).waitFor() },
  { name: 'contact', path: async () => '/contact-us', ready: (page) => page.locator('main img').waitFor() },
  // With the E-mail, Messages and Two-step sign-in sections (issue 28) loaded.
  {
    name: 'profile',
    path: async () => '/profile',
    ready: (page) => page.locator('main #notices-title ~ div input[type="checkbox"]').first().waitFor(),
    loggedIn: true,
  },
  { name: 'library, following', path: async () => '/library', ready: (page) => page.locator('main h1').waitFor(), loggedIn: true },
  { name: 'library, history', path: async () => '/library?tab=history', ready: (page) => page.locator('main h1').waitFor() },
  // Issue 28: the account-recovery pages, in the states a link from an e-mail can open them in.
  { name: 'forgot password', path: async () => '/forgot-password', ready: (page) => page.locator('#forgot-login').waitFor() },
  {
    name: 'forgot password, sent',
    path: async () => '/forgot-password',
    ready: (page) => page.locator('#forgot-login').waitFor(),
    then: async (page) => {
      await page.locator('#forgot-login').fill('nobody-a11y');
      await page.locator('main form button[type="submit"]').click();
      await page.locator('main form [role="status"]').waitFor();
    },
  },
  {
    name: 'reset password',
    path: async () => `/reset-password?token=${'x'.repeat(43)}`,
    ready: (page) => page.locator('#reset-confirm').waitFor(),
  },
  { name: 'reset password, no link', path: async () => '/reset-password', ready: (page) => page.locator('main [role="alert"]').waitFor() },
  {
    name: 'confirm e-mail, bad link',
    path: async () => `/confirm-email?token=${'y'.repeat(43)}`,
    ready: (page) => page.locator('main [role="alert"]').waitFor(),
  },
  {
    name: 'unsubscribe, bad link',
    path: async () => '/unsubscribe?token=bad',
    ready: (page) => page.locator('main [role="alert"]').waitFor(),
  },
  { name: 'page not found', path: async () => '/no-such-page', ready: (page) => page.locator('main h1').waitFor() },
  {
    name: 'profile, API token dialog',
    path: async () => '/profile',
    ready: (page) => page.locator('main h1').waitFor(),
    loggedIn: true,
    then: async (page) => {
      await page.locator('main section button').first().click(); // the first account button opens the token
      await page.getByRole('dialog').locator('textarea').waitFor();
    },
  },
];

describe.each(['en-us', 'ar-sa'])('axe finds no serious or critical violation (%s)', (language) => {
  it.each(SCREENS)('on the $name screen', async (screen) => {
    const { context, page } = await openSession(browser(), baseUrl, { language, device: PHONE });
    if (screen.loggedIn) await storeSessionViaApi(context, baseUrl, DEMO_MEMBER.username, DEMO_MEMBER.password);
    await page.goto(await screen.path());
    await screen.ready(page);

    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar-sa' ? 'rtl' : 'ltr');
    await screen.then?.(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
