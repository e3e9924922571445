import type { Locator, Page } from 'playwright-core';
import { waitForInteractive } from './session.js';

/** The book list screen (`/`), found by roles and the en-us texts of apps/web/src/i18n/locales/en-us/books.json. */
export function bookList(page: Page) {
  // The grid is named by the list heading: "All books", or the selected genre.
  const grid = page.locator('ul[aria-labelledby="book-list-heading"]');
  const recommended = page.getByRole('region', { name: 'Recommended for you' });
  const tags = page.getByRole('group', { name: 'Genres' });
  return {
    grid,
    recommended,
    tags,
    /** Titles of the loaded cards of the grid, in order. */
    gridTitles: () => grid.getByRole('heading', { level: 3 }).allTextContents(),
    recommendedTitles: () => recommended.getByRole('heading', { level: 3 }).allTextContents(),
    tag: (label: string) => tags.getByRole('button', { name: label, exact: true }),
    sort: (label: 'Latest updates' | 'Most popular') => page.getByRole('radio', { name: label }),
    allLoaded: page.getByText('All loaded', { exact: true }),
    /** Waits until the first page of cards is on screen. */
    async ready(): Promise<void> {
      await grid.getByRole('heading', { level: 3 }).first().waitFor();
      await waitForInteractive(page);
    },
  };
}

/** Scrolls to the bottom until `done` shows (infinite scroll), at most `rounds` times. */
export async function scrollUntilVisible(page: Page, done: Locator, rounds = 30): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    if (await done.isVisible()) return;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
  await done.waitFor({ state: 'visible', timeout: 5_000 });
}
