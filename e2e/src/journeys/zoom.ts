import type { Page } from 'playwright-core';

/**
 * A two-finger pinch as real touch events (Chromium's input domain, like `swipe` in
 * reading-screen.ts): both fingers land `fromDistance` px apart, level about `centre`, and move
 * apart (or together) to `toDistance` in ten steps before lifting. The browser's gesture handling
 * and touch-action apply as on a phone: in the reader, the zoom surface gets the pinch as pointer
 * events; on an element that allows it, the browser would zoom the whole page instead. Needs a
 * touch context (PHONE in browser.ts).
 */
export async function pinch(page: Page, centre: { x: number; y: number }, fromDistance: number, toDistance: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const fingers = (distance: number) =>
    [-1, 1].map((side, index) => ({
      x: centre.x + (side * distance) / 2,
      y: centre.y,
      id: index + 1,
      radiusX: 1,
      radiusY: 1,
      force: 1,
    }));
  // Each event lists every finger down: the first lands both, each move moves both.
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(fromDistance) });
  for (let step = 1; step <= 10; step++) {
    await session.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: fingers(fromDistance + ((toDistance - fromDistance) * step) / 10),
    });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}
