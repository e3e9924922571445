import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { storedSession } from '../src/journeys/account.js';
import { readerPath } from '../src/journeys/catalogue-api.js';
import { swipe } from '../src/journeys/reading-screen.js';
import { eventually, openSession, pathOf, waitForInteractive } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');

const htmlAttributes = (page: import('playwright-core').Page) =>
  page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

describe('language journeys', () => {
  it('switches to Arabic (right to left, mirrored) and back to English; the choice is stored', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    await page.goto('/');
    await page.getByRole('heading', { name: 'All books' }).waitFor();
    expect(await htmlAttributes(page)).toEqual({ dir: 'ltr', lang: 'en-US' });

    // Choosing a language (the header's language menu) stores it and reloads the page.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Language/ })
      .click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('banner').getByRole('button', { name: 'العربية' }).click()]);
    await waitForInteractive(page);
    await page.getByRole('heading', { name: 'جميع الأعمال' }).waitFor();
    expect(await htmlAttributes(page)).toEqual({ dir: 'rtl', lang: 'ar-SA' });
    expect((await storedSession(page)).language).toBe('ar-sa');

    // The layout mirrors: the site name sits at the right end of the header, the carousel scrolls leftwards.
    const brand = await page.getByRole('banner').getByRole('link', { name: 'Inkstream' }).boundingBox();
    expect(brand!.x).toBeGreaterThan(390 / 2);
    const recommended = page.getByRole('region', { name: 'مختارات لك' });
    await recommended.getByRole('heading', { level: 3 }).first().waitFor();
    await recommended.getByRole('button', { name: 'مزيد من المختارات' }).click();
    await eventually(() => recommended.getByRole('list').evaluate((track) => track.scrollLeft)).toBeLessThan(0);

    await page
      .getByRole('banner')
      .getByRole('button', { name: /^اللغة/ })
      .click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('banner').getByRole('button', { name: 'English' }).click()]);
    await waitForInteractive(page);
    await page.getByRole('heading', { name: 'All books' }).waitFor();
    expect(await htmlAttributes(page)).toEqual({ dir: 'ltr', lang: 'en-US' });
    expect((await storedSession(page)).language).toBe('en-us');
    await page.reload();
    await page.getByRole('heading', { name: 'All books' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('mirrors the reader in Arabic: arrow keys and swipes go the other way', async () => {
    const { context, page } = await openSession(browser(), baseUrl, { language: 'ar-sa', device: PHONE });
    await page.goto(await readerPath(baseUrl, 'The Storm Gate', 1));
    await page.getByRole('img', { name: /^الصفحة 1 من/ }).waitFor();
    expect((await htmlAttributes(page)).dir).toBe('rtl');

    // Each step waits for the new chapter's heading, so the next gesture acts on that chapter's screen.
    const heading = page.getByRole('heading', { level: 1 });
    const step = async (act: () => Promise<void>, number: number) => {
      const before = await heading.innerText();
      await act();
      await eventually(() => pathOf(page)).toMatch(new RegExp(`/${number}$`));
      await eventually(() => heading.innerText()).not.toBe(before);
      await page.getByRole('img', { name: /^الصفحة 1 من/ }).waitFor();
    };
    await step(() => page.keyboard.press('ArrowLeft'), 2); // forward, right to left
    await step(() => swipe(page, 150), 3); // a swipe to the right turns the page forward
    await step(() => swipe(page, -150), 2);
    await step(() => page.keyboard.press('ArrowRight'), 1);
    await context.close();
  });
});
