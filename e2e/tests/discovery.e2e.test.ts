import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { bookUuid } from '../src/journeys/catalogue-api.js';
import { publicData, readersOf, refreshDiscovery, setPublishing, waitUntil } from '../src/journeys/discovery.js';
import { eventually, openSession, pathOf } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

/**
 * Issue 46 for readers, in a browser: the release calendar shows a book on its publishing day,
 * a genre changes the rankings, an author page lists the person's books, and "readers also read"
 * leads to a book; in English on a desktop and in Arabic on a phone, each page clean for axe and
 * readable without JavaScript. The data is made through the app's own doors (discovery.ts).
 */
const NEON = 'Neon Ronin'; // Mara Quill's; read together with Iron Frontier
const IRON = 'Iron Frontier';
const COFFEE = 'Coffee at Midnight'; // Urban romance; publishes on a day of this week it has no chapter, at 12:00 UTC
const URBAN_ROMANCE = '都市言情';
const uuids: Record<string, string> = {};
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** The ISO weekday (1 Monday … 7 Sunday) the book is given as its publishing day. */
let publishingDay = 3;

beforeAll(async () => {
  for (const title of [NEON, IRON, COFFEE]) uuids[title] = await bookUuid(baseUrl, title);
  await readersOf(baseUrl, [uuids[NEON]!, uuids[IRON]!], 3);
  await readersOf(baseUrl, [uuids[COFFEE]!], 2);
  // A weekday on which the book has no chapter in this week as either reader counts it (Sunday to
  // Saturday, Saturday to Friday): a chapter out that day would show its own time.
  type Week = { days: { weekday: number; books: { book_uuid: string }[] }[] };
  const busy = new Set<number>();
  for (const start of ['sunday', 'saturday']) {
    const week = await publicData<Week>(baseUrl, `/comics/schedule?language=en-us&time_zone=UTC&week_start=${start}`);
    for (const day of week.days) if (day.books.some((book) => book.book_uuid === uuids[COFFEE])) busy.add(day.weekday);
  }
  publishingDay = [1, 2, 3, 4, 5, 6, 7].find((weekday) => !busy.has(weekday)) ?? 3;
  await setPublishing(dataDir, uuids[COFFEE]!, WEEKDAYS[publishingDay - 1]!, '12:00');
  await refreshDiscovery(dataDir);
  // The server reads the new figures within seconds and its kept public answers follow within 30 s.
  const ids = async (path: string) =>
    (await publicData<{ result: { book_uuid: string }[] }>(baseUrl, path)).result.map((book) => book.book_uuid);
  for (const language of ['en-us', 'ar-sa']) {
    await waitUntil(`${IRON} read with ${NEON} (${language})`, async () =>
      (await ids(`/comics/book/${uuids[NEON]}/also_read?language=${language}`)).includes(uuids[IRON]!),
    );
    await waitUntil(`${NEON} ranked (${language})`, async () =>
      (await ids(`/comics/rankings/popular?language=${language}`)).includes(uuids[NEON]!),
    );
  }
}, 240_000);

/** The date (YYYY-MM-DD) of the shown week's publishing day. */
async function publishingDateOf(page: Page): Promise<string> {
  const dates = await page.getByTestId('schedule-day').evaluateAll((days) => days.map((day) => day.getAttribute('data-date')!));
  expect(dates).toHaveLength(7);
  return dates.find((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === publishingDay % 7)!;
}

const CASES = [
  {
    language: 'en-us',
    device: DESKTOP,
    firstWeekday: 0,
    texts: { genre: 'Genre', urbanRomance: 'Urban romance', alsoRead: 'Readers also read', author: 'Mara Quill' },
  },
  {
    language: 'ar-sa',
    device: PHONE,
    firstWeekday: 6,
    texts: { genre: 'النوع الأدبي', urbanRomance: 'رومانسية حضرية', alsoRead: 'قرأ القراء أيضًا', author: 'Mara Quill' },
  },
] as const;

describe.each(CASES)('discovery ($language)', ({ language, device, firstWeekday, texts }) => {
  it('the calendar shows a book on its publishing day, in the reader’s week, and leads to it', async () => {
    // The reader's zone is UTC, so the 12:00 UTC release reads 12:00.
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device, timezoneId: 'UTC' });
    await page.goto('/schedule');
    const days = page.getByTestId('schedule-day');
    const first = await days.first().getAttribute('data-date');
    expect(new Date(`${first}T00:00:00Z`).getUTCDay()).toBe(firstWeekday);
    const day = await publishingDateOf(page);
    const column = page.locator(`[data-testid="schedule-day"][data-date="${day}"]`);
    if (device === PHONE) {
      // One day at a time on a phone: the strip of days chooses it.
      await page.locator(`button[aria-controls="schedule-day-${day}"]`).click();
      await expect.poll(() => page.locator(`button[aria-controls="schedule-day-${day}"]`).getAttribute('aria-pressed')).toBe('true');
    }
    const card = column.locator('article', { has: page.locator(`a[href="/book/chapters/${uuids[COFFEE]}"]`) });
    await card.waitFor();
    // 12:00 UTC in the reader's zone (UTC), in the language's clock and Latin digits.
    await expect.poll(() => card.locator('time').textContent()).toMatch(/12:00/);
    expect(await seriousViolations(page)).toEqual([]);
    await column.locator(`a[href="/book/chapters/${uuids[COFFEE]}"]`).click();
    await eventually(() => pathOf(page)).toBe(`/book/chapters/${uuids[COFFEE]}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the rankings change with a genre, and keep it in the address', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device });
    await page.goto('/rankings');
    const list = page.getByTestId('ranking-list');
    await list.locator(`a[href="/book/chapters/${uuids[NEON]}"]`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(texts.genre).selectOption({ label: texts.urbanRomance });
    await eventually(() => new URL(page.url()).searchParams.get('tag')).toBe(URBAN_ROMANCE);
    await list.locator(`a[href="/book/chapters/${uuids[COFFEE]}"]`).waitFor();
    await eventually(() => list.locator(`a[href="/book/chapters/${uuids[NEON]}"]`).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a book page links its author to their page, which lists their books; its also-read row leads to another book', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device });
    await page.goto(`/book/chapters/${uuids[NEON]}`);
    const row = page.getByRole('region', { name: texts.alsoRead });
    await row.locator(`a[href="/book/chapters/${uuids[IRON]}"]`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('book-creators').getByRole('link', { name: texts.author }).click();
    await eventually(() => pathOf(page)).toBe('/author/mara-quill');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mara Quill');
    await page.locator(`a[href="/book/chapters/${uuids[NEON]}"]`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goBack();
    await page.getByRole('region', { name: texts.alsoRead }).locator(`a[href="/book/chapters/${uuids[IRON]}"]`).click();
    await eventually(() => pathOf(page)).toBe(`/book/chapters/${uuids[IRON]}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('every new page is readable without JavaScript', async () => {
    const html = async (path: string) => {
      const response = await fetch(`${baseUrl}${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
      expect(response.status, path).toBe(200);
      return response.text();
    };
    expect(await html('/schedule')).toContain(`href="/book/chapters/${uuids[COFFEE]}"`);
    const ranking = await html('/rankings');
    expect(ranking).toContain(`href="/book/chapters/${uuids[NEON]}"`);
    const filtered = await html(`/rankings?tag=${encodeURIComponent(URBAN_ROMANCE)}`);
    expect(filtered).toContain(`href="/book/chapters/${uuids[COFFEE]}"`);
    expect(filtered).not.toContain(`href="/book/chapters/${uuids[NEON]}"`);
    const author = await html('/author/mara-quill');
    expect(author).toContain('Mara Quill');
    expect(author).toContain(`href="/book/chapters/${uuids[NEON]}"`);
  });
});
