import type { Page } from 'playwright-core';
import { waitForInteractive } from './session.js';

/** The chapter list screen (`/book/chapters/:id`), by roles and the en-us texts of chapters.json. */
export function chapterList(page: Page) {
  const section = page.getByRole('region', { name: 'Chapters' });
  const cards = section.locator('ol > li');
  return {
    section,
    cards,
    /** Chapter numbers of the shown cards, in order (each card's text starts with "Ch. N"). */
    numbers: async () =>
      (await cards.getByRole('link').allTextContents()).map((text) => Number(/^Ch\. (\d+)/.exec(text)?.[1] ?? Number.NaN)),
    sort: (label: 'Newest first' | 'Oldest first') => section.getByRole('button', { name: label }),
    jump: section.getByLabel('Jump to'),
    toggle: (label: 'More' | 'Collapse') => section.getByRole('button', { name: label, exact: true }),
    allLoaded: section.getByText('All loaded', { exact: true }),
    async ready(): Promise<void> {
      await cards.first().waitFor();
      await waitForInteractive(page);
    },
  };
}
