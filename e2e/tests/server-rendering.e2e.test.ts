import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { DEMO_MEMBER, eventually, pathOf, storeSessionViaApi } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
/** The pages, with the API call whose answer each one carries (the browser must not ask it again). */
let pages: { name: string; path: string; ownCall: RegExp }[];
/** The demo book's title in each interface language (the Arabic interface shows its Arabic title). */
const titles: Record<string, string> = {};

beforeAll(async () => {
  const book = await bookUuid(baseUrl, 'The Storm Gate');
  const chapter = await chapterUuid(baseUrl, book, 1);
  for (const language of ['en-us', 'ar-sa']) {
    const response = await fetch(`${baseUrl}/api/v1/comics/chapters/${book}/${language}/asc/0/10`);
    titles[language] = ((await response.json()) as { data: { result: { book_title: string } } }).data.result.book_title;
  }
  pages = [
    { name: 'book list', path: '/', ownCall: /\/comics\/book\/search|\/comics\/book\/recommendation|\/reader\/book\/tags/ },
    { name: 'chapter list', path: `/book/chapters/${book}`, ownCall: new RegExp(`/comics/chapters/${book}/`) },
    { name: 'free chapter', path: `/reader/book/chapter/${book}/${chapter}/1`, ownCall: new RegExp(`/comics/chapter_comics/${chapter}/`) },
  ];
});

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Console errors and warnings (React reports hydration mismatches there) and uncaught errors. */
  problems: string[];
  apiCalls: string[];
}

async function watchedPage(locale: string): Promise<Watched> {
  const context = await browser().newContext({ baseURL: baseUrl, ...PHONE, locale });
  context.setDefaultTimeout(10_000);
  // Layout shifts from the first paint on, as Lighthouse counts them (not those right after input).
  await context.addInitScript(() => {
    const state = window as unknown as { layoutShift: number };
    state.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    if (request.url().includes('/api/')) apiCalls.push(request.url());
  });
  return { context, page, problems, apiCalls };
}

/**
 * React has taken the server's markup over down to the page's main content: hydration attaches its
 * fiber to each server-rendered element it claims (the screens' lazy parts are claimed once their code arrived).
 */
function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const deepest = document.querySelector('main h1, main h2, main img, #root h2');
    return deepest !== null && Object.keys(deepest).some((key) => key.startsWith('__reactFiber$'));
  });
}

describe.each([
  { locale: 'en-US', language: 'en-us', lang: 'en-US', dir: 'ltr', listHeading: 'All books' },
  { locale: 'ar-SA', language: 'ar-sa', lang: 'ar-SA', dir: 'rtl', listHeading: 'جميع الأعمال' },
])('server-rendered pages in $lang', ({ locale, language, lang, dir, listHeading }) => {
  it('arrive rendered in the right language and direction, and are taken over without a mismatch, a shift or a second fetch', async () => {
    for (const { name, path, ownCall } of pages) {
      const { context, page, problems, apiCalls } = await watchedPage(locale);
      const response = await page.goto(path, { waitUntil: 'load' });
      // The markup as it arrived: already the page, in its language.
      const served = (await response!.text()).replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');
      expect(served, name).toContain(titles[language]);
      expect(await page.locator('html').getAttribute('lang'), name).toBe(lang);
      expect(await page.locator('html').getAttribute('dir'), name).toBe(dir);
      await eventually(() => isHydrated(page)).toBe(true);
      await page.waitForTimeout(800);
      expect(problems, name).toEqual([]);
      // Its own data came with it (the reader may still fetch the next chapter ahead: another call).
      expect(
        apiCalls.filter((url) => ownCall.test(url)),
        name,
      ).toEqual([]);
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      expect(shift, name).toBeLessThan(0.01);
      if (name === 'book list') expect(served).toContain(listHeading);
      await context.close();
    }
  });
});

describe('a server-rendered page kept for a while', () => {
  it('hydrates with the times it was rendered with, then shows them from the browser’s clock', async () => {
    const { context, page, problems } = await watchedPage('en-US');
    // The browser's clock more than a year past the render: each card's "updated … ago" differs.
    await context.clock.setFixedTime(Date.now() + 400 * 86_400_000);
    const response = await page.goto('/', { waitUntil: 'load' });
    const served = await response!.text();
    expect(served).toMatch(/<time[^>]*>[^<]*(minute|hour|day|week|month|Just posted)/);
    await eventually(() => isHydrated(page)).toBe(true);
    const times = page.locator('ul[aria-labelledby="book-list-heading"] time');
    await eventually(async () => (await times.allTextContents()).every((text) => /year/.test(text))).toBe(true);
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('server-rendered pages for a signed-in member', () => {
  it('are taken over without a mismatch, then show the member (the server rendered for a visitor)', async () => {
    const { context, page, problems } = await watchedPage('en-US');
    await storeSessionViaApi(context, baseUrl, DEMO_MEMBER.username, DEMO_MEMBER.password);
    for (const { path } of pages) {
      await page.goto(path, { waitUntil: 'load' });
      await eventually(() => isHydrated(page)).toBe(true);
    }
    await page.goto('/');
    await page.getByRole('link', { name: DEMO_MEMBER.username }).or(page.getByText(DEMO_MEMBER.username)).first().waitFor();
    // Interactive: a card opens its book without a page load. (The member's "Continue reading" row
    // also links The Storm Gate, to the reading screen, and may show above the cards: a card's link.)
    await page.locator('a[href^="/book/chapters/"]', { hasText: 'The Storm Gate' }).first().click();
    await eventually(() => pathOf(page)).toMatch(/^\/book\/chapters\//);
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the code of a server-rendered page', () => {
  /** When each of the web app's scripts was asked for, and when the page loaded and first painted (ms from navigation). */
  const scriptTiming = (page: Page) =>
    page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        load: navigation.loadEventEnd,
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      };
    });

  it('is fetched once the page has painted, while a private screen fetches it at once', async () => {
    const { context, page, problems } = await watchedPage('en-US');
    for (const { name, path } of pages) {
      await page.goto(path, { waitUntil: 'load' });
      await eventually(() => isHydrated(page)).toBe(true);
      const timing = await scriptTiming(page);
      expect(timing.scripts.length, name).toBeGreaterThan(2);
      // A comic chapter is a picture first: its code waits for its first pages (the load event) as well.
      const after = name === 'free chapter' ? Math.max(timing.firstPaint, timing.load) : timing.firstPaint;
      for (const { path: script, start } of timing.scripts) expect(start, `${name}: ${script}`).toBeGreaterThanOrEqual(after);
    }
    await page.goto('/login', { waitUntil: 'load' });
    const shell = await scriptTiming(page);
    // The entry and the chunks the head preloads hold the load event; a lazy screen may come after it.
    const early = shell.scripts.filter(({ start }) => start < shell.load).map(({ path: script }) => script);
    expect(early.some((script) => /^\/assets\/index-/.test(script))).toBe(true);
    expect(early.some((script) => /^\/assets\/vendor-/.test(script))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('does not wait for the images: a book list whose covers never arrive is taken over', async () => {
    const watched = await watchedPage('en-US');
    const held: (() => Promise<void>)[] = [];
    await watched.page.route('**/media/covers/**', (route) => void held.push(() => route.continue()));
    await watched.page.goto('/', { waitUntil: 'domcontentloaded' });
    await eventually(() => isHydrated(watched.page)).toBe(true);
    // Taken over while every cover it asked for is still on its way.
    expect(held.length).toBeGreaterThan(0);
    expect(
      await watched.page
        .locator('img[src*="/media/covers/"]')
        .evaluateAll((images) => images.some((image) => (image as HTMLImageElement).naturalWidth > 0)),
    ).toBe(false);
    expect(watched.problems).toEqual([]);
    await Promise.all(held.map((release) => release()));
    await watched.context.close();
  });
});

describe('on a connection the browser reports slow or with its data saver on', () => {
  /**
   * A phone page whose browser reports the data saver on (navigator.connection.saveData), and the
   * images it asked for, each placed before or after the app's code (its entry script) had arrived.
   */
  async function dataSaverPage() {
    const watched = await watchedPage('en-US');
    const cdp = await watched.context.newCDPSession(watched.page);
    await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
    // Whether the page was ever held, and whether it was let go, noted as it happens: read after
    // navigation, the mark may already be gone on a fast machine.
    await watched.page.addInitScript(() => {
      const state = window as unknown as { held?: boolean; released?: boolean };
      new MutationObserver(() => {
        const isHeld = document.documentElement.hasAttribute('data-hold-images');
        if (isHeld) state.held = true;
        else if (state.held) state.released = true;
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hold-images'] });
    });
    const holding = () =>
      watched.page.evaluate(() => {
        const state = window as unknown as { held?: boolean; released?: boolean };
        return { held: state.held === true, released: state.released === true };
      });
    const requested = (prefix: string) =>
      watched.page.evaluate((wanted) => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const codeIn = resources.find((entry) => /\/assets\/index-[^/]+\.js$/.test(entry.name))?.responseEnd ?? Infinity;
        return resources
          .filter((entry) => new URL(entry.name).pathname.startsWith(wanted))
          .map((entry) => ({ path: new URL(entry.name).pathname, early: entry.startTime < codeIn }));
      }, prefix);
    return { ...watched, requested, holding };
  }

  it('holds every cover until the app’s code is in, without moving anything', async () => {
    const { context, page, problems, requested, holding } = await dataSaverPage();
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // Held from the start, let go once the app has taken the page over (its mark, a moment after hydration).
    await eventually(() => holding()).toEqual({ held: true, released: true });
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-interactive'))).toBe(true);
    // Once taken over, the covers near the screen come, each in its reserved box.
    await eventually(async () => (await requested('/media/covers/')).length, 10_000).toBeGreaterThan(4);
    expect((await requested('/media/covers/')).filter((cover) => cover.early)).toEqual([]);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.01);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('holds a free chapter’s pages after the first until the app’s code is in, each keeping its box', async () => {
    const { context, page, problems, requested } = await dataSaverPage();
    await page.goto(pages[2]!.path, { waitUntil: 'domcontentloaded' });
    // While held, a page's picture is the page's box (otherwise the picture adds no box and its image is it).
    const heights = await page
      .locator('main picture')
      .evaluateAll((pictures) =>
        pictures
          .slice(0, 3)
          .map(
            (picture) =>
              (getComputedStyle(picture).display === 'contents' ? picture.querySelector('img')! : picture).getBoundingClientRect().height,
          ),
      );
    expect(heights.length).toBe(3);
    expect(heights.every((height) => height > 100)).toBe(true);
    await eventually(() => isHydrated(page)).toBe(true);
    await eventually(async () => (await requested('/media/pages/')).length, 10_000).toBeGreaterThan(1);
    const early = (await requested('/media/pages/')).filter((image) => image.early);
    expect(early, JSON.stringify(early)).toHaveLength(1);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.01);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('holds nothing when the browser reports a fast connection', async () => {
    const { context, page } = await watchedPage('en-US');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hold-images'))).toBe(false);
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('a crawler sees book titles, a book with its introduction and chapter links, and a free chapter’s images', async () => {
    const context = await browser().newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.getByRole('heading', { name: 'The Storm Gate' }).count()).toBeGreaterThan(0);
    await page.goto(pages[1]!.path);
    expect(await page.getByRole('heading', { level: 1, name: 'The Storm Gate' }).count()).toBe(1);
    expect(await page.locator('a[href^="/reader/book/chapter/"]').count()).toBeGreaterThanOrEqual(10);
    await page.goto(pages[2]!.path);
    expect(await page.locator('main img, main picture source').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('a search sent before the app has taken the page over finds the book', async () => {
    const context = await browser().newContext({ baseURL: baseUrl, javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(pages[1]!.path);
    await page.getByRole('searchbox').fill('Storm Gate');
    await page.getByRole('searchbox').press('Enter');
    // The header's form leads to the search page, which the server renders too.
    await page.waitForURL(/\/search\?q=Storm\+Gate$/);
    const list = page.locator('ul[aria-labelledby="search-heading"]');
    expect(await list.getByRole('heading', { name: 'The Storm Gate' }).count()).toBe(1);
    expect(await list.getByRole('heading').count()).toBe(1);
    await context.close();
  });
});
