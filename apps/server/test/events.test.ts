import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsBody } from '@inkstream/contracts';
import { createEventsService } from '../src/modules/events/events.service.js';
import { authHeader, createBook, createUser, type TestBook } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
let book: TestBook;
let otherBook: TestBook;
beforeAll(async () => {
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 2, pagesPerChapter: 1 });
  otherBook = await createBook(ctx, { chapters: 1, pagesPerChapter: 1 });
});
afterAll(() => ctx.close());

let ipCounter = 0;
const nextIp = () => `10.5.0.${(ipCounter += 1)}`;

const postEvents = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/events',
    payload: payload as Record<string, unknown>,
    headers,
    remoteAddress: nextIp(),
  });

const popularity = async (bookId: number) =>
  Number((await ctx.db.selectFrom('books').select('popularity').where('id', '=', bookId).executeTakeFirstOrThrow()).popularity);

const countEvents = async (bookId: number) =>
  Number(
    (
      await ctx.db
        .selectFrom('reading_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('book_id', '=', bookId)
        .executeTakeFirstOrThrow()
    ).n,
  );

function expectValidationFailed(response: Awaited<ReturnType<typeof postEvents>>) {
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(typeof body.error).toBe('string');
  expect(body).not.toHaveProperty('data');
}

describe('POST /events', () => {
  it('accepts valid events with 202 {data:{accepted:N}} and raises popularity', async () => {
    const popularityBefore = await popularity(book.id);
    const eventsBefore = await countEvents(book.id);
    const response = await postEvents(
      {
        events: [
          { type: 'open_book', book_uuid: book.uuid },
          { type: 'start_reading', book_uuid: book.uuid, chapter_uuid: book.chapters[0]!.uuid },
        ],
      },
      { 'x-visitor-id': '0a1b2c3d' },
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: 2 } });
    expect(await countEvents(book.id)).toBe(eventsBefore + 2);
    // open_book counts 1 point and start_reading 2.
    expect(await popularity(book.id)).toBe(popularityBefore + 3);

    const rows = await ctx.db.selectFrom('reading_events').selectAll().where('book_id', '=', book.id).orderBy('id').execute();
    const last = rows.slice(-2);
    expect(last.map((r) => [r.event_type, r.chapter_id === null ? null : Number(r.chapter_id), r.visitor_id])).toEqual([
      ['open_book', null, '0a1b2c3d'],
      ['start_reading', book.chapters[0]!.id, '0a1b2c3d'],
    ]);
  });

  it('records the user of a signed-in call', async () => {
    const user = await createUser(ctx);
    const response = await postEvents(
      { events: [{ type: 'finish_reading', book_uuid: book.uuid, chapter_uuid: book.chapters[1]!.uuid }] },
      authHeader(user),
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: 1 } });
    const row = await ctx.db.selectFrom('reading_events').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.event_type).toBe('finish_reading');
    expect(Number(row.book_id)).toBe(book.id);
    expect(row.visitor_id).toBeNull();
  });

  it('drops events for an unknown book and counts only the valid ones', async () => {
    const popularityBefore = await popularity(book.id);
    const response = await postEvents({
      events: [
        { type: 'open_book', book_uuid: randomUUID() },
        { type: 'open_book', book_uuid: book.uuid },
        { type: 'start_reading', book_uuid: randomUUID(), chapter_uuid: book.chapters[0]!.uuid },
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: 1 } });
    expect(await popularity(book.id)).toBe(popularityBefore + 1);
  });

  it('drops an event whose chapter belongs to another book', async () => {
    const popularityBefore = await popularity(book.id);
    const otherBefore = await popularity(otherBook.id);
    const eventsBefore = await countEvents(book.id);
    const response = await postEvents({
      events: [
        { type: 'start_reading', book_uuid: book.uuid, chapter_uuid: otherBook.chapters[0]!.uuid },
        { type: 'start_reading', book_uuid: book.uuid, chapter_uuid: randomUUID() },
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: 0 } });
    expect(await popularity(book.id)).toBe(popularityBefore);
    expect(await popularity(otherBook.id)).toBe(otherBefore);
    expect(await countEvents(book.id)).toBe(eventsBefore);
  });

  it('drops events for an unpublished book', async () => {
    const draft = await createBook(ctx, { isPublished: false });
    const response = await postEvents({ events: [{ type: 'open_book', book_uuid: draft.uuid }] });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: 0 } });
    expect(await popularity(draft.id)).toBe(0);
  });

  it('accepts 50 events and refuses 51 with 400 VALIDATION_FAILED', async () => {
    const popularityBefore = await popularity(book.id);
    const fifty = Array.from({ length: 50 }, () => ({ type: 'open_book', book_uuid: book.uuid }));
    const ok = await postEvents({ events: fifty });
    expect(ok.statusCode).toBe(202);
    // Fifty opens of one book by one reader count once.
    expect(ok.json()).toEqual({ data: { accepted: 1 } });
    expect(await popularity(book.id)).toBe(popularityBefore + 1);

    const tooMany = await postEvents({ events: [...fifty, { type: 'open_book', book_uuid: book.uuid }] });
    expectValidationFailed(tooMany);
    expect(await popularity(book.id)).toBe(popularityBefore + 1);
  });

  it('refuses an empty list with 400', async () => {
    expectValidationFailed(await postEvents({ events: [] }));
    expectValidationFailed(await postEvents({}));
  });

  it('refuses an unknown event type and a malformed book uuid with 400', async () => {
    const popularityBefore = await popularity(book.id);
    expectValidationFailed(await postEvents({ events: [{ type: 'close_book', book_uuid: book.uuid }] }));
    expectValidationFailed(await postEvents({ events: [{ type: 'open_book', book_uuid: 'not-a-uuid' }] }));
    expect(await popularity(book.id)).toBe(popularityBefore);
  });

  it('accepts a text/plain body containing JSON, as navigator.sendBeacon sends it', async () => {
    const popularityBefore = await popularity(book.id);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ events: [{ type: 'open_book', book_uuid: book.uuid }] }),
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: 1 } });
    expect(await popularity(book.id)).toBe(popularityBefore + 1);
  });

  it('refuses a text/plain body that is not JSON with 400, not 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
      remoteAddress: nextIp(),
    });
    expectValidationFailed(response);
  });

  it('keeps a plausible client time and replaces an implausible one', async () => {
    const user = await createUser(ctx);
    const at = new Date(Date.now() - 60_000).toISOString();
    const response = await postEvents(
      {
        events: [
          { type: 'open_book', book_uuid: book.uuid, at },
          { type: 'start_reading', book_uuid: book.uuid, chapter_uuid: book.chapters[0]!.uuid, at: '2001-01-01T00:00:00.000Z' },
        ],
      },
      authHeader(user),
    );
    expect(response.statusCode).toBe(202);
    const rows = await ctx.db.selectFrom('reading_events').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(Number(rows[0]!.occurred_at)).toBe(Date.parse(at));
    expect(Number(rows[1]!.occurred_at)).toBe(Number(rows[1]!.received_at));
  });
});

describe('counting each reader once a day', () => {
  const everything = (target: TestBook) => [
    { type: 'open_book', book_uuid: target.uuid },
    ...target.chapters.flatMap((chapter) => [
      { type: 'start_reading', book_uuid: target.uuid, chapter_uuid: chapter.uuid },
      { type: 'finish_reading', book_uuid: target.uuid, chapter_uuid: chapter.uuid },
    ]),
  ];
  // open_book 1 point, each chapter started 2 and finished 3.
  const mostOneReaderAdds = (target: TestBook) => 1 + target.chapters.length * 5;

  it('6,000 events a minute from one address, with a new visitor id each time, raise popularity once', async () => {
    const target = await createBook(ctx, { chapters: 2, pagesPerChapter: 1 });
    const before = await popularity(target.id);
    const batch = Array.from({ length: 10 }, () => everything(target))
      .flat()
      .slice(0, 50);
    const statuses = new Set<number>();
    for (let i = 0; i < 120; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/events',
        payload: { events: batch },
        headers: { 'x-visitor-id': randomUUID().slice(0, 8) },
        remoteAddress: '10.77.0.1',
      });
      statuses.add(response.statusCode);
    }
    expect([...statuses]).toEqual([202]);
    expect(await popularity(target.id)).toBe(before + mostOneReaderAdds(target));
  });

  it('counts concurrent identical calls once', async () => {
    const target = await createBook(ctx, { chapters: 1, pagesPerChapter: 1 });
    const before = await popularity(target.id);
    const send = () =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/events', payload: { events: everything(target) }, remoteAddress: '10.77.0.2' });
    const answers = await Promise.all(Array.from({ length: 20 }, send));
    expect(answers.reduce((sum, r) => sum + r.json().data.accepted, 0)).toBe(3);
    expect(await popularity(target.id)).toBe(before + mostOneReaderAdds(target));
  });

  it('counts two readers twice: two accounts on one address, or two addresses', async () => {
    const target = await createBook(ctx, { chapters: 1, pagesPerChapter: 1 });
    const before = await popularity(target.id);
    const [first, second] = [await createUser(ctx), await createUser(ctx)];
    const send = (headers: Record<string, string>, remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/events', payload: { events: everything(target) }, headers, remoteAddress });
    await send(authHeader(first), '10.77.0.3');
    await send(authHeader(second), '10.77.0.3');
    await send(authHeader(second), '10.77.0.4');
    await send({}, '10.77.0.5');
    await send({}, '10.77.0.6');
    expect(await popularity(target.id)).toBe(before + 4 * mostOneReaderAdds(target));
  });

  it('counts the same reader again the next day', async () => {
    const target = await createBook(ctx, { chapters: 1, pagesPerChapter: 1 });
    const before = await popularity(target.id);
    let clock = Date.UTC(2026, 10, 22, 23, 59);
    const events = createEventsService({ db: ctx.db, now: () => clock });
    const body = { events: everything(target) } as EventsBody;
    const reader = { userId: null, visitorId: null, ip: '10.77.0.7' };
    expect(await events.record(body, reader)).toBe(3);
    expect(await events.record(body, reader)).toBe(0);
    clock += 2 * 60_000;
    expect(await events.record(body, reader)).toBe(3);
    expect(await popularity(target.id)).toBe(before + 2 * mostOneReaderAdds(target));
  });
});
