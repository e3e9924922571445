import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { localeFile } from '../src/journeys/locale-texts.js';
import { eventually, freshUser, openSession, pathOf, waitForInteractive } from '../src/journeys/session.js';

// Issue 43: the profile's "Your data" in a browser. The archive is built by the server's job
// runner; the test waits on the page, never on time.
const browser = browserPerFile();
const baseUrl = inject('baseUrl');

/** The login form in any language (auth.json), filled and sent; the app then reloads. */
async function logInAs(page: Page, language: string, user: { username: string; password: string }) {
  const auth = localeFile(language, 'auth.json');
  await page.goto('/login');
  const form = page.getByRole('form', { name: auth.login.title });
  await form.getByLabel(auth.fields.username, { exact: true }).fill(user.username);
  await form.getByLabel(auth.fields.password, { exact: true }).fill(user.password);
  await form.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await waitForInteractive(page);
}

/** A text whose {{date}} may be any date, as a whole-text pattern. */
const withAnyDate = (template: string) => new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{{date}}', '.+')}$`);

describe('readers’ data rights in the browser', () => {
  it('en-us, desktop: the mail’s link focuses "Your data"; the archive is asked for, built, downloaded once a minute', async () => {
    const texts = localeFile('en-us', 'datarights.json');
    const user = await freshUser(baseUrl);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: DESKTOP, language: 'en-us' });
    await logInAs(page, 'en-us', user);
    await page.goto('/profile#your-data');
    const section = page.getByRole('region', { name: texts.heading });
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('your-data-title');

    await section.getByRole('button', { name: texts.export.request }).click();
    // Queued or building, then ready: the profile asks again by itself until it is.
    const download = section.getByRole('button', { name: /^Download \(ZIP, / });
    await download.waitFor({ timeout: 60_000 });
    expect(await section.getByText(/^Your archive is ready\. Available until /).isVisible()).toBe(true);

    const saving = page.waitForEvent('download');
    await download.click();
    const file = await saving;
    expect(file.suggestedFilename()).toMatch(/^inkstream-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // A second download within the minute is refused, in words.
    await download.click();
    await eventually(() => section.getByRole('alert').textContent()).toBe(texts.export.errors.downloadTooSoon);
    // One archive a day: the button waits, and says until when.
    expect(await section.getByRole('button', { name: texts.export.request }).isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('ar-sa, phone: deleting the account says what happens, signs out, and logging in within the grace period cancels it', async () => {
    const texts = localeFile('ar-sa', 'datarights.json');
    const user = await freshUser(baseUrl);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE, language: 'ar-sa' });
    await logInAs(page, 'ar-sa', user);
    await page.goto('/profile#your-data');
    await page.getByRole('button', { name: texts.delete.open }).click();
    const dialog = page.getByRole('dialog', { name: texts.delete.title });
    const consequences = dialog.getByRole('list', { name: texts.delete.consequencesLabel });
    await consequences.waitFor();
    expect(await consequences.textContent()).toContain(texts.delete.signedOut);
    expect(await dialog.getByRole('radio', { name: texts.delete.comments.remove }).isChecked()).toBe(true);
    // Right to left, and nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await dialog.getByLabel(texts.delete.password, { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: texts.delete.submit, exact: true }).click();
    await eventually(() => pathOf(page)).toBe('/');
    await page.getByRole('main').getByText(withAnyDate(texts.notice.scheduled)).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('X-API-TOKEN'))).toBeNull();

    // Logging in again during the grace period keeps the account, and the page says so.
    await logInAs(page, 'ar-sa', user);
    await page.getByRole('main').getByText(texts.notice.cancelled, { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
