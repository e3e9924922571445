import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { eventually, openSession } from '../src/journeys/session.js';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/** The book list's filters beyond kind and tag: folded away, in the URL, and narrowing the grid. */
describe('book list filters', () => {
  for (const [language, device] of [
    ['en-us', DESKTOP],
    ['ar-sa', PHONE],
  ] as const) {
    it(`narrows the list by status and free chapters, says how many filters are in use, and clears them (${language})`, async () => {
      const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device });
      await page.goto(`/?lang=${language}`);
      const cards = page.locator('main [aria-labelledby="book-list-heading"] a[href^="/book/chapters/"]');
      await eventually(() => cards.count()).toBeGreaterThan(0);
      const all = await cards.count();

      const filters = page.locator('main details');
      await filters.locator('summary').click();
      // Clicks, not check(): the inputs follow the address, which the click changes a moment later.
      await filters.locator('input[name="status"][value="completed"]').click();
      await eventually(() => new URL(page.url()).searchParams.get('status')).toBe('completed');
      await filters.locator('input[type="checkbox"]').first().click(); // free chapters only
      await eventually(() => new URL(page.url()).searchParams.get('free')).toBe('1');
      // The grid shows what the API lists for these filters (fewer than one page in the demo catalogue).
      const answer = await fetch(
        `${baseUrl}/api/v1/comics/book/search?language=${language}&page=0&page_size=50&status=completed&has_free=true`,
      );
      const { total } = ((await answer.json()) as { data: { total: number } }).data;
      expect(total).toBeLessThan(all);
      await eventually(() => cards.count()).toBe(total);
      expect(await filters.locator('summary').textContent()).toMatch(/\(2\)|（2）|2/);
      expect(await seriousViolations(page)).toEqual([]);

      // Clearing puts every book back (a phone may then load more pages as the list grows under it).
      await filters.getByRole('button').click();
      await eventually(() => cards.count()).toBeGreaterThanOrEqual(all);
      expect(new URL(page.url()).searchParams.has('status')).toBe(false);
      expect(new URL(page.url()).searchParams.has('free')).toBe(false);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
