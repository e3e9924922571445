import type { Page } from 'playwright-core';

/** The reading screen, by roles and the en-us texts of reader.json. */
export function readingScreen(page: Page) {
  const bottomBar = page.getByRole('navigation', { name: 'Chapter navigation' });
  const topBar = page.getByRole('banner');
  const main = page.getByRole('main');
  return {
    topBar,
    bottomBar,
    main,
    chapterTitle: page.getByRole('heading', { level: 1 }),
    pages: main.getByRole('img', { name: /^Page \d+ of \d+$/ }),
    back: topBar.getByRole('link', { name: 'Back to the chapter list' }),
    previous: bottomBar.getByRole('button', { name: 'Previous chapter' }),
    next: bottomBar.getByRole('button', { name: 'Next chapter' }),
    topPrevious: topBar.getByRole('button', { name: 'Previous chapter' }),
    topNext: topBar.getByRole('button', { name: 'Next chapter' }),
    like: bottomBar.getByRole('button', { name: /^Like\b/ }),
    liked: bottomBar.getByText('Liked', { exact: true }),
    notice: page.getByRole('region', { name: /only open to members|membership has expired/ }),
  };
}

/** Width, height attributes and the box each page image takes on screen, loaded or not. */
export function pageBoxes(page: Page) {
  return page.getByRole('main').evaluate((main) =>
    [...main.querySelectorAll('img')].map((img) => ({
      width: Number(img.getAttribute('width')),
      height: Number(img.getAttribute('height')),
      boxWidth: img.getBoundingClientRect().width,
      boxHeight: img.getBoundingClientRect().height,
      loaded: img.complete && img.naturalWidth > 0,
    })),
  );
}

/** Sums layout shifts (as cumulative layout shift does, without session windows: an upper bound). */
export async function recordLayoutShift(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const store = window as unknown as { __shift: number };
    store.__shift = 0;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) store.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

/**
 * A one-finger horizontal swipe over the pages, as real touch events (Chromium's input domain),
 * so the app's touchstart/touchend handlers see it exactly as on a phone. Needs a touch context.
 */
export async function swipe(page: Page, dx: number, dy = 0): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const { width, height } = page.viewportSize() ?? { width: 390, height: 844 };
  const start = { x: Math.round(width / 2 - dx / 2), y: Math.round(height / 2) };
  const point = (x: number, y: number) => [{ x, y, id: 1, radiusX: 1, radiusY: 1, force: 1 }];
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(start.x, start.y) });
  for (let step = 1; step <= 5; step++) {
    await session.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(start.x + (dx * step) / 5, start.y + (dy * step) / 5),
    });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}
