import type { Browser, Page } from 'playwright-core';

/**
 * Page-turn latency of the paged reader, against its DOM contract (docs/READER-JOURNEY.md
 * "Reading modes"; `[data-paged-reader]` with data-mode, data-direction and data-pages, each shown
 * page an `img[data-index]`), as the browser itself measures an interaction: the keydown's Event
 * Timing entry (the measure behind Interaction to Next Paint), whose duration runs from the key
 * press to the moment the next frame after the app's handlers is presented on screen.
 *
 * The browser rounds that duration to a multiple of 8 ms and reports only entries of 16 ms or more:
 * a turn with no entry once the page has turned and ten frames have passed took under 16 ms. Each
 * turn is taken once the next page's image is loaded in the reader (preloaded), and counts only if
 * the image shown after it is that very element, complete: the frame measured is the one that
 * shows the page, not a frame still waiting for it.
 *
 * An earlier version timed the keydown to a requestAnimationFrame after `img.decode()` on the shown
 * page; that decode is the bench's own work (a decode at the image's full size, answered only after
 * the next commit), not the reader's, and added a frame and 15–30 ms to every turn.
 */

/** A desktop browser: the keys are the desktop way to turn. */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
/** How long each page is looked at before the next key (a fast reader spends seconds on a page). */
export const READING_PAUSE_MS = 600;
/** How long the reader may take to appear, a page to be preloaded, or a turn to be painted, before the run is called failed. */
const WAIT_MS = 20_000;

export interface TurnRun {
  /** Each keydown's Event Timing duration in ms (a multiple of 8); 0 when under 16 ms (no entry). */
  turns: number[];
  direction: 'ltr' | 'rtl';
}

/** The browser's threshold: an interaction shorter than this has no Event Timing entry. */
export const EVENT_TIMING_THRESHOLD_MS = 16;

/** Why the turns could not be measured: this build has no paged reader, or it did not show the single-page mode. */
export class NoPagedReader extends Error {}

interface BenchWindow {
  /** The durations of the keydown entries seen so far, in order. */
  __benchKeydowns: number[];
}

/**
 * Opens the chapter (a book in single page mode), then `turns` times: waits until the next page's
 * image has been fetched (the reader's preloading), presses the next-page key and measures the turn.
 * `imagePaths` are the chapter's page URL paths in reading order (the chapter answer's `images`).
 */
export async function measurePageTurns(browser: Browser, url: string, imagePaths: readonly string[], turns: number): Promise<TurnRun> {
  const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, locale: 'en-US' });
  try {
    await context.addInitScript((threshold) => {
      const state = window as unknown as BenchWindow;
      state.__benchKeydowns = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'keydown') state.__benchKeydowns.push(entry.duration);
      }).observe({ type: 'event', durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
      // A chapter's pages and the app's own files must all stay listed for the "preloaded" check.
      performance.setResourceTimingBufferSize(5_000);
    }, EVENT_TIMING_THRESHOLD_MS);
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
      const seen = await page.evaluate(() => (window as unknown as BenchWindow).__benchKeydowns.length);
      const path = new URL(imagePaths[next]!, 'http://x').pathname;
      await page.waitForFunction(keptImageReady, { next, path }, { timeout: WAIT_MS });
      // A reader looks at a page before turning it: meanwhile the browser finishes what the last
      // turn started (the newly kept view's image, decoded and drawn by the raster threads, which
      // share this machine's two cores with the turn). Without it the bench measures key presses
      // as fast as a script can send them, each competing with the one before.
      await page.waitForTimeout(READING_PAUSE_MS);
      await page.keyboard.press(nextKey);
      measured.push(await page.evaluate(turnDuration, { before: shown.join(','), next, seen, limitMs: WAIT_MS }));
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
 * In the page: the next page's image is in the reader, loaded, in a view kept under the shown one
 * (a kept view's image has no data-index); remembered, to check that the turn shows this element.
 */
function keptImageReady({ next, path }: { next: number; path: string }): boolean {
  const state = window as unknown as { __benchNext?: Map<number, HTMLImageElement> };
  state.__benchNext ??= new Map();
  const root = document.querySelector('[data-paged-reader]');
  const images = [...(root?.querySelectorAll<HTMLImageElement>('img:not([data-index])') ?? [])];
  const image = images.find((candidate) => new URL(candidate.src).pathname === path);
  if (!image || !image.complete || image.naturalWidth === 0) return false;
  state.__benchNext.set(next, image);
  return true;
}

/**
 * In the page, after the key: waits until data-pages has changed and the shown page is the kept
 * image, complete; then for the keydown's Event Timing entry, or ten frames without one (under
 * 16 ms). Answers the entry's duration, or 0.
 */
function turnDuration({ before, next, seen, limitMs }: { before: string; next: number; seen: number; limitMs: number }): Promise<number> {
  const state = window as unknown as BenchWindow & { __benchNext: Map<number, HTMLImageElement> };
  const deadline = performance.now() + limitMs;
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  return (async () => {
    for (;;) {
      const root = document.querySelector('[data-paged-reader]');
      const pages = root?.getAttribute('data-pages') ?? null;
      const shown = root?.querySelector<HTMLImageElement>(`img[data-index="${next}"]`) ?? null;
      if (pages !== null && pages !== before && shown) {
        if (shown !== state.__benchNext.get(next)) throw new Error(`page ${next} was shown by a new image, not the one kept ahead`);
        if (!shown.complete || shown.naturalWidth === 0) throw new Error(`page ${next} was shown before its image had loaded`);
        break;
      }
      if (performance.now() > deadline) throw new Error(`data-pages stayed "${before}" for ${limitMs} ms after the key`);
      await frame();
    }
    for (let frames = 0; frames < 10 && state.__benchKeydowns.length <= seen; frames += 1) await frame();
    // The entry of a long turn may come a little after its frame: wait for it while frames pass.
    if (state.__benchKeydowns.length > seen + 1) throw new Error('more than one keydown entry for one key press');
    return state.__benchKeydowns[seen] ?? 0;
  })();
}
