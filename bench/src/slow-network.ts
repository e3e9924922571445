import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

/**
 * A newcomer on a slow phone connection: Chromium with its network emulated at 400 kbit/s each
 * way and a 400 ms round trip (the "slow 3G"; the browser then reports an effective type
 * of 3G, as a phone on such a link does), a phone viewport, an empty cache, a fresh context each
 * run. Times are from the start of navigation until an element is first in a frame the browser
 * paints (a requestAnimationFrame check, which render-blocking CSS holds back as it holds back the
 * paint).
 */
export const SLOW_3G = { latencyMs: 400, kbitPerSecond: 400 };
/** Bytes per second of SLOW_3G. */
export const SLOW_3G_BYTES_PER_SECOND = (SLOW_3G.kbitPerSecond * 1000) / 8;

export interface PageRun {
  firstContentMs: number;
  interactiveMs: number;
  /** Bytes on the wire (headers and bodies) of the responses that finished before the take-over. */
  bytesBeforeInteractive: number;
  /** Requests those bytes came in. */
  requestsBeforeInteractive: number;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Watches, from the first script the page runs, when each selector is first in a painted frame. */
function watchSelectors(context: BrowserContext, selectors: Record<string, string>) {
  return context.addInitScript((watched: Record<string, string>) => {
    const seen: Record<string, number> = {};
    (window as unknown as { __seen: Record<string, number> }).__seen = seen;
    const check = () => {
      for (const [name, selector] of Object.entries(watched)) {
        if (seen[name] !== undefined) continue;
        const element = document.querySelector(selector);
        const isImage = element instanceof HTMLImageElement;
        // An image counts once it has arrived and is decoded, not when its box is laid out.
        if (element && element.getBoundingClientRect().height > 0 && (!isImage || (element.complete && element.naturalWidth > 0)))
          seen[name] = performance.now();
      }
      if (Object.keys(seen).length < Object.keys(watched).length) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, selectors);
}

const seenAt = (page: Page, name: string): Promise<number> =>
  page.evaluate((key) => (window as unknown as { __seen: Record<string, number> }).__seen[key] ?? Number.NaN, name);

/** A phone context on slow 3G with an empty cache; the data saver on when asked. */
async function slowPhone(browser: Browser, dataSaver: boolean) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_3G.latencyMs,
    downloadThroughput: SLOW_3G_BYTES_PER_SECOND,
    uploadThroughput: SLOW_3G_BYTES_PER_SECOND,
  });
  if (dataSaver) await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  return { context, page, cdp };
}

/** Every response's bytes on the wire and when it finished (ms on the page's clock). */
function recordTransfers(cdp: CDPSession) {
  const finished: { atMs: number; bytes: number }[] = [];
  // CDP timestamps are seconds on the browser's monotonic clock; the navigation's start anchors them.
  let origin: number | null = null;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (origin === null && event.type === 'Document') origin = event.timestamp;
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (origin !== null) finished.push({ atMs: (event.timestamp - origin) * 1000, bytes: event.encodedDataLength });
  });
  return finished;
}

const launch = (chromiumPath: string) =>
  chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });

/** First content and take-over of one page on slow 3G, `runs` times. */
export async function pageOnSlowNetwork(
  chromiumPath: string,
  url: string,
  firstContent: string,
  runs = 3,
  dataSaver = false,
): Promise<PageRun[]> {
  const browser = await launch(chromiumPath);
  const results: PageRun[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const { context, page, cdp } = await slowPhone(browser, dataSaver);
      await watchSelectors(context, { first: firstContent, interactive: 'html[data-interactive]' });
      const transfers = recordTransfers(cdp);
      await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
      await page.waitForFunction(() => Object.keys((window as unknown as { __seen: object }).__seen).length === 2, null, {
        timeout: 60_000,
        polling: 100,
      });
      const interactiveMs = await seenAt(page, 'interactive');
      const before = transfers.filter((transfer) => transfer.atMs <= interactiveMs);
      results.push({
        firstContentMs: await seenAt(page, 'first'),
        interactiveMs,
        bytesBeforeInteractive: before.reduce((sum, transfer) => sum + transfer.bytes, 0),
        requestsBeforeInteractive: before.length,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

export interface ReaderRun {
  firstPageMs: number;
  interactiveMs: number;
  /** From the tap on "next chapter" until that chapter's first page is on screen, ms. */
  nextChapterMs: number;
  /** Bytes of page images the chapter view received before the tap (its own and any prefetched). */
  imageBytesBeforeNext: number;
}

/**
 * A reader on slow 3G: opens a free chapter, reads it to the end (scrolling as a reader does,
 * then staying until the connection has been idle for two seconds, as it is while a page is read),
 * and taps "next chapter".
 */
export async function readerOnSlowNetwork(chromiumPath: string, url: string, runs = 3, dataSaver = false): Promise<ReaderRun[]> {
  const browser = await launch(chromiumPath);
  const results: ReaderRun[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const { context, page, cdp } = await slowPhone(browser, dataSaver);
      await watchSelectors(context, { first: 'main img[data-index="0"]', interactive: 'html[data-interactive]' });
      let inFlight = 0;
      let lastActivity = Date.now();
      let imageBytes = 0;
      const images = new Set<string>();
      cdp.on('Network.requestWillBeSent', (event) => {
        inFlight += 1;
        lastActivity = Date.now();
        if (event.type === 'Image') images.add(event.requestId);
      });
      const settle = () => {
        inFlight = Math.max(0, inFlight - 1);
        lastActivity = Date.now();
      };
      cdp.on('Network.loadingFinished', (event) => {
        if (images.has(event.requestId)) imageBytes += event.encodedDataLength;
        settle();
      });
      cdp.on('Network.loadingFailed', settle);
      await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
      await page.waitForFunction(() => Object.keys((window as unknown as { __seen: object }).__seen).length === 2, null, {
        timeout: 60_000,
        polling: 100,
      });
      const firstPageMs = await seenAt(page, 'first');
      const interactiveMs = await seenAt(page, 'interactive');
      // Read to the end of the chapter, then stay until the line has been quiet for 2 s.
      const end = page.locator('section[aria-labelledby="chapter-end-title"]');
      for (let step = 0; step < 60 && !(await end.isVisible()); step++) {
        await page.mouse.wheel(0, 700);
        await page.waitForTimeout(250);
      }
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < 2_000)) await page.waitForTimeout(200);
      const imageBytesBeforeNext = imageBytes;

      const title = await page.locator('h1').first().textContent();
      const tapped = await page.evaluate(() => performance.now());
      await page.getByRole('navigation', { name: 'Chapter navigation' }).getByRole('button', { name: 'Next chapter' }).click();
      await page.waitForFunction((before) => document.querySelector('h1')?.textContent !== before, title, { timeout: 60_000, polling: 50 });
      const shownAt = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const check = () => {
              const image = document.querySelector<HTMLImageElement>('main img[data-index="0"]');
              if (image && image.complete && image.naturalWidth > 0) resolve(performance.now());
              else requestAnimationFrame(check);
            };
            check();
          }),
      );
      results.push({ firstPageMs, interactiveMs, nextChapterMs: shownAt - tapped, imageBytesBeforeNext });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
