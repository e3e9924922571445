import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChapter } from '../src/modules/catalogue/catalogue-write.repository.js';
import { publishingBooks, releasesBetween, scheduledReleases } from '../src/modules/catalogue/schedule.repository.js';
import { bookChanged, createBook, type TestBook } from './helpers/factories.js';
import { explainStatement } from './helpers/plan-check.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

// The release calendar (GET /comics/schedule, docs/DISCOVERY.md "Calendar") on a made catalogue
// around the week of Monday 30 November 2026. Moments are fixed instants: scheduled chapters are
// written without a publish job, so the calendar reads them whatever day the test runs on.

let ctx: TestContext;
const books: Record<string, TestBook> = {};

type Day = { date: string; weekday: number; is_today: boolean; books: { book_uuid: string; release: string; release_at: string | null }[] };

const schedule = async (query: string) => {
  const response = await ctx.app.inject(`/api/v1/comics/schedule?${query}`);
  return { status: response.statusCode, body: response.json() };
};
const week = async (query: string) => {
  const { status, body } = await schedule(query);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as {
    days: Day[];
    completed: { book_uuid: string }[];
    previous_week: string;
    next_week: string;
    week_start: string;
    time_zone: string;
  };
};
/** The day of the week a book is on, with why and when. */
const placesOf = (days: Day[], book: TestBook | undefined) =>
  days.flatMap((day) =>
    day.books
      .filter((entry) => entry.book_uuid === book!.uuid)
      .map((entry) => ({ date: day.date, release: entry.release, at: entry.release_at })),
  );

const MON = 1;
const TUE = 2;
const WED = 4;
const THU = 8;
const FRI = 16;

async function publishing(book: TestBook, days: number, time: number | null, zone: string) {
  await ctx.db
    .updateTable('books')
    .set({ publishing_days: days, publishing_time: time, publishing_time_zone: zone })
    .where('id', '=', book.id)
    .execute();
}

async function chapter(book: TestBook, number: number, at: string, published: boolean) {
  await insertChapter(ctx.db, {
    book_id: book.id,
    number,
    is_published: published,
    publish_at: published ? null : Date.parse(at),
    created_at: published ? Date.parse(at) : Date.now(),
    translations: [{ language: 'en-us', title: `Chapter ${number}` }],
    pages: [],
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  // Tuesdays at 10:00 in Shanghai: 02:00 UTC, 03:00 in Paris (Tuesday), 21:00 the Monday before in New York.
  books.shanghai = await createBook(ctx, { popularity: 10 });
  await publishing(books.shanghai, TUE, 10 * 60, 'Asia/Shanghai');
  // Tuesdays and Fridays at 10:00 UTC.
  books.twiceWeekly = await createBook(ctx, { popularity: 50 });
  await publishing(books.twiceWeekly, TUE | FRI, 10 * 60, 'UTC');
  // Tuesdays without a set time: after the timed books of the day.
  books.untimed = await createBook(ctx, { popularity: 90 });
  await publishing(books.untimed, TUE, null, 'UTC');
  // Two books at the same time: the more read first.
  books.lessRead = await createBook(ctx, { popularity: 5 });
  books.moreRead = await createBook(ctx, { popularity: 500 });
  for (const book of [books.lessRead, books.moreRead]) await publishing(book, MON, 8 * 60, 'UTC');
  // Wednesdays at 09:00, and a chapter came out that Wednesday at 08:00: released beats regular.
  books.released = await createBook(ctx, { popularity: 20, chapters: 1 });
  await publishing(books.released, WED, 9 * 60, 'UTC');
  await chapter(books.released, 2, '2026-12-02T08:00:00Z', true);
  // Thursdays at 10:00 and a chapter scheduled that Thursday at 12:00: scheduled beats regular.
  books.scheduled = await createBook(ctx, { popularity: 30, chapters: 1 });
  await publishing(books.scheduled, THU, 10 * 60, 'UTC');
  await chapter(books.scheduled, 2, '2026-12-03T12:00:00Z', false);
  // Only a scheduled chapter (no regular days): Saturday 5 December 23:30 UTC, Sunday in Shanghai.
  books.onlyScheduled = await createBook(ctx, { popularity: 1, chapters: 1 });
  await chapter(books.onlyScheduled, 2, '2026-12-05T23:30:00Z', false);
  // Neither an unpublished book's schedule nor its days are shown.
  books.draft = await createBook(ctx, { isPublished: false });
  await publishing(books.draft, TUE, 10 * 60, 'UTC');
  await chapter(books.draft, 1, '2026-12-01T11:00:00Z', false);
  // Completed books: never a regular day, listed apart (the most read first, at most 24).
  books.completed = await createBook(ctx, { status: 'completed', popularity: 1000 });
  await publishing(books.completed, TUE, 10 * 60, 'UTC');
  for (let n = 0; n < 25; n += 1) await createBook(ctx, { status: 'completed', popularity: n });
  await bookChanged(ctx, books.completed.id);
});
afterAll(() => ctx.close());

describe('the release calendar', () => {
  it('places a Shanghai Tuesday 10:00 on Tuesday 03:00 in Paris and on Monday 21:00 in New York', async () => {
    const paris = await week('week=2026-12-01&time_zone=Europe/Paris');
    expect(placesOf(paris.days, books.shanghai)).toEqual([{ date: '2026-12-01', release: 'regular', at: '2026-12-01T02:00:00.000Z' }]);
    const newYork = await week('week=2026-12-01&time_zone=America/New_York');
    expect(placesOf(newYork.days, books.shanghai)).toEqual([{ date: '2026-11-30', release: 'regular', at: '2026-12-01T02:00:00.000Z' }]);
    const shanghai = await week('week=2026-12-01&time_zone=Asia/Shanghai');
    expect(placesOf(shanghai.days, books.shanghai)).toEqual([{ date: '2026-12-01', release: 'regular', at: '2026-12-01T02:00:00.000Z' }]);
    // The scheduled Saturday 23:30 UTC chapter is a Sunday in Shanghai.
    expect(placesOf(shanghai.days, books.onlyScheduled)).toEqual([
      { date: '2026-12-06', release: 'scheduled', at: '2026-12-05T23:30:00.000Z' },
    ]);
    expect(paris.time_zone).toBe('Europe/Paris');
  });

  it('starts the week on Monday by default, on Sunday or Saturday when asked', async () => {
    const monday = await week('week=2026-12-03');
    expect(monday.week_start).toBe('monday');
    expect(monday.days.map((day) => day.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(monday.days.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect([monday.previous_week, monday.next_week]).toEqual(['2026-11-23', '2026-12-07']);
    const sunday = await week('week=2026-12-03&week_start=sunday');
    expect(sunday.days[0]).toMatchObject({ date: '2026-11-29', weekday: 7 });
    expect(sunday.days[6]).toMatchObject({ date: '2026-12-05', weekday: 6 });
    const saturday = await week('week=2026-12-03&week_start=saturday');
    expect(saturday.days.map((day) => day.date)).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    expect(saturday.days.map((day) => day.weekday)).toEqual([6, 7, 1, 2, 3, 4, 5]);
    // A Saturday asked for starts its own week when weeks start on Saturday.
    expect((await week('week=2026-12-05&week_start=saturday')).days[0]!.date).toBe('2026-12-05');
    // The Saturday-started week ending Friday 4 December holds the Friday but not the Saturday chapter.
    expect(placesOf(saturday.days, books.twiceWeekly).map((p) => p.date)).toEqual(['2026-12-01', '2026-12-04']);
    expect(placesOf(saturday.days, books.onlyScheduled)).toEqual([]);
  });

  it('says why a book is on a day: released beats scheduled beats regular, once per day', async () => {
    const { days } = await week('week=2026-12-01');
    expect(placesOf(days, books.released)).toEqual([{ date: '2026-12-02', release: 'released', at: '2026-12-02T08:00:00.000Z' }]);
    expect(placesOf(days, books.scheduled)).toEqual([{ date: '2026-12-03', release: 'scheduled', at: '2026-12-03T12:00:00.000Z' }]);
    expect(placesOf(days, books.twiceWeekly)).toEqual([
      { date: '2026-12-01', release: 'regular', at: '2026-12-01T10:00:00.000Z' },
      { date: '2026-12-04', release: 'regular', at: '2026-12-04T10:00:00.000Z' },
    ]);
    expect(placesOf(days, books.untimed)).toEqual([{ date: '2026-12-01', release: 'regular', at: null }]);
    expect(placesOf(days, books.draft)).toEqual([]);
    // Nothing of a scheduled chapter but its moment.
    const entry = days[3]!.books.find((book) => book.book_uuid === books.scheduled!.uuid)!;
    expect(Object.keys(entry).filter((key) => key.includes('chapter_uuid') || key === 'chapter_title')).toEqual([]);
  });

  it('orders a day by time, books without a time last, then the more read first', async () => {
    const { days } = await week('week=2026-12-01');
    expect(days[1]!.books.map((book) => book.book_uuid)).toEqual([books.shanghai!.uuid, books.twiceWeekly!.uuid, books.untimed!.uuid]);
    expect(days[0]!.books.map((book) => book.book_uuid)).toEqual([books.moreRead!.uuid, books.lessRead!.uuid]);
  });

  it('lists completed books apart, never on a day, the most read first and at most 24', async () => {
    const { days, completed } = await week('week=2026-12-01');
    expect(placesOf(days, books.completed)).toEqual([]);
    expect(completed).toHaveLength(24);
    expect(completed[0]!.book_uuid).toBe(books.completed!.uuid);
  });

  it('shows the current week in the zone without ?week=, today marked', async () => {
    const { days } = await week('time_zone=Pacific/Kiritimati');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    const marked = days.filter((day) => day.is_today).map((day) => day.date);
    // The day may turn between the request and this line: then it is tomorrow's date.
    expect(marked).toHaveLength(1);
    expect([today, new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date())]).toContain(marked[0]);
    expect(days[0]!.weekday).toBe(1);
  });

  it('refuses bad input with a 400 and a stable code', async () => {
    const refused = async (query: string, code: string) => {
      const { status, body } = await schedule(query);
      expect(status, query).toBe(400);
      expect(body.code, query).toBe(code);
    };
    await refused('week=2026-02-30', 'VALIDATION_FAILED');
    await refused('week=2026-2-3', 'VALIDATION_FAILED');
    await refused('week=tomorrow', 'VALIDATION_FAILED');
    await refused('time_zone=Mars/Olympus_Mons', 'INVALID_TIME_ZONE');
    await refused('time_zone=%2B08:00', 'INVALID_TIME_ZONE');
    await refused('week_start=friday', 'VALIDATION_FAILED');
    await refused('language=xx-yy', 'INVALID_LANGUAGE');
  });

  it('drops a parameter it does not know, as every closed schema of the API does', async () => {
    const plain = await week('week=2026-12-01&time_zone=Europe/Paris');
    expect(await week('week=2026-12-01&time_zone=Europe/Paris&page=2')).toEqual(plain);
  });

  it('is a public cached read', async () => {
    const response = await ctx.app.inject('/api/v1/comics/schedule?week=2026-12-01&time_zone=UTC');
    expect(response.headers['cache-control']).toMatch(/public/);
  });
});

describe("the calendar's reads", () => {
  it('read a range of an index, never every chapter or book', async () => {
    const releases = await explainStatement(ctx, releasesBetween(ctx.db, Date.parse('2026-11-30'), Date.parse('2026-12-07')).compile());
    expect(releases.join('\n')).toContain('chapters_release_moment_idx');
    const publishing = await explainStatement(ctx, publishingBooks(ctx.db).compile());
    expect(publishing.join('\n')).toContain('books_publishing_days_idx');
    const scheduled = await explainStatement(ctx, scheduledReleases(ctx.db).compile());
    expect(scheduled.join('\n')).toContain('chapters_publish_at_idx');
  });
});
