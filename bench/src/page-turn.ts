import type { Browser, Page } from 'playwright-core';

/**
 * Page-turn latency of the paged reader, against its DOM contract (docs/READER-JOURNEY.md
 * "Reading modes"; `[data-paged-reader]` with data-mode, data-direction and data-pages, each shown
 * page an `img[data-index]`): from the keydown, taken with performance.now() in the page by a
 * capture listener on window (it runs before any of the app's own), to the frame in which the new
 * page is painted: data-pages has changed, every shown img is complete and decoded, then the next
 * requestAnimationFrame callback.
 */

/** A desktop browser: the keys are the desktop way to turn. */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
/** How long the reader may take to appear, a page to be preloaded, or a turn to be painted, before the run is called failed. */
const WAIT_MS = 20_000;

export interface TurnRun {
  /** Milliseconds from each keydown to the frame that shows the next page. */
  turns: number[];
  direction: 'ltr' | 'rtl';
}

/** Why the turns could not be measured: this build has no paged reader, or it did not show the single-page mode. */
export class NoPagedReader extends Error {}

interface BenchWindow {
  __benchKeydown: number;
  __benchTurn: Promise<number>;
}

/**
 * Opens the chapter (a book in single page mode), then `turns` times: waits until the next page's
 * image has been fetched (the reader's preloading), presses the next-page key and measures the turn.
 * `imagePaths` are the chapter's page URL paths in reading order (the chapter answer's `images`).
 */
export async function measurePageTurns(browser: Browser, url: string, imagePaths: readonly string[], turns: number): Promise<TurnRun> {
  const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, locale: 'en-US' });
  try {
    await context.addInitScript(() => {
      const state = window as unknown as BenchWindow;
      state.__benchKeydown = 0;
      window.addEventListener('keydown', () => (state.__benchKeydown = performance.now()), { capture: true });
      // A chapter's pages and the app's own files must all stay listed for the "preloaded" check.
      performance.setResourceTimingBufferSize(5_000);
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const reader = await page.waitForSelector('[data-paged-reader][data-mode="single"]', { timeout: WAIT_MS }).catch(() => null);
    if (!reader) throw new NoPagedReader('no [data-paged-reader][data-mode="single"] appeared: this build has no paged reader');
    const direction = (await reader.getAttribute('data-direction')) === 'rtl' ? 'rtl' : 'ltr';
    // The DOM contract's next-page arrow: the left one in a right-to-left book.
    const nextKey = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const measured: number[] = [];
    for (let turn = 0; turn < turns; turn += 1) {
      const shown = await shownPages(page);
      const next = Math.max(...shown) + 1;
      if (next >= imagePaths.length) throw new Error(`page ${next} is past the chapter's ${imagePaths.length} pages`);
      await waitUntilFetched(page, imagePaths[next]!);
      await page.evaluate(armTurn, WAIT_MS);
      await page.keyboard.press(nextKey);
      measured.push(await page.evaluate(() => (window as unknown as BenchWindow).__benchTurn));
    }
    return { turns: measured, direction };
  } finally {
    await context.close();
  }
}

async function shownPages(page: Page): Promise<number[]> {
  const value = await page.getAttribute('[data-paged-reader]', 'data-pages');
  const pages = (value ?? '').split(',').filter(Boolean).map(Number);
  if (pages.length === 0 || pages.some((index) => !Number.isInteger(index))) throw new Error(`data-pages is "${value}", not page indexes`);
  return pages;
}

/** The reader's preloading has fetched the page: its URL is in the page's resource timing (the query string aside). */
async function waitUntilFetched(page: Page, imagePath: string): Promise<void> {
  const wanted = new URL(imagePath, 'http://x').pathname;
  await page.waitForFunction(
    (pathname) =>
      performance
        .getEntriesByType('resource')
        .some((entry) => new URL(entry.name).pathname === pathname && (entry as PerformanceResourceTiming).responseEnd > 0),
    wanted,
    { timeout: WAIT_MS },
  );
}

/**
 * Runs in the page before the key is pressed: `__benchTurn` settles with the milliseconds from the
 * keydown to the frame after the new pages' images are decoded. Watches the whole body, so a
 * reader that re-renders its root still counts.
 */
function armTurn(limitMs: number): void {
  const state = window as unknown as BenchWindow;
  const before = document.querySelector('[data-paged-reader]')?.getAttribute('data-pages') ?? null;
  state.__benchKeydown = 0;
  state.__benchTurn = new Promise<number>((resolve, reject) => {
    // A guard against a turn that never happens, so the bench fails with a reason instead of hanging.
    const guard = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`data-pages stayed "${before}" for ${limitMs} ms after the key`));
    }, limitMs);
    const shownImages = (): HTMLImageElement[] | null => {
      const root = document.querySelector('[data-paged-reader]');
      const pages = root?.getAttribute('data-pages') ?? null;
      if (!root || pages === null || pages === before) return null;
      const images = pages.split(',').map((index) => root.querySelector<HTMLImageElement>(`img[data-index="${index}"]`));
      return images.every((image) => image !== null) ? (images as HTMLImageElement[]) : null;
    };
    const loaded = (image: HTMLImageElement) =>
      image.complete
        ? Promise.resolve()
        : new Promise<void>((done, failed) => {
            image.addEventListener('load', () => done(), { once: true });
            image.addEventListener('error', () => failed(new Error(`page image ${image.src} failed to load`)), { once: true });
          });
    const settle = (images: HTMLImageElement[]) => {
      observer.disconnect();
      Promise.all(images.map((image) => loaded(image).then(() => image.decode())))
        .then(() =>
          requestAnimationFrame(() => {
            clearTimeout(guard);
            if (state.__benchKeydown === 0) reject(new Error('the page turned without a keydown reaching window'));
            else resolve(performance.now() - state.__benchKeydown);
          }),
        )
        .catch((error: unknown) => {
          clearTimeout(guard);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
    };
    const observer = new MutationObserver(() => {
      const images = shownImages();
      if (images) settle(images);
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-pages', 'data-index', 'src'],
    });
  });
}
