import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { loginStatus } from '../src/journeys/api.js';
import { bookUuid } from '../src/journeys/catalogue-api.js';
import { eventually, freshUser, openSession, storeSessionViaApi } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');

/** The texts each language shows (profile.json, books.json, common.json, chapters.json). */
const TEXTS = {
  'en-us': {
    openPassword: 'Change password',
    current: 'Current password',
    newPassword: 'New password',
    confirm: 'Confirm new password',
    submit: 'Update password',
    wrongCurrent: 'password update failed, please check whether the current password is correct',
    success: 'Password updated successfully',
    allFree: 'All chapters free',
    underFive: 'Under 5 chapters',
    newSeries: 'New series',
    newMark: 'New',
  },
  'ar-sa': {
    openPassword: 'تغيير كلمة المرور',
    current: 'كلمة المرور الحالية',
    newPassword: 'كلمة المرور الجديدة',
    confirm: 'تأكيد كلمة المرور الجديدة',
    submit: 'تحديث كلمة المرور',
    wrongCurrent: 'تعذّر تحديث كلمة المرور، يُرجى التحقق من صحة كلمة المرور الحالية',
    success: 'تم تحديث كلمة المرور بنجاح',
    allFree: 'جميع الفصول مجانية',
    underFive: 'أقل من 5 فصول',
    newSeries: 'عمل جديد',
    newMark: 'جديد',
  },
} as const;
type Language = keyof typeof TEXTS;

/**
 * Records, in the page, when the success message appeared and when the dialog closed, so the
 * delay between them is measured without the test's polling in it.
 */
function watchDialogClose(page: Page, successText: string) {
  return page.evaluate((text) => {
    const marks = { shownAt: 0, closedAt: 0 };
    (window as unknown as { __marks: typeof marks }).__marks = marks;
    const observer = new MutationObserver(() => {
      const dialog = document.querySelector('dialog[open]');
      if (!marks.shownAt && dialog?.querySelector('[role="status"]')?.textContent === text) marks.shownAt = performance.now();
      if (marks.shownAt && !marks.closedAt && !dialog) {
        marks.closedAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  }, successText);
}

describe.each(['en-us', 'ar-sa'] as const)('account truths on a phone in %s', (language: Language) => {
  const text = TEXTS[language];

  it('changes the password only with the current one, in the reader’s language, and closes 1.5 s after success', async () => {
    const user = await freshUser(baseUrl);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE, language });
    await storeSessionViaApi(context, baseUrl, user.username, user.password);
    await page.goto('/profile');
    await page.getByRole('button', { name: text.openPassword }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: text.submit });
    const newPassword = `${user.password}-new`;
    await dialog.getByLabel(text.newPassword, { exact: true }).fill(newPassword);
    await dialog.getByLabel(text.confirm, { exact: true }).fill(newPassword);
    // Both new entries are not enough: the current password is asked for.
    expect(await submit.isDisabled()).toBe(true);

    await dialog.getByLabel(text.current, { exact: true }).fill('not-my-password');
    await submit.click();
    await eventually(() => dialog.getByRole('alert').textContent()).toBe(text.wrongCurrent);
    expect(await loginStatus(baseUrl, user.username, user.password)).toBe(200);

    await dialog.getByLabel(text.current, { exact: true }).fill(user.password);
    await watchDialogClose(page, text.success);
    await submit.click();
    await eventually(() => dialog.getByRole('status').textContent()).toBe(text.success);
    await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
    const marks = await page.evaluate(() => (window as unknown as { __marks: { shownAt: number; closedAt: number } }).__marks);
    // The spec: the dialog closes by itself 1.5 s after the message (a frame or two of leeway).
    expect(marks.closedAt - marks.shownAt).toBeGreaterThanOrEqual(1_450);
    expect(marks.closedAt - marks.shownAt).toBeLessThan(2_500);
    expect(await loginStatus(baseUrl, user.username, newPassword)).toBe(200);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('says what is true on short books: all chapters free, new series only when new, NEW on recent chapters', async () => {
    // Demo books: "Blade in the Snow" has 2 chapters, the newest 800 days old; "Letters from
    // Tomorrow" has 1, out 90 minutes ago. Neither sets its free chapters: the default is 3.
    const [old, fresh] = await Promise.all([bookUuid(baseUrl, 'Blade in the Snow'), bookUuid(baseUrl, 'Letters from Tomorrow')]);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE, language });
    // The title search matches every language's title; the two cards are found by their links.
    await page.goto('/?q=Blade%20in%20the%20Snow');
    const card = (uuid: string) => page.locator('article', { has: page.locator(`a[href="/book/chapters/${uuid}"]`) });
    await card(old).waitFor();
    expect(await card(old).innerText()).toContain(text.allFree);
    expect(await card(old).innerText()).toContain(text.underFive);
    expect(await card(old).innerText()).not.toContain(text.newSeries);
    await page.goto('/?q=Letters%20from%20Tomorrow');
    await card(fresh).waitFor();
    expect(await card(fresh).innerText()).toContain(text.allFree);
    expect(await card(fresh).innerText()).toContain(text.newSeries);

    const chapterCards = page.getByRole('main').locator('ol > li');
    await page.goto(`/book/chapters/${fresh}`);
    await chapterCards.first().waitFor();
    expect(await chapterCards.first().getByText(text.newMark, { exact: true }).isVisible()).toBe(true);
    await page.goto(`/book/chapters/${old}`);
    await eventually(() => chapterCards.count()).toBe(2);
    expect(await page.getByRole('main').getByText(text.newMark, { exact: true }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
