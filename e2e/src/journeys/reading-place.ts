import type { Page } from 'playwright-core';

export interface Place {
  /** The page at the top of the screen and how far down it the top of the screen is (0–1). */
  index: number;
  offset: number;
}

/** Where the reader is, measured as the app measures it (reading-position.ts): the page crossing the top of the screen. */
export function placeOnScreen(page: Page): Promise<Place | null> {
  return page.evaluate(() => {
    for (const image of document.querySelectorAll<HTMLElement>('main img[data-index]')) {
      const box = image.getBoundingClientRect();
      if (box.bottom > 0) return { index: Number(image.dataset.index), offset: box.height > 0 ? -box.top / box.height : 0 };
    }
    return null;
  });
}

/** Scrolls whichever element scrolls (the window, or the reader itself in fullscreen) to a page and a point in it. */
export async function scrollToPlace(page: Page, place: Place): Promise<void> {
  await page.evaluate(({ index, offset }) => {
    const image = document.querySelector<HTMLElement>(`main img[data-index="${index}"]`);
    if (!image) throw new Error(`no page ${index}`);
    const box = image.getBoundingClientRect();
    window.scrollBy(0, box.top + offset * box.height);
  }, place);
}

/** The same place within a few pixels' worth of a page. */
export const isSamePlace = (a: Place | null, b: Place | null) => !!a && !!b && a.index === b.index && Math.abs(a.offset - b.offset) < 0.03;

/** The place once scrolling (a smooth Page Down, say) has come to rest: two equal readings in a row. */
export async function settledPlace(page: Page): Promise<Place | null> {
  let previous = await placeOnScreen(page);
  for (let i = 0; i < 50; i += 1) {
    await page.waitForTimeout(100);
    const current = await placeOnScreen(page);
    if (current && previous && current.index === previous.index && current.offset === previous.offset) return current;
    previous = current;
  }
  return previous;
}
