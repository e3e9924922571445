import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { bookUuid, chapterUuid, readerPath } from '../src/journeys/catalogue-api.js';
import { readingScreen } from '../src/journeys/reading-screen.js';
import { DEMO_MEMBER, eventually, openSession, storeSessionViaApi, waitForInteractive } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const BOOK = 'The Storm Gate'; // the first 3 chapters free

interface Pages {
  pages: { url: string; sources?: { url: string }[] }[];
}

/** The first page's sources as the API gives them, with and without the data saver. */
async function firstPageSources(chapter: string, headers: Record<string, string> = {}) {
  const ask = async (query: string) => {
    const response = await fetch(`${baseUrl}/api/v1/comics/chapter_comics/${chapter}/en-us${query}`, { headers });
    return ((await response.json()) as { data: { result: Pages } }).data.result.pages[0]!;
  };
  return { whole: await ask(''), lighter: await ask('?data_saver=1') };
}

/** The address the first page image on screen was loaded from, once it has loaded. */
async function shownFirstPage(page: Page): Promise<string> {
  const first = readingScreen(page).pages.first();
  await eventually(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return first.evaluate((img: HTMLImageElement) => img.currentSrc);
}

const pathOf = (url: string) => new URL(url, baseUrl).pathname + new URL(url, baseUrl).search;

describe('the data saver', () => {
  it('en-us: switched on in the header menu, the reader shows the lighter pages and says so, and the server renders them after a reload', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    const book = await bookUuid(baseUrl, BOOK);
    const chapter = await chapterUuid(baseUrl, book, 1);
    const { whole, lighter } = await firstPageSources(chapter);
    expect(lighter.sources).toHaveLength(1);
    expect(lighter.sources![0]!.url).not.toBe(whole.sources?.[0]?.url);

    await page.goto('/');
    await waitForInteractive(page);
    await page.getByRole('button', { name: /^Language/ }).click();
    const toggle = page.getByRole('switch', { name: 'Data saver' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-checked')).toBe('true');

    await page.goto(await readerPath(baseUrl, BOOK, 1));
    await waitForInteractive(page);
    expect(pathOf(await shownFirstPage(page))).toBe(lighter.sources![0]!.url);
    expect(await page.getByText('Data saver on: lighter images').isVisible()).toBe(true);
    // The page itself arrived with them (the cookie told the server), before any code ran.
    const html = await (await page.request.get(await readerPath(baseUrl, BOOK, 1))).text();
    expect(html).toContain(lighter.sources![0]!.url);
    expect(html).not.toContain(whole.sources![0]!.url);

    // Off again (the reader has its own bar: the menu is on the site's pages): whole pages.
    await page.goto('/');
    await waitForInteractive(page);
    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('switch', { name: 'Data saver' }).click();
    await eventually(() => page.getByRole('switch', { name: 'Data saver' }).getAttribute('aria-checked')).toBe('false');
    await page.goto(await readerPath(baseUrl, BOOK, 1));
    await waitForInteractive(page);
    expect(pathOf(await shownFirstPage(page))).toBe(whole.sources![0]!.url);
    expect(await page.getByText('Data saver on: lighter images').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('follows the browser’s Save-Data header, and a member’s paid pages come lighter and still signed', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    await context.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    const book = await bookUuid(baseUrl, BOOK);
    const { whole, lighter } = await firstPageSources(await chapterUuid(baseUrl, book, 2));
    await page.goto(await readerPath(baseUrl, BOOK, 2));
    await waitForInteractive(page);
    expect(pathOf(await shownFirstPage(page))).toBe(lighter.sources![0]!.url);
    expect(lighter.sources![0]!.url).not.toBe(whole.sources?.[0]?.url);

    await storeSessionViaApi(context, baseUrl, DEMO_MEMBER.username, DEMO_MEMBER.password);
    await page.goto(await readerPath(baseUrl, BOOK, 10));
    await waitForInteractive(page);
    const paid = new URL(await shownFirstPage(page));
    expect(paid.searchParams.get('sig')).toBeTruthy();
    // The same key the API gives a member with the data saver: the lighter one.
    const token = await page.evaluate(() => localStorage.getItem('X-API-TOKEN'));
    const member = await firstPageSources(await chapterUuid(baseUrl, book, 10), { authorization: `Bearer ${token}` });
    expect(paid.pathname).toBe(new URL(member.lighter.sources![0]!.url, baseUrl).pathname);
    expect(paid.pathname).not.toBe(new URL(member.whole.sources![0]!.url, baseUrl).pathname);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('ar-sa: the switch is in the header menu, named in Arabic', async () => {
    const { context, page } = await openSession(browser(), baseUrl, { device: PHONE, language: 'ar-SA' });
    await page.goto('/');
    await waitForInteractive(page);
    await page
      .locator('header button[aria-expanded]')
      .filter({ has: page.locator('svg') })
      .first()
      .click();
    const toggle = page.getByRole('switch', { name: 'توفير البيانات' });
    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-checked')).toBe('true');
    await context.close();
  });
});
