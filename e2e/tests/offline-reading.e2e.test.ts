import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { chapterList } from '../src/journeys/chapter-list.js';
import { fill, localeFile } from '../src/journeys/locale-texts.js';
import { adminCli, createReaderOnServer } from '../src/journeys/operator.js';
import { readingScreen } from '../src/journeys/reading-screen.js';
import { eventually, openSession, storeSessionViaApi, waitForInteractive } from '../src/journeys/session.js';

// Offline reading (issue 47) in a real Chromium with its service worker, on a phone: a member saves
// two paid chapters and a free one, loses the connection, reloads, and reads them from the Offline
// screen; back online, the membership is revoked with the admin command line, the app's start
// re-checks, and offline again the paid copies show the expired notice and their pages are gone
// from Cache Storage while the free one still reads. A save cut off half way leaves nothing that
// looks saved. No other journey reads this book (8 chapters, the first 3 free).

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const BOOK = 'The Spirit Fox Inn';
const FREE = 1;
const PAID = [4, 5] as const;
const PAGES_CACHE = 'inkstream-offline-pages-v1';

/** A member of 30 days, made on the server (the registration limit is for the sign-up journeys). */
async function newMember(): Promise<{ username: string; password: string }> {
  const member = await createReaderOnServer(dataDir);
  await adminCli(dataDir, 'membership', 'grant', member.username, '--days', '30');
  return member;
}

/** A phone with the service worker allowed, signed in as `reader`, in `language`. */
async function phone(reader: { username: string; password: string }, language: string) {
  const session = await openSession(browser(), baseUrl, { device: PHONE, language, serviceWorkers: 'allow' });
  await storeSessionViaApi(session.context, baseUrl, reader.username, reader.password);
  return session;
}

/** Waits until the site's service worker controls the page (it claims the first page it installs under). */
async function controlledByWorker(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The worker claims the open page once it is active; a reload is the fallback a person would do.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
}

/** The Cache Storage URLs of the saved pages of `chapter` (paths only). */
const savedPageUrls = (page: Page, chapter: string) =>
  page.evaluate(
    async ({ cacheName, chapter }) => {
      const cache = await caches.open(cacheName);
      return (await cache.keys()).map((request) => new URL(request.url).pathname).filter((path) => path.includes(`/${chapter}/`));
    },
    { cacheName: PAGES_CACHE, chapter },
  );

/** The saved chapters' records (uuid → state), read from the app's IndexedDB. */
const savedRecords = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('inkstream-offline');
        // Never create the app's database (an empty one would have none of its stores): not there yet is "nothing saved".
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve({}) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('chapters')) return resolve({});
          const all = db.transaction('chapters').objectStore('chapters').getAll();
          all.onsuccess = () => {
            resolve(Object.fromEntries((all.result as { chapter_uuid: string; state: string }[]).map((r) => [r.chapter_uuid, r.state])));
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );

/** Saves chapter `number` from the book page's chapter list and waits for one more saved mark there. */
async function saveFromList(page: Page, number: number): Promise<void> {
  const marks = chapterList(page).section.getByText('Saved for offline', { exact: true });
  const before = await marks.count();
  await page.getByRole('button', { name: `Save chapter ${number} for offline`, exact: true }).click();
  await expect.poll(() => marks.count(), { timeout: 20_000 }).toBe(before + 1);
}

/** Every page image of the reading screen has arrived and decoded (naturalWidth > 0). */
const pagesShown = (page: Page) =>
  readingScreen(page).main.evaluate((main) => {
    const images = [...main.querySelectorAll('img')];
    return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
  });

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await eventually(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

describe('offline reading', () => {
  it('reads saved chapters with no connection, and a revoked membership ends the paid copies (phone, en-us)', async () => {
    const member = await newMember();
    const book = await bookUuid(baseUrl, BOOK);
    const freeUuid = await chapterUuid(baseUrl, book, FREE);
    const paidUuids = (await Promise.all(PAID.map((number) => chapterUuid(baseUrl, book, number)))) as [string, string];
    const { context, page, pageErrors } = await phone(member, 'en-us');
    try {
      await controlledByWorker(page);
      // Installable by Chromium's own criteria (manifest, icons, a worker in control), the ones Lighthouse
      // used. A test's browser profile is incognito, which Chromium reports as well: that one is the profile's.
      const devtools = await context.newCDPSession(page);
      const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
      expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
      expect((await devtools.send('Page.getAppManifest')).errors).toEqual([]);
      await page.goto(`/book/chapters/${book}`);
      await chapterList(page).ready();
      for (const number of [FREE, ...PAID]) await saveFromList(page, number);
      expect(Object.values(await savedRecords(page))).toEqual(['saved', 'saved', 'saved']);
      const paidPages = await savedPageUrls(page, paidUuids[0]!);
      expect(paidPages.length).toBeGreaterThan(0);

      // No connection: the app still opens (the worker's shell), says so, and lists what is saved.
      await goOffline(context, page);
      await page.reload();
      await waitForInteractive(page);
      await eventually(() => page.getByText(/^You're offline\./).count(), 20_000).toBeGreaterThan(0);
      await page.goto('/offline');
      await waitForInteractive(page);
      await page.getByRole('heading', { level: 1, name: 'Offline reading' }).waitFor();
      const savedBook = page.getByRole('list', { name: 'Saved books' }).getByRole('listitem').filter({ hasText: BOOK });
      await savedBook.first().waitFor();

      // A screen whose code is not kept for offline use says it needs a connection (never a blank page).
      await page.goto('/login');
      await page.getByText("You're offline: this screen needs a connection.").waitFor();
      await page.goto('/offline');
      await waitForInteractive(page);
      await savedBook.first().waitFor();

      // The paid chapter opens from the Offline screen with its saved pages, and keeps the reader's place.
      const openSaved = () =>
        savedBook
          .first()
          // The number once: "Ch. 4 · title", or the title alone where it names the number (issue 56).
          .getByRole('link', { name: new RegExp(`^(Ch\\. |Chapter )${PAID[0]}\\b`) })
          .click();
      await openSaved();
      await readingScreen(page).pages.first().waitFor();
      await eventually(() => pagesShown(page), 20_000).toBe(true);
      const place = await page.evaluate(() => {
        window.scrollTo(0, Math.round(document.documentElement.scrollHeight / 2));
        return window.scrollY;
      });
      expect(place).toBeGreaterThan(200);
      // The position waits in the queue for the connection (sent a few seconds after scrolling stops).
      await eventually(
        () => page.evaluate((uuid) => (localStorage.getItem('offline-progress-queue') ?? '').includes(uuid), paidUuids[0]),
        20_000,
      ).toBe(true);
      await page.goto('/offline');
      await waitForInteractive(page);
      await openSaved();
      await readingScreen(page).pages.first().waitFor();
      await eventually(() => page.evaluate(() => window.scrollY), 20_000).toBeGreaterThan(place - 300);

      // Online again: the membership is revoked on the server; the app's start asks the server about
      // every saved paid chapter and drops the copies the membership had opened.
      await context.setOffline(false);
      await adminCli(dataDir, 'membership', 'revoke', member.username);
      await page.goto('/offline');
      await waitForInteractive(page);
      await eventually(async () => Object.keys(await savedRecords(page)).sort(), 20_000).toEqual([freeUuid]);

      // Offline again: the paid chapters show the expired notice and their pages are gone; the free one reads.
      await goOffline(context, page);
      await page.goto(`/reader/book/chapter/${book}/${paidUuids[1]}/${PAID[1]}`);
      await waitForInteractive(page);
      await readingScreen(page).notice.waitFor();
      for (const uuid of paidUuids) expect(await savedPageUrls(page, uuid)).toEqual([]);
      await page.goto(`/reader/book/chapter/${book}/${freeUuid}/${FREE}`);
      await waitForInteractive(page);
      await eventually(() => pagesShown(page), 20_000).toBe(true);
      // The one error is the login screen's code (or its style sheet) that could not be fetched
      // offline, caught and reported.
      expect(
        pageErrors.map((error) => error.message).filter((message) => !/dynamically imported module|Unable to preload CSS/.test(message)),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('leaves nothing half saved when a save is cut off, and reads a saved chapter offline in Arabic', async () => {
    const member = await newMember();
    const book = await bookUuid(baseUrl, BOOK);
    const [freeUuid, cutUuid] = await Promise.all([chapterUuid(baseUrl, book, 2), chapterUuid(baseUrl, book, 6)]);
    const { context, page } = await phone(member, 'ar-sa');
    try {
      await controlledByWorker(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.goto(`/book/chapters/${book}`);
      await waitForInteractive(page);
      // The free chapter 2 saves whole, by its button's Arabic name.
      const arabic = localeFile('ar-sa', 'offline.json') as { save: { chapter: string } };
      const saveButton = (n: number) => page.getByRole('button', { name: fill(arabic.save.chapter, { number: String(n) }), exact: true });
      await saveButton(2).click();
      await eventually(async () => (await savedRecords(page))[freeUuid], 20_000).toBe('saved');

      // Chapter 6's page images never arrive: the tab is closed while it is being saved.
      let held = 0;
      await page.route('**/media/**', () => {
        held += 1; // never answered
      });
      await saveButton(6).click();
      await eventually(() => held, 20_000).toBeGreaterThan(0);
      expect((await savedRecords(page))[cutUuid]).toBe('saving');
      await page.close();

      // The next visit, offline from its first request, cleans it: no record, no pages; the free chapter
      // still reads, right to left. (A visit online would finish the save instead: offline-maintenance.ts.)
      await context.setOffline(true);
      const next = await context.newPage();
      await next.goto('/offline');
      await waitForInteractive(next);
      expect(await next.evaluate(() => navigator.onLine)).toBe(false);
      await eventually(async () => (await savedRecords(next))[cutUuid], 20_000).toBeUndefined();
      expect(await savedPageUrls(next, cutUuid)).toEqual([]);
      await next.goto(`/reader/book/chapter/${book}/${freeUuid}/2`);
      await waitForInteractive(next);
      await eventually(() => pagesShown(next), 20_000).toBe(true);
      expect(await next.evaluate(() => document.documentElement.dir)).toBe('rtl');
    } finally {
      await context.close();
    }
  });
});
