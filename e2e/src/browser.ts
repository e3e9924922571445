import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's Chromium (apt-get install chromium); test tools that download their own browser cannot run here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * The one browser a test file's journeys share: this call, at the top of the file, launches it
 * before the file's tests and closes it after them. The function it returns gives that browser.
 */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll: use it in tests and hooks');
    return browser;
  };
}

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;
export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

/** A fresh browser profile in one language (stored the way the app stores it). */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: {
    language?: string;
    device?: typeof PHONE | typeof DESKTOP;
    timezoneId?: string;
    /**
     * The site registers its service worker for every visitor once a page is idle (issue 47); each
     * journey's fresh profile would then download the offline shell beside its own requests. Only
     * the journeys about the worker (offline reading, installability) let it run.
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    ...(options.device ?? DESKTOP),
    locale: 'en-US',
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  if (options.language) {
    await context.addInitScript((language) => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', language);
    }, options.language);
  }
  return context;
}
