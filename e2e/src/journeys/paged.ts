import type { BrowserContext, Page } from 'playwright-core';

/** The paged reader's root (features/reading/paged/PagedReader.tsx): its data-* attributes are the DOM contract. */
export const pagedReader = (page: Page) => page.locator('[data-paged-reader]');

/** The 0-based page indexes shown now, in reading order ("3" or "3,4"); null without a paged reader. */
export const shownPages = (page: Page) => pagedReader(page).getAttribute('data-pages');

/** The area that takes taps, swipes and pinches (the reader's stage). */
export const pageArea = (page: Page) => pagedReader(page).locator('> div').first();

/**
 * Marks the tap zones' one-time explanation as seen in this browser (the key of TapHint.tsx), for
 * journeys that are not about it: otherwise it lies over the first page until put away.
 */
export async function skipTapHint(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('paged-tap-hint-seen', '1'));
}

/** Whether the image of page `index` (0-based) on screen has loaded. */
export const pageLoaded = (page: Page, index: number) =>
  pagedReader(page)
    .locator(`img[data-index="${index}"]`)
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

/** The chapter answer's reading and pages, as the public API gives them (with the data saver's lighter pages when asked). */
export async function chapterAnswer(baseUrl: string, chapter: string, dataSaver = false) {
  const response = await fetch(`${baseUrl}/api/v1/comics/chapter_comics/${chapter}/en-us${dataSaver ? '?data_saver=1' : ''}`);
  if (!response.ok) throw new Error(`chapter ${chapter}: HTTP ${response.status}`);
  return (
    (await response.json()) as {
      data: {
        result: { reading: { mode: string; direction: string }; pages: { url: string; spread?: boolean; sources?: { url: string }[] }[] };
      };
    }
  ).data.result;
}

export type BookReading = { direction: 'ltr' | 'rtl'; mode: 'strip' | 'single' | 'double' };

/**
 * Sets a book's reading as the operator does (console API), and waits until the public chapter
 * answer carries it (the change moves the catalogue version). Usable from hooks, where
 * expect.poll is not: the same condition, polled.
 */
export async function setBookReading(
  baseUrl: string,
  send: (method: string, path: string, token: string, body: unknown) => Promise<unknown>,
  token: string,
  book: string,
  chapter: string,
  reading: BookReading,
): Promise<void> {
  await send('PATCH', `/admin/books/${book}/reading`, token, reading);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { direction, mode } = (await chapterAnswer(baseUrl, chapter)).reading;
    if (direction === reading.direction && mode === reading.mode) return;
    if (Date.now() > deadline) throw new Error(`the chapter answer still says ${direction} ${mode}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
