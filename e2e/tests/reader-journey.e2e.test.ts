import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { startServer } from '../src/server.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { isSamePlace, placeOnScreen, scrollToPlace, settledPlace } from '../src/journeys/reading-place.js';
import { loginForm, registerForm } from '../src/journeys/account.js';
import { readingScreen } from '../src/journeys/reading-screen.js';
import { eventually, freshUser, openSession, pathOf, storeSessionViaApi, uniqueUsername } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The reader's saved place in a book, asked the way the app asks (as this browser's visitor or user). */
async function savedChapter(page: Page, book: string): Promise<number | null> {
  return page.evaluate(async (bookId) => {
    const token = localStorage.getItem('X-API-TOKEN');
    const visitor = localStorage.getItem('X-VISITOR-ID');
    const headers: Record<string, string> = token ? { Authorization: `Token ${token}` } : visitor ? { 'X-VISITOR-ID': visitor } : {};
    const response = await fetch(`/api/v1/reader/progress/${bookId}`, { headers });
    const body = (await response.json()) as { data: { result: { resume: { chapter_number: number } | null } } };
    return body.data.result.resume?.chapter_number ?? null;
  }, book);
}

const READ_MARK: Record<string, string> = { 'en-us': 'Read', 'ar-sa': 'مقروء' };

describe('the reader’s place is never lost', () => {
  for (const language of ['en-us', 'ar-sa']) {
    it(`${language}: a visitor reads two chapters, leaves, and continues at the same place`, async () => {
      const book = await bookUuid(baseUrl, 'The Storm Gate');
      const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE, language });
      await page.goto(`/book/chapters/${book}`);
      // The book page's one primary action starts at chapter 1.
      const start = page.locator('article a[href^="/reader/"]').first();
      await expect.poll(() => start.getAttribute('href')).toContain(`/${await chapterUuid(baseUrl, book, 1)}/1`);
      await start.click();
      await readingScreen(page).main.locator('img[data-index]').first().waitFor();

      // Chapter 1 read to the end (it gets its read marker), then on to chapter 2.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(800);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForURL((url) => url.pathname.endsWith('/1'));
      // The end card's "Readers also read" (the demo's readers fill it) scrolls inside the card: it
      // once made the phone's page 1,100 px wide, zoomed out, with the bars out of reach.
      await page.locator('#chapter-end-also-read').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
      await page.locator('nav button').last().click();
      await page.waitForURL((url) => url.pathname.endsWith('/2'));
      await readingScreen(page).main.locator('img[data-index="1"]').waitFor({ state: 'attached' });
      // The new chapter scrolls itself to its top once it has rendered, and its pages may still be
      // taking their height: scroll until the reader is seen resting on page 2 (data-index 1).
      await eventually(async () => {
        if ((await settledPlace(page))?.index !== 1) await scrollToPlace(page, { index: 1, offset: 0.4 });
        return (await settledPlace(page))?.index;
      }).toBe(1);
      const place = await settledPlace(page);
      expect(place?.index).toBe(1);

      // Leaving the page sends the last place (keepalive on pagehide).
      await page.goto('/');
      await eventually(() => savedChapter(page, book)).toBe(2);
      await page.reload();
      const continueLink = page.locator('section[aria-labelledby="continue-heading"] a').first();
      await continueLink.click();
      const chapter2 = await chapterUuid(baseUrl, book, 2);
      await page.waitForURL((url) => url.pathname.endsWith(`/${chapter2}/2`));
      await eventually(async () => isSamePlace(await placeOnScreen(page), place)).toBe(true);

      // The book page now continues at chapter 2, and chapter 1 carries its read marker.
      await page.goto(`/book/chapters/${book}`);
      await expect.poll(() => page.locator('article a[href^="/reader/"]').first().getAttribute('href')).toMatch(/\/2$/);
      await page.getByText(READ_MARK[language]!, { exact: true }).first().waitFor();
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  it('registering from a locked chapter lands back on that chapter', async () => {
    const book = await bookUuid(baseUrl, 'The Storm Gate');
    const chapterPath = `/reader/book/chapter/${book}/${await chapterUuid(baseUrl, book, 5)}/5`;
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    await page.goto(chapterPath);
    await readingScreen(page).notice.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('return') === chapterPath);
    await loginForm(page).form.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('return') === chapterPath);
    // The URL changes before the next screen's code has arrived (the router keeps the old screen
    // up meanwhile): the forms are found by their names, never by a label both screens have.
    const register = registerForm(page);
    const username = uniqueUsername('ret');
    await register.fill({ username, password: 'secret-pass-7', confirm: 'secret-pass-7' });
    await register.submit.click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('return') === chapterPath);
    const login = loginForm(page);
    await eventually(() => login.username.inputValue()).toBe(username);
    await login.password.fill('secret-pass-7');
    await login.submit.click();
    await page.waitForURL((url) => url.pathname === chapterPath);
    await readingScreen(page).notice.waitFor(); // logged in, not a member yet: the notice offers to buy
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a followed book shows its new chapter in the library and a dot in the header', async () => {
    // Its own server on an empty catalogue: adding chapters would reorder the shared demo catalogue
    // under the other journeys.
    const own = await startServer({ port: Number(process.env.E2E_PORT ?? 3210) + 7, env: { DEMO_CATALOGUE: 'off' } });
    const source = mkdtempSync(path.join(tmpdir(), 'inkstream-e2e-chapter-'));
    try {
      // Two pages taken from the shared server's demo catalogue, imported as a new book and later as its next chapter.
      const pagesRoot = path.join(dataDir, 'media', 'pages');
      const files: string[] = [];
      for (const book of readdirSync(pagesRoot)) {
        for (const chapter of readdirSync(path.join(pagesRoot, book))) {
          for (const language of readdirSync(path.join(pagesRoot, book, chapter))) {
            const folder = path.join(pagesRoot, book, chapter, language);
            files.push(
              ...readdirSync(folder)
                .filter((name) => /\.(jpe?g|png)$/.test(name))
                .map((name) => path.join(folder, name)),
            );
          }
        }
        if (files.length >= 4) break;
      }
      // Different pages for each chapter: an import recognises content it already imported.
      const first = path.join(source, 'first');
      const second = path.join(source, 'second');
      for (const [folder, pages] of [
        [first, files.slice(0, 2)],
        [second, files.slice(2, 4)],
      ] as const) {
        mkdirSync(folder);
        pages.forEach((file, index) => copyFileSync(file, path.join(folder, `00${index + 1}${path.extname(file)}`)));
      }
      const admin = (...args: string[]) =>
        promisify(execFile)(process.execPath, [path.join(ROOT, 'apps/server/dist/cli/admin.js'), ...args], {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: own.dataDir, LOG_LEVEL: 'warn' },
        });
      await admin('import', first, '--title', 'en-us=The Lighthouse Keeper', '--language', 'en-us');
      // The CLI is another process: the server learns of its change within a second (the catalogue
      // version's poll, with no Redis here), and its public answers until then are the old ones.
      await eventually(() => bookUuid(own.url, 'The Lighthouse Keeper').catch(() => undefined), 5_000).toBeDefined();
      const book = await bookUuid(own.url, 'The Lighthouse Keeper');

      const user = await freshUser(own.url);
      const { context, page, pageErrors } = await openSession(browser(), own.url, { device: PHONE });
      await storeSessionViaApi(context, own.url, user.username, user.password);
      await page.goto(`/book/chapters/${book}`);
      await page.getByRole('button', { name: 'Follow' }).click();
      await page.getByRole('button', { name: 'Following' }).waitFor();
      await page.goto('/library');
      await page.getByRole('link', { name: 'The Lighthouse Keeper' }).waitFor();
      expect(await page.getByTestId('library-dot').count()).toBe(0);

      // The operator adds chapter 2 with the admin command.
      await admin('import', second, '--book', book);
      await page.reload();
      await page.getByText('1 new chapter', { exact: true }).waitFor();
      await page.getByTestId('library-dot').waitFor();
      expect(pageErrors).toEqual([]);
      await context.close();
    } finally {
      rmSync(source, { recursive: true, force: true });
      await own.stop();
    }
  });

  it('fullscreen in and out at mid-chapter keeps the place', async () => {
    const book = await bookUuid(baseUrl, 'The Storm Gate');
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: DESKTOP });
    await page.goto(`/reader/book/chapter/${book}/${await chapterUuid(baseUrl, book, 3)}/3`);
    await readingScreen(page).main.locator('img[data-index="2"]').waitFor({ state: 'attached' });
    await scrollToPlace(page, { index: 2, offset: 0.5 });
    // Reading down hides the bars; a short scroll up brings them back, as a reader would do.
    await page.mouse.wheel(0, 200);
    await eventually(async () => (await page.getByRole('banner').boundingBox())!.y).toBeLessThan(0);
    await page.mouse.wheel(0, -60);
    await eventually(async () => (await page.getByRole('banner').boundingBox())!.y).toBe(0);
    await page.getByRole('button', { name: 'Full screen' }).waitFor();
    const place = await settledPlace(page);
    await page.getByRole('button', { name: 'Full screen' }).click();
    await page.getByRole('button', { name: 'Exit full screen' }).first().waitFor();
    await eventually(async () => isSamePlace(await placeOnScreen(page), place)).toBe(true);
    // Keys scroll in fullscreen too.
    await page.keyboard.press('PageDown');
    await eventually(async () => isSamePlace(await placeOnScreen(page), place)).toBe(false);
    const inFullscreen = await settledPlace(page);
    await page.getByRole('button', { name: 'Exit full screen' }).first().click();
    await page.getByRole('button', { name: 'Full screen' }).waitFor();
    await eventually(async () => isSamePlace(await placeOnScreen(page), inFullscreen)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('Back from the reader restores the chapter list’s order and page', async () => {
    const book = await bookUuid(baseUrl, 'The Storm Gate');
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    await page.goto(`/book/chapters/${book}`);
    await page.getByRole('button', { name: 'Newest first' }).click();
    await page.getByLabel('Jump to').selectOption({ index: 2 });
    await page.waitForURL((url) => url.searchParams.get('order') === 'desc' && url.searchParams.get('page') === '3');
    const firstCard = page.locator('section ol a').first();
    await expect.poll(() => firstCard.getAttribute('href')).toMatch(/\/100$/);
    await firstCard.click();
    await page.waitForURL((url) => url.pathname.startsWith('/reader/'));
    await page.goBack();
    await page.waitForURL((url) => pathOf(page) === `/book/chapters/${book}` && url.searchParams.get('page') === '3');
    await expect.poll(() => page.locator('section ol a').first().getAttribute('href')).toMatch(/\/100$/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
