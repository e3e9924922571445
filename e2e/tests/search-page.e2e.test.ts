import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { eventually, openSession } from '../src/journeys/session.js';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** "the" is in most demo titles: more than one page of results (10 a page). */
const COMMON = 'the';
const CARDS = 'main ul a[href^="/book/chapters/"]';

async function apiTotal(query: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/api/v1/comics/book/search?language=en-us&page=0&page_size=1&${query}`);
  return ((await answer.json()) as { data: { total: number } }).data.total;
}

const titles = (page: Page) => page.locator(CARDS).allTextContents();

/** The search results page, `/search?q=` (issue 30). */
describe('search results page', () => {
  it('works without JavaScript: results with the matched words marked, a Next page link, filters by GET, a new query', async () => {
    const context = await browser().newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'en-US', ...DESKTOP });
    const page = await context.newPage();
    await page.goto(`/search?q=${COMMON}&lang=en-us`);
    expect(await page.locator('h1').textContent()).toContain(COMMON);
    const total = await apiTotal(`q=${COMMON}`);
    expect(total).toBeGreaterThan(10);
    expect(await page.locator('main').getByRole('status').first().textContent()).toContain(String(total));
    const first = await titles(page);
    expect(first).toHaveLength(10);
    // Each title's match is marked, as text.
    const marks = await page.locator(`${CARDS} mark`).allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.toLowerCase()).toBe(COMMON);

    // The plain link the server renders leads to the next page of the same search.
    await page.locator('a[rel="next"]').click();
    await page.waitForURL(/page=2/);
    const second = await titles(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((title) => first.includes(title))).toBe(false);
    expect(await page.locator('a[rel="prev"]').count()).toBe(1);

    // A filter is applied by sending the form (a GET with the URL's parameter names), from page 1.
    await page.locator('main details summary').click();
    await page.locator('input[name="status"][value="completed"]').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=completed/);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe(COMMON);
    expect(url.searchParams.has('page')).toBe(false);
    const filtered = await apiTotal(`q=${COMMON}&status=completed`);
    expect(filtered).toBeLessThan(total);
    expect(await page.locator(CARDS).count()).toBe(Math.min(filtered, 10));
    expect(await page.locator('input[name="status"][value="completed"]').isChecked()).toBe(true);

    // One search box here (issue 40): the page's, not the header's too; a new query is sent from it.
    expect(await page.locator('#header-search').isVisible()).toBe(false);
    await page.locator('#search-page-q').fill('storm');
    await page.locator('#search-page-q').press('Enter');
    await page.waitForURL(/\/search\?q=storm/);
    // The page's filters go with the new query (they are the same form).
    expect(new URL(page.url()).searchParams.get('status')).toBe('completed');
    expect(await page.locator(CARDS).count()).toBe(Math.min(await apiTotal('q=storm&status=completed'), 10));
    await context.close();
  });

  for (const [language, device] of [
    ['en-us', DESKTOP],
    ['ar-sa', PHONE],
  ] as const) {
    it(`loads more results as the reader scrolls, with nothing to fix for axe (${language})`, async () => {
      const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device });
      await page.goto(`/search?q=${COMMON}&lang=${language}`);
      await eventually(() => page.locator(CARDS).count()).toBe(10);
      // Once the app runs, scrolling replaces the Next page link.
      expect(await page.locator('a[rel="next"]').count()).toBe(0);
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar-sa' ? 'rtl' : 'ltr');
      const total = await apiTotal(`q=${COMMON}`);
      await eventually(async () => {
        await page.mouse.wheel(0, 4000);
        return page.locator(CARDS).count();
      }).toBe(total);
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  it('is indexable with results and noindex without, and offers a corrected query that finds books', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language: 'en-us' });
    const robots = page.locator('meta[name="robots"]');
    await page.goto(`/search?q=${COMMON}`);
    expect(await robots.count()).toBe(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/search\?q=the$/);

    await page.goto('/search?q=zzzzqqq');
    expect(await robots.getAttribute('content')).toBe('noindex');
    expect(await page.locator(CARDS).count()).toBe(0);

    // "stroom" is two edits from "storm": more than the search forgives, so nothing is found.
    await page.goto('/search?q=stroom');
    expect(await robots.getAttribute('content')).toBe('noindex');
    const suggestion = page.getByRole('link', { name: 'storm', exact: true });
    await suggestion.click();
    await page.waitForURL(/\/search\?q=storm$/);
    await eventually(() => page.locator(CARDS).count()).toBeGreaterThan(0);
    expect(await page.locator(`${CARDS} mark`).first().textContent()).toBe('Storm');
    expect(await page.locator('#search-page-q').inputValue()).toBe('storm');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
