import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inServerDatabase } from '../src/journeys/database.js';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { publicData, setPublishing, waitUntil } from '../src/journeys/discovery.js';
import { localeFile } from '../src/journeys/locale-texts.js';
import { adminCli, createReaderOnServer } from '../src/journeys/operator.js';
import { eventually, logInForSession, openSession, storeSession, type LoggedIn } from '../src/journeys/session.js';

// Issue 56, the reader's screens: the chapter list marks early access with its end in the reader's
// zone and refuses a member's save there (#4); the Offline screen says "the browser said no" only
// after the reader asked, and says a chapter's number once (#23); the calendar never paints a UTC
// time for a local one (#25). en-us, zh-cn and ar-sa, phone and desktop, in Shanghai's zone
// (UTC+8, no summer time): a UTC time would read 8 hours off. No other journey uses these books.

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const ZONE = 'Asia/Shanghai';
const LIST_BOOK = 'Last Train to Dawn';
const CALENDAR_BOOK = 'After the Ash';
const EARLY = 6;
const PAID = 5;
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/issue-56-shots';

const CASES = [
  { language: 'en-us', device: DESKTOP, name: 'desktop' },
  { language: 'en-us', device: PHONE, name: 'phone' },
  { language: 'zh-cn', device: PHONE, name: 'phone' },
  { language: 'zh-cn', device: DESKTOP, name: 'desktop' },
  { language: 'ar-sa', device: PHONE, name: 'phone' },
  { language: 'ar-sa', device: DESKTOP, name: 'desktop' },
] as const;

let listBook = '';
let member = { username: '', password: '' };
let memberSession: LoggedIn;
/** Early access ends two days on at 02:00 UTC: 10:00 in Shanghai, 2:00 in UTC. */
const earlyUntil = (() => {
  const at = new Date(Date.now() + 2 * 86_400_000);
  at.setUTCHours(2, 0, 0, 0);
  return at.getTime();
})();

beforeAll(async () => {
  listBook = await bookUuid(baseUrl, LIST_BOOK);
  // The chapter in early access for every reader, members excluded (the book's default).
  inServerDatabase(dataDir, (db) =>
    db
      .prepare('UPDATE chapters SET early_access_until = ? WHERE number = ? AND book_id = (SELECT id FROM books WHERE uuid = ?)')
      .run(earlyUntil, EARLY, listBook),
  );
  // The public list is kept up to 30 s (the console's change moves the catalogue version; this one does not).
  await waitUntil('the list says early access', async () => {
    const list = await publicData<{ result: { chapters: { chapter_number: number; early_access_until?: string }[] } }>(
      baseUrl,
      `/comics/chapters/${listBook}/en-us/asc/0/10`,
    );
    return list.result.chapters.some((chapter) => chapter.chapter_number === EARLY && chapter.early_access_until !== undefined);
  });
  member = await createReaderOnServer(dataDir);
  // One login for the file's twelve browsers (logins are limited to 10 a minute per account).
  memberSession = await logInForSession(baseUrl, member.username, member.password);
  await adminCli(dataDir, 'membership', 'grant', member.username, '--days', '30');
}, 120_000);

afterAll(() => {
  inServerDatabase(dataDir, (db) =>
    db.prepare('UPDATE chapters SET early_access_until = NULL WHERE book_id = (SELECT id FROM books WHERE uuid = ?)').run(listBook),
  );
});

/** The chapter list's card of chapter `number` (its link to the reader, and the card around it). */
const card = (page: Page, chapterUuidOf: string) => page.locator('li', { has: page.locator(`a[href*="/${chapterUuidOf}/"]`) }).last();

describe.each(CASES)('issue 56 screens ($language, $name)', ({ language, device, name }) => {
  const chapters = localeFile(language, 'chapters.json');
  const offline = localeFile(language, 'offline.json');

  it('#4: a member sees early access with its end in their zone, a lock and no save button; a paid chapter opens to them', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device, timezoneId: ZONE });
    await storeSession(context, memberSession);
    const early = await chapterUuid(baseUrl, listBook, EARLY);
    const paid = await chapterUuid(baseUrl, listBook, PAID);
    await page.goto(`/book/chapters/${listBook}`);
    const earlyCard = card(page, early);
    const earlyText = earlyCard.getByTestId('early-access');
    const prefix = chapters.earlyAccessUntil.split('{{date}}')[0].trim();
    await eventually(async () => (await earlyText.textContent()) ?? '').toContain(prefix);
    // 10:00 in Shanghai (the server's UTC would say 2:00).
    await eventually(async () => (await earlyText.textContent()) ?? '').toMatch(/(^|[^0-9])10:00/);
    // Refused to this member: the padlock badge, and no way to save what the server would refuse.
    await earlyCard.locator('svg rect').waitFor();
    expect(await earlyCard.getByRole('button').count()).toBe(0);
    // A paid chapter out of early access: readable as a member, no badge, a save button.
    const paidCard = card(page, paid);
    await paidCard.getByRole('button').first().waitFor();
    expect(await paidCard.textContent()).not.toContain(chapters.membersOnly);
    await earlyCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/list-${language}-${name}.png` });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('#23: the Offline screen says nothing of a refusal nobody asked for, and a chapter number once', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device, serviceWorkers: 'allow' });
    await storeSession(context, memberSession);
    const first = await chapterUuid(baseUrl, listBook, 1);
    const title = (
      await publicData<{ result: { chapters: { chapter_number: number; title: string }[] } }>(
        baseUrl,
        `/comics/chapters/${listBook}/${language}/asc/0/10`,
      )
    ).result.chapters.find((chapter) => chapter.chapter_number === 1)!.title;
    await page.goto(`/book/chapters/${listBook}`);
    // Save the free first chapter from its card (the first save asks the browser, silently).
    await card(page, first).getByRole('button').first().click();
    // Saved (its mark replaces the button) before leaving the page.
    await card(page, first).getByText(offline.save.saved).waitFor({ state: 'attached', timeout: 30_000 });
    await page.goto('/offline');
    const line = page.locator('a', { hasText: title.trim() }).first();
    await line.waitFor();
    await page.getByRole('heading', { name: offline.storage.title }).waitFor();
    const chapterLine = (await line.textContent()) ?? '';
    const numbered = chapters.chapterNumber.replace('{{number}}', '1');
    if (/(^|[^0-9])0*1([^0-9]|$)/.test(title)) expect(chapterLine).not.toContain(`${numbered} · `);
    else expect(chapterLine).toContain(numbered);
    // The silent request of the first save is no "no" to the reader.
    expect(await page.getByText(offline.storage.declined).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/offline-${language}-${name}.png`, fullPage: true });
    // Asked by the reader: the browser's answer is said (granted, or the refusal).
    const ask = page.getByRole('button', { name: offline.storage.ask });
    if (await ask.count()) {
      await ask.click();
      await page.getByText(new RegExp(`${escape(offline.storage.declined)}|${escape(offline.storage.persisted)}`)).waitFor();
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('#25: the calendar never paints a UTC time: every time it ever shows is the reader’s zone', async () => {
    const book = await bookUuid(baseUrl, CALENDAR_BOOK);
    await ensureDailyRelease(book);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device, timezoneId: ZONE });
    // Every text any release time ever had, from the first parsed byte on (server render included),
    // beside what its instant reads in Shanghai in the page's language.
    await context.addInitScript(() => {
      const seen: [string, string][] = [];
      (window as unknown as { seenTimes: [string, string][] }).seenTimes = seen;
      const record = () => {
        for (const time of document.querySelectorAll<HTMLTimeElement>('[data-testid="schedule-day"] time')) {
          const local = new Intl.DateTimeFormat(document.documentElement.lang, {
            hour: 'numeric',
            minute: '2-digit',
            timeZone: 'Asia/Shanghai',
            numberingSystem: 'latn',
          }).format(new Date(time.dateTime));
          seen.push([time.textContent ?? '', local]);
        }
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/schedule');
    const times = page.locator('[data-testid="schedule-day"] time');
    await eventually(() => times.count()).toBeGreaterThan(0);
    // The daily 00:19 UTC release reads 8:19 in Shanghai.
    await eventually(async () => (await times.allTextContents()).join(' ')).toMatch(/(^|[^0-9])0?8:19/);
    const seen = await page.evaluate(() => (window as unknown as { seenTimes: [string, string][] }).seenTimes);
    expect(seen.length).toBeGreaterThan(0);
    for (const [shown, local] of seen) expect(shown).toBe(local);
    await page.screenshot({ path: `${SHOTS}/calendar-${language}-${name}.png` });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let daily: Promise<void> | undefined;
/** The book publishes every day at 00:19 UTC (once per file). */
function ensureDailyRelease(book: string): Promise<void> {
  daily ??= (async () => {
    await setPublishing(dataDir, book, 'mon,tue,wed,thu,fri,sat,sun', '00:19');
    await waitUntil('the calendar shows the daily release', async () => {
      const week = await publicData<{ days: { books: { book_uuid: string; release_at: string | null }[] }[] }>(
        baseUrl,
        `/comics/schedule?language=en-us&time_zone=${encodeURIComponent(ZONE)}&week_start=monday`,
      );
      return week.days.some((day) => day.books.some((entry) => entry.book_uuid === book && entry.release_at !== null));
    });
  })();
  return daily;
}
