import { chromium } from 'playwright-core';

/**
 * How soon a newcomer on a slow phone connection sees the page's first content: Chromium with its
 * network emulated at 400 kbit/s each way and a 400 ms round trip (the "slow 3G"), a phone
 * viewport, an empty cache, a fresh connection each run. The time is when the element is first in
 * a frame the browser paints (a requestAnimationFrame check, which render-blocking CSS holds back
 * as it holds back the paint), from the start of navigation.
 */
export const SLOW_3G = { latencyMs: 400, kbitPerSecond: 400 };

export interface FirstContentTiming {
  /** Median of the runs, ms. */
  medianMs: number;
  runsMs: number[];
}

export async function firstContentOnSlowNetwork(
  chromiumPath: string,
  url: string,
  selector: string,
  runs = 3,
): Promise<FirstContentTiming> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const runsMs: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      });
      await context.addInitScript((watched: string) => {
        const state = window as unknown as { __firstContent?: number };
        const check = () => {
          const element = document.querySelector(watched);
          if (element && element.getBoundingClientRect().height > 0) state.__firstContent = performance.now();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }, selector);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const bytesPerSecond = (SLOW_3G.kbitPerSecond * 1000) / 8;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_3G.latencyMs,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: bytesPerSecond,
      });
      await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
      await page.waitForFunction(() => (window as unknown as { __firstContent?: number }).__firstContent !== undefined, null, {
        timeout: 60_000,
        polling: 100,
      });
      runsMs.push(await page.evaluate(() => (window as unknown as { __firstContent: number }).__firstContent));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, runsMs };
}
