import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { bookUuid, chapterUuid, readerPath } from '../src/journeys/catalogue-api.js';
import { readingScreen } from '../src/journeys/reading-screen.js';
import { eventually, openSession, waitForInteractive } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const BOOK = 'The Storm Gate'; // the first 3 chapters free
/** The path of chapter 2's first page as this browser shows it (the first source it supports: AVIF, then WebP). */
let nextFirstPage: string;
/** The same page in the data saver's lighter form. */
let nextFirstPageLighter: string;
let nextChapter: string;

beforeAll(async () => {
  const book = await bookUuid(baseUrl, BOOK);
  nextChapter = await chapterUuid(baseUrl, book, 2);
  const firstPage = async (query: string) => {
    const response = await fetch(`${baseUrl}/api/v1/comics/chapter_comics/${nextChapter}/en-us${query}`);
    const first = ((await response.json()) as { data: { result: { pages: { url: string; sources?: { url: string }[] }[] } } }).data.result
      .pages[0]!;
    return new URL(first.sources?.[0]?.url ?? first.url, baseUrl).pathname;
  };
  nextFirstPage = await firstPage('');
  nextFirstPageLighter = await firstPage('?data_saver=1');
});

/**
 * Opens chapter 1 on a phone, noting every request for chapter 2's first page and content, and
 * those the network answered (not the browser's cache).
 */
async function readChapterOne(dataSaver: boolean) {
  const session = await openSession(browser(), baseUrl, { device: PHONE });
  const cdp = await session.context.newCDPSession(session.page);
  if (dataSaver) await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  const isWatched = (path: string) =>
    path === nextFirstPage || path === nextFirstPageLighter || path.startsWith(`/api/v1/comics/chapter_comics/${nextChapter}/`);
  const asked: string[] = [];
  session.page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (isWatched(path)) asked.push(path);
  });
  const fromNetwork: string[] = [];
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', ({ response }) => {
    const path = new URL(response.url).pathname;
    if (isWatched(path) && !response.fromDiskCache && !response.fromPrefetchCache && !response.fromServiceWorker) fromNetwork.push(path);
  });
  await session.page.goto(await readerPath(baseUrl, BOOK, 1));
  await waitForInteractive(session.page);
  return { ...session, asked, fromNetwork };
}

const endCard = (page: Page) => page.locator('section[aria-labelledby="chapter-end-title"]');

/** Scrolls to the end of the chapter, as a reader does, page by page. */
async function readToTheEnd(page: Page) {
  const end = endCard(page);
  await end.waitFor({ state: 'attached' });
  await eventually(async () => {
    await page.mouse.wheel(0, 900);
    const box = await end.boundingBox();
    return box !== null && box.y < 844;
  }).toBe(true);
}

describe('the next chapter', () => {
  it('is ready when the reader reaches the end: its first page is in the cache before “next”, and comes from there', async () => {
    const { context, page, pageErrors, asked, fromNetwork } = await readChapterOne(false);
    await readToTheEnd(page);
    await eventually(() => asked.includes(nextFirstPage)).toBe(true);
    await eventually(() => fromNetwork.includes(nextFirstPage)).toBe(true);
    const before = fromNetwork.length;
    // The image finished loading into the cache before the reader moves on.
    await eventually(() =>
      page.evaluate(
        (path) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === path && entry.duration > 0),
        nextFirstPage,
      ),
    ).toBe(true);

    const view = readingScreen(page);
    // The end card's button (the bars hide while the reader scrolls down).
    await endCard(page).getByRole('button').first().click();
    await view.chapterTitle.filter({ hasText: /^Chapter 2: / }).waitFor();
    const shown = view.pages.first();
    await eventually(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await shown.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(nextFirstPage);
    // Neither the page nor the chapter's content came from the network again. (A page the service
    // worker controls, issue 47, keeps no preloaded image in memory for the next <img>: the browser
    // asks its HTTP cache again, which answers.)
    expect(fromNetwork.slice(before)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('has no page fetched ahead when the browser’s data saver is on', async () => {
    const { context, page, pageErrors, asked } = await readChapterOne(true);
    await readToTheEnd(page);
    // The chapter's last page is in, and the end card shown: a prefetch would have been asked for by
    // now. (The card itself asks for the next chapter's content, a few KB, to say whether it is open.)
    const view = readingScreen(page);
    await eventually(() => view.pages.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(asked.filter((path) => path === nextFirstPage || path === nextFirstPageLighter)).toEqual([]);
    await endCard(page).getByRole('button').first().click();
    await view.chapterTitle.filter({ hasText: /^Chapter 2: / }).waitFor();
    // Asked for once the reader moved on, in the data saver's lighter form.
    await eventually(() => asked.includes(nextFirstPageLighter)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
