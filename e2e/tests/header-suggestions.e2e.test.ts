import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { bookUuid } from '../src/journeys/catalogue-api.js';
import { eventually, openSession, pathOf } from '../src/journeys/session.js';

/**
 * Issue 30: the header search suggests as the reader types. A combobox (ARIA 1.2) with a listbox
 * popup, by keyboard, in English and in Arabic (right to left), on a desktop and on a phone.
 */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');

const TEXTS = {
  'en-us': { title: 'The Storm Gate', count: /^\d+ suggestions?$/ },
  'ar-sa': { title: 'بوابة العاصفة', count: /اقتراح/ },
} as const;

const field = (page: Page) => page.locator('#header-search');
/** The field once the app has taken the server-rendered page over (the combobox roles come with it): typing earlier could be lost to hydration. */
async function interactiveField(page: Page) {
  const input = field(page);
  await eventually(() => input.getAttribute('role')).toBe('combobox');
  return input;
}
const listbox = (page: Page) => page.getByRole('listbox');
const bannerHeight = async (page: Page) => (await page.getByRole('banner').boundingBox())!.height;

describe.each(['en-us', 'ar-sa'] as const)('header suggestions (%s)', (language) => {
  it('typing opens a listbox of suggestions; ArrowDown and Enter open the highlighted book', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language });
    await page.goto('/');
    const input = await interactiveField(page);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await input.getAttribute('aria-controls')).toBe('header-suggestions');
    const before = await bannerHeight(page);

    await input.click();
    await input.pressSequentially('storm ga');
    await listbox(page).waitFor();
    // The number of suggestions is told politely once those of the whole text have come.
    await eventually(() => page.getByRole('banner').getByRole('status').textContent()).toMatch(TEXTS[language].count);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await listbox(page).getAttribute('id')).toBe('header-suggestions');
    const first = listbox(page).getByRole('option').first();
    expect(await first.textContent()).toContain(TEXTS[language].title);
    // Its cover has a reserved box; the popup overlays the page: the header does not grow.
    expect(await first.locator('img').getAttribute('width')).toBeTruthy();
    expect(await bannerHeight(page)).toBe(before);
    expect(await input.getAttribute('aria-activedescendant')).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);

    // In Arabic the popup hangs from the field's right edge (its inline start).
    const form = (await page.getByRole('search').boundingBox())!;
    const popup = (await listbox(page).boundingBox())!;
    if (language === 'ar-sa') {
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(Math.abs(popup.x + popup.width - (form.x + form.width))).toBeLessThanOrEqual(2);
    } else {
      expect(Math.abs(popup.x - form.x)).toBeLessThanOrEqual(2);
    }

    await page.keyboard.press('ArrowDown');
    const firstId = await first.getAttribute('id');
    expect(await input.getAttribute('aria-activedescendant')).toBe(firstId);
    expect(await first.getAttribute('aria-selected')).toBe('true');
    // Focus stays in the field while the highlight moves.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('header-search');
    await page.keyboard.press('Enter');
    const uuid = await bookUuid(baseUrl, 'The Storm Gate');
    await eventually(() => pathOf(page)).toBe(`/book/chapters/${uuid}`);
    await page.getByRole('heading', { level: 1, name: TEXTS[language].title }).waitFor();
    expect(await listbox(page).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('Escape closes the popup, then clears the field; Tab leaves; Enter with nothing highlighted searches', async () => {
    const { context, page } = await openSession(browser(), baseUrl, { language });
    await page.goto('/');
    const input = await interactiveField(page);
    await input.click();
    await input.pressSequentially('storm');
    await listbox(page).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await listbox(page).waitFor({ state: 'detached' });
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await input.getAttribute('aria-activedescendant')).toBeNull();
    expect(await input.inputValue()).toBe('storm');
    await page.keyboard.press('Escape');
    expect(await input.inputValue()).toBe('');

    await input.pressSequentially('storm');
    await listbox(page).waitFor();
    await page.keyboard.press('Tab');
    await listbox(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('header-search');

    // Back in the field, arrows reopen it; Down then Up returns to the field, and Enter searches.
    await input.focus();
    await page.keyboard.press('ArrowDown');
    await listbox(page).waitFor();
    await page.keyboard.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBeNull();
    await page.keyboard.press('Enter');
    await eventually(() => new URL(page.url()).search).toBe('?q=storm');
    expect(pathOf(page)).toBe('/search');
    await context.close();
  });

  it('on a phone the popup opens under the search that covers the row, within the screen', async () => {
    const { context, page } = await openSession(browser(), baseUrl, { language, device: PHONE });
    await page.goto('/');
    const before = await bannerHeight(page);
    const input = await interactiveField(page);
    await input.click();
    await input.pressSequentially('storm');
    await listbox(page).waitFor();
    const popup = (await listbox(page).boundingBox())!;
    expect(popup.x).toBeGreaterThanOrEqual(0);
    expect(popup.x + popup.width).toBeLessThanOrEqual(PHONE.viewport.width);
    expect(await bannerHeight(page)).toBe(before);
    // A tap on a suggestion opens it.
    await listbox(page).getByRole('option').first().click();
    await eventually(() => pathOf(page)).toMatch(/^\/book\/chapters\//);
    await context.close();
  });
});
