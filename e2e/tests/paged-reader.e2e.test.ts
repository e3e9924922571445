import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { apiClient } from '../src/journeys/api.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { operatorPerFile } from '../src/journeys/operator.js';
import {
  chapterAnswer as chapterAnswerOf,
  pageArea,
  pagedReader as reader,
  setBookReading,
  shownPages,
  type BookReading,
} from '../src/journeys/paged.js';
import { swipe } from '../src/journeys/reading-screen.js';
import { readingSettings } from '../src/journeys/reading-settings.js';
import { eventually, openSession, pathOf } from '../src/journeys/session.js';

/**
 * The paged reader (issue 45): a right-to-left manga read page by page on a phone and a desktop,
 * in English and in Arabic. The demo catalogue has no manga and no wide page: the operator sets a
 * demo book's reading through the console API, and one page of chapter 2 is stored as wider than
 * tall (a spread) in the database. The book is put back to a left-to-right strip afterwards.
 */

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);
const { apiData, tokenOf } = apiClient(baseUrl);
const TITLE = 'Dragon Oath Academy';
/** The page of chapter 2 stored as a spread: double mode shows it alone. */
const SPREAD = 2;

let book = '';
const chapters: string[] = [];
/** Pages of chapters 1 to 3. */
const counts: number[] = [];
let token = '';
let original: { width: number; height: number } | undefined;

const readerPath = (number: number) => `/reader/book/chapter/${book}/${chapters[number - 1]}/${number}`;

const chapterAnswer = (number: number) => chapterAnswerOf(baseUrl, chapters[number - 1]!);

/** The operator's setting, once the public answers carry it (the change moves the catalogue version). */
const setReading = (reading: BookReading) => setBookReading(baseUrl, apiData, token, book, chapters[1]!, reading);

/** One page's stored size: the import marks a page wider than tall as a spread. */
function storePageSize(number: number, position: number, size: { width: number; height: number } | null) {
  const db = new Database(path.join(dataDir, 'inkstream.sqlite'), { fileMustExist: true });
  try {
    const where = `chapter_id = (SELECT id FROM chapters WHERE uuid = ?) AND position = (SELECT position FROM chapter_pages WHERE chapter_id = (SELECT id FROM chapters WHERE uuid = ?) ORDER BY position LIMIT 1 OFFSET ?)`;
    const row = db
      .prepare(`SELECT width, height FROM chapter_pages WHERE ${where}`)
      .get(chapters[number - 1], chapters[number - 1], position) as { width: number; height: number } | undefined;
    if (size)
      db.prepare(`UPDATE chapter_pages SET width = ?, height = ? WHERE ${where}`).run(
        size.width,
        size.height,
        chapters[number - 1],
        chapters[number - 1],
        position,
      );
    return row;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  book = await bookUuid(baseUrl, TITLE);
  for (const number of [1, 2, 3]) chapters.push(await chapterUuid(baseUrl, book, number));
  token = await tokenOf(operator);
  original = storePageSize(2, SPREAD, null);
  storePageSize(2, SPREAD, { width: 1600, height: 1000 });
  await setReading({ direction: 'rtl', mode: 'single' });
  for (const number of [1, 2, 3]) counts.push((await chapterAnswer(number)).pages.length);
  expect((await chapterAnswer(2)).pages[SPREAD]?.spread).toBe(true);
  expect(counts[1]).toBe(SPREAD + 2); // [0,1] [2] [3]: a pair, the spread, a lone last page
});

afterAll(async () => {
  if (original) storePageSize(2, SPREAD, original);
  if (book && token) await setReading({ direction: 'ltr', mode: 'strip' });
});

/**
 * Opens a chapter in pages in a fresh browser and puts the tap zones' explanation away: it shows
 * once per browser, when the app has taken the reader over (so the reader answers taps by then).
 */
async function open(page: Page, number: number) {
  await page.goto(readerPath(number));
  const hint = page.locator('[data-tap-hint]');
  await hint.getByRole('button').click();
  await hint.waitFor({ state: 'detached' });
}

/** A tap (touch on the phone, a click on the desktop) at a fraction of the page area's width. */
async function tapAt(page: Page, fraction: number, touch: boolean) {
  const box = (await pageArea(page).boundingBox())!;
  const [x, y] = [box.x + box.width * fraction, box.y + box.height / 2];
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

const cases = [
  { name: 'phone, en-us', device: PHONE, language: 'en-us', status: 'Page 2 of' },
  { name: 'phone, ar-sa', device: PHONE, language: 'ar-sa', status: 'الصفحة 2 من' },
  { name: 'desktop, en-us', device: DESKTOP, language: 'en-us', status: 'Page 2 of' },
  { name: 'desktop, ar-sa', device: DESKTOP, language: 'ar-sa', status: 'الصفحة 2 من' },
] as const;

describe.each(cases)('a right-to-left manga in single pages ($name)', ({ device, language, status }) => {
  it('turns with a LEFT tap, mirrored keys and swipes, and leads across chapters at the ends', async () => {
    await setReading({ direction: 'rtl', mode: 'single' });
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device });
    const touch = device === PHONE;
    await open(page, 2);
    await expect.poll(() => reader(page).getAttribute('data-mode')).toBe('single');
    expect(await reader(page).getAttribute('data-direction')).toBe('rtl');
    expect(await shownPages(page)).toBe('0');
    expect(await reader(page).locator('img[data-index]').count()).toBe(1);

    // A tap on the left third is "next" in a right-to-left book, whatever the interface's language.
    await tapAt(page, 0.15, touch);
    await eventually(() => shownPages(page)).toBe('1');
    await eventually(() => page.locator('[aria-live="polite"]').textContent()).toContain(status);
    await tapAt(page, 0.85, touch);
    await eventually(() => shownPages(page)).toBe('0');
    if (touch) {
      // Swiping right (the finger drags the page to the right) brings the next page.
      await swipe(page, 160);
      await eventually(() => shownPages(page)).toBe('1');
      await swipe(page, -160);
      await eventually(() => shownPages(page)).toBe('0');
    }
    // Keys: ArrowLeft is next right to left, ArrowRight previous; End the last page.
    await page.keyboard.press('ArrowLeft');
    await eventually(() => shownPages(page)).toBe('1');
    await page.keyboard.press('ArrowRight');
    await eventually(() => shownPages(page)).toBe('0');
    await page.keyboard.press('End');
    await eventually(() => shownPages(page)).toBe(String(counts[1]! - 1));

    // The last page and "next": chapter 3 at its first page.
    await page.keyboard.press('ArrowLeft');
    await eventually(() => pathOf(page)).toBe(readerPath(3));
    await eventually(() => shownPages(page)).toBe('0');
    // The first page and "previous" (a tap on the right): chapter 2 at its last page.
    await tapAt(page, 0.85, touch);
    await eventually(() => pathOf(page)).toBe(readerPath(2));
    await eventually(() => shownPages(page)).toBe(String(counts[1]! - 1));

    // The scrubber runs right to left and names the page.
    const scrubber = reader(page).getByRole('slider');
    expect(await scrubber.getAttribute('dir')).toBe('rtl');
    await scrubber.fill('2');
    await eventually(() => shownPages(page)).toBe('1');
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe.each(cases)('a right-to-left manga in double pages ($name)', ({ device, language }) => {
  it('pairs pages right to left and shows the spread alone (single pages on a phone held upright)', async () => {
    await setReading({ direction: 'rtl', mode: 'double' });
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device });
    await open(page, 2);
    if (device === PHONE) {
      // Two pages side by side on a 390 px wide phone are unreadable: single pages, until it turns sideways.
      await expect.poll(() => reader(page).getAttribute('data-mode')).toBe('single');
      expect(await shownPages(page)).toBe('0');
      await page.setViewportSize({ width: 844, height: 390 });
    }
    await expect.poll(() => reader(page).getAttribute('data-mode')).toBe('double');
    expect(await shownPages(page)).toBe('0,1');
    const first = (await reader(page).locator('img[data-index="0"]').boundingBox())!;
    const second = (await reader(page).locator('img[data-index="1"]').boundingBox())!;
    // Right to left: the first page of the pair on the RIGHT.
    expect(first.x).toBeGreaterThan(second.x);
    await eventually(() => page.locator('[aria-live="polite"]').textContent()).toMatch(/1–2/);
    expect(await seriousViolations(page)).toEqual([]);

    await reader(page)
      .getByRole('button', { name: language === 'en-us' ? 'Next page' : 'الصفحة التالية' })
      .click();
    await eventually(() => shownPages(page)).toBe(String(SPREAD));
    expect(await reader(page).locator('img[data-index]').count()).toBe(1);
    // The page after the spread is the last: alone.
    await page.keyboard.press('ArrowLeft');
    await eventually(() => shownPages(page)).toBe(String(SPREAD + 1));
    // Back past the spread, with the previous page button (the focus stays on it).
    const previous = reader(page).getByRole('button', { name: language === 'en-us' ? 'Previous page' : 'الصفحة السابقة' });
    await previous.click();
    await eventually(() => shownPages(page)).toBe(String(SPREAD));
    expect(await previous.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('the paged reader and the rest of the app', () => {
  it('comes from the server already in pages at the first page, and is taken over without a jump or a mismatch', async () => {
    await setReading({ direction: 'rtl', mode: 'single' });
    const served = await (await fetch(`${baseUrl}${readerPath(2)}`)).text();
    expect(served).toMatch(/data-paged-reader=""[^>]*data-mode="single"[^>]*data-direction="rtl"[^>]*data-pages="0"/);
    expect(served).toContain('data-index="0"');
    expect(served).not.toContain('data-index="1"');

    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language: 'en-us', device: PHONE });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // The server's reader element, kept as the document is parsed (before any code of the app runs).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { servedReader: Element | null }).servedReader = document.querySelector('[data-paged-reader]');
      });
    });
    await page.goto(readerPath(2));
    await reader(page).waitFor();
    // The hint shows once the app has the reader: by then the server's pages were taken over as they
    // were (the same element), not thrown away for a "Loading" and drawn again (a jump).
    await page.locator('[data-tap-hint]').getByRole('button').waitFor();
    expect(
      await page.evaluate(() => {
        const served = (window as unknown as { servedReader: Element | null }).servedReader;
        return served !== null && served === document.querySelector('[data-paged-reader]');
      }),
    ).toBe(true);
    // The hint shows once: put away, it does not come back.
    await page.locator('[data-tap-hint]').getByRole('button').click();
    await page.reload();
    await reader(page).waitFor();
    expect(await page.locator('[data-tap-hint]').count()).toBe(0);
    expect(await shownPages(page)).toBe('0');
    expect(problems).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('fit width on a desktop: a page taller than the screen scrolls to its end, and the next one starts at its top', async () => {
    await setReading({ direction: 'ltr', mode: 'single' });
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language: 'en-us', device: DESKTOP });
    await open(page, 2);
    const settings = readingSettings(page);
    await settings.open.click();
    await settings.choose(settings.fit('Fit width'));
    await settings.close.click();
    const shownImage = () => reader(page).locator('img[data-index]');
    const stage = pageArea(page);
    // As wide as the stage, so taller than it: the stage scrolls the whole page, not only its top.
    await eventually(() => shownImage().evaluate((img) => img.getBoundingClientRect().width)).toBeGreaterThan(1000);
    const [pageHeight, stageHeight] = await Promise.all([
      shownImage().evaluate((img) => img.getBoundingClientRect().height),
      stage.evaluate((element) => element.clientHeight),
    ]);
    expect(pageHeight).toBeGreaterThan(stageHeight);
    expect(await stage.evaluate((element) => element.scrollHeight)).toBeGreaterThanOrEqual(Math.floor(pageHeight));
    await stage.evaluate((element) => (element.scrollTop = element.scrollHeight));
    // The page's end is on screen: its bottom edge within the stage.
    const [imageBottom, stageBottom] = await Promise.all([
      shownImage().evaluate((img) => img.getBoundingClientRect().bottom),
      stage.evaluate((element) => element.getBoundingClientRect().bottom),
    ]);
    expect(Math.abs(imageBottom - stageBottom)).toBeLessThanOrEqual(2);
    await page.keyboard.press('ArrowRight');
    await eventually(() => shownPages(page)).toBe('1');
    expect(await stage.evaluate((element) => element.scrollTop)).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a strip book stays a strip: arrows still change chapter, no paged reader', async () => {
    await setReading({ direction: 'ltr', mode: 'strip' });
    const { context, page } = await openSession(browser(), baseUrl, { language: 'en-us', device: DESKTOP });
    await page.goto(readerPath(2));
    await page
      .getByRole('main')
      .getByRole('img', { name: /^Page 1 of/ })
      .waitFor();
    expect(await reader(page).count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await eventually(() => pathOf(page)).toBe(readerPath(3));
    await context.close();
  });
});
