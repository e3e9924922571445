import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatusImportService } from '../src/modules/library/status-import/import.service.js';
import { callApi, createBook, createUser, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { createAudiences } from '../src/modules/access/audiences.js';
import { DEFAULT_RATING_POLICY } from '../src/modules/access/content-rating.js';

/**
 * Issue 61: importing statuses from a MyAnimeList (.xml.gz) and a MangaDex export on both
 * databases: matched by folded title and alternate titles, ambiguous and unmatched reported, the
 * dry run writes nothing, a chosen status stays unless overwrite, the limit, and unreadable files 400.
 */
let ctx: TestContext;
let jade: TestBook;
let heros: TestBook;
let tom1: TestBook;
let tom2: TestBook;
beforeAll(async () => {
  ctx = await createTestContext();
  jade = await createBook(ctx, { chapters: 1, titles: { 'en-us': 'The Jade Pin', 'zh-cn': '玉簪记' } });
  // Matched through an alternate title, folded: "Héros & <Storm>" and "HEROS & STORM" are "heros storm".
  heros = await createBook(ctx, {
    chapters: 1,
    titles: { 'en-us': 'Storm Heroes' },
    alternateTitles: [{ title: 'Heros: Storm', language: 'fr' }],
  });
  // Two books known as "Tom & Jerry": ambiguous, never guessed.
  tom1 = await createBook(ctx, { chapters: 1, titles: { 'en-us': 'Tom & Jerry' } });
  tom2 = await createBook(ctx, {
    chapters: 1,
    titles: { 'en-us': 'Tom and Jerry' },
    alternateTitles: [{ title: 'TOM & JERRY', language: null }],
  });
  // Unpublished: never matched.
  await createBook(ctx, { chapters: 1, titles: { 'en-us': 'A Series Nobody Has' }, isPublished: false });
});
afterAll(() => ctx?.close());

const fixture = (name: string) => readFileSync(new URL(`./fixtures/status-import/${name}`, import.meta.url));
const importFile = (user: TestUser, body: Record<string, unknown>) => callApi(ctx, 'POST', '/user/statuses/import', user, body);
const statusOf = async (user: TestUser, book: TestBook) =>
  (await callApi(ctx, 'GET', `/user/statuses/${book.uuid}`, user)).json().data.result;
const malBody = { format: 'mal', content: fixture('mal-manga.xml.gz').toString('base64'), encoding: 'base64' };
const mangadexBody = {
  format: 'mangadex',
  content: fixture('mangadex-statuses.json').toString('utf8'),
  titles: fixture('mangadex-follows.json').toString('utf8'),
};

describe('importing statuses', () => {
  it('MAL .xml.gz: the dry run reports and writes nothing; the import files the matched books as chosen', async () => {
    const reader = await createUser(ctx);
    const dry = await importFile(reader, { ...malBody, dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json().data.result;
    expect(report).toMatchObject({ dry_run: true, total: 5, matched: 2, already_set: 0, unmatched: 1, ambiguous: 1, invalid: 1 });
    expect(report.entries.map((e: { outcome: string; book: { uuid: string } | null }) => [e.outcome, e.book?.uuid ?? null])).toEqual([
      ['matched', jade.uuid],
      ['matched', heros.uuid],
      ['ambiguous', null],
      ['unmatched', null],
      ['invalid', null],
    ]);
    expect(report.entries[2].candidates.map((c: { uuid: string }) => c.uuid).sort()).toEqual([tom1.uuid, tom2.uuid].sort());
    expect(report.entries[3]).toMatchObject({ source_title: 'A Series Nobody Has', reason: 'no_book' });
    expect(report.entries[4]).toMatchObject({ source_title: 'Strange Status', reason: 'unknown_status' });
    expect((await statusOf(reader, jade)).status).toBeNull();

    const done = await importFile(reader, malBody);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.result).toMatchObject({ dry_run: false, matched: 2 });
    expect(await statusOf(reader, jade)).toMatchObject({ status: 'reading', chosen: true });
    expect(await statusOf(reader, heros)).toMatchObject({ status: 'plan_to_read', chosen: true });
    expect((await statusOf(reader, tom1)).status).toBeNull();
    const counts = (await callApi(ctx, 'GET', '/user/statuses/counts', reader)).json().data.result;
    expect(counts).toMatchObject({ reading: 1, plan_to_read: 1 });
  });

  it('MangaDex: a chosen status stays unless overwrite; the site’s own "reading" is replaced; no title is unmatched', async () => {
    const reader = await createUser(ctx);
    expect((await callApi(ctx, 'PUT', `/user/statuses/${jade.uuid}`, reader, { status: 'dropped' })).statusCode).toBe(200);
    // Opening a chapter files the book as "reading", not chosen.
    await callApi(ctx, 'POST', '/reader/progress', reader, {
      progress: [{ book_uuid: heros.uuid, chapter_uuid: heros.chapters[0]!.uuid }],
    });
    expect(await statusOf(reader, heros)).toMatchObject({ status: 'reading', chosen: false });

    const first = await importFile(reader, mangadexBody);
    expect(first.statusCode, first.body).toBe(200);
    const report = first.json().data.result;
    expect(report).toMatchObject({ total: 4, matched: 1, already_set: 1, unmatched: 1, invalid: 1 });
    expect(report.entries[0]).toMatchObject({ outcome: 'already_set', reason: 'chosen', book: { uuid: jade.uuid } });
    expect(report.entries[2]).toMatchObject({ outcome: 'unmatched', reason: 'no_title', source_title: null });
    expect(await statusOf(reader, jade)).toMatchObject({ status: 'dropped', chosen: true });
    expect(await statusOf(reader, heros)).toMatchObject({ status: 'on_hold', chosen: true });

    const again = await importFile(reader, { ...mangadexBody, overwrite: true });
    expect(again.json().data.result).toMatchObject({ matched: 2, already_set: 0 });
    expect(await statusOf(reader, jade)).toMatchObject({ status: 'completed', chosen: true });
  });

  it('AniList as plain text, matched by a second title', async () => {
    const reader = await createUser(ctx);
    const content = JSON.stringify([
      { status: 'COMPLETED', media: { id: 9, title: { romaji: 'Yu Zan Ji', english: null }, synonyms: ['玉簪記'] } },
    ]);
    const done = await importFile(reader, { format: 'anilist', content });
    expect(done.json().data.result).toMatchObject({ matched: 1 });
    expect((await statusOf(reader, jade)).status).toBe('completed');
  });

  it('refuses unreadable files with 400 and a stable code, wrong fields with VALIDATION_FAILED, a visitor with 401', async () => {
    const reader = await createUser(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ format: 'mangadex', content: 'not json' }, 'IMPORT_FILE_UNREADABLE'],
      [{ format: 'anilist', content: fixture('mal-manga.xml').toString('utf8') }, 'IMPORT_FILE_UNREADABLE'],
      [{ format: 'mal', content: '{"statuses":{}}' }, 'IMPORT_FILE_UNREADABLE'],
      [{ format: 'mal', content: '%%%', encoding: 'base64' }, 'IMPORT_FILE_UNREADABLE'],
      [{ format: 'mal', content: Buffer.from([0x1f, 0x8b, 1, 2, 3]).toString('base64'), encoding: 'base64' }, 'IMPORT_FILE_UNREADABLE'],
      [{ format: 'kitsu', content: 'x' }, 'VALIDATION_FAILED'],
      [{ format: 'mal', content: '' }, 'VALIDATION_FAILED'],
      [{ format: 'mal', content: 'x\u0000', encoding: 'zip' }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of cases) {
      const refused = await importFile(reader, body);
      expect([refused.statusCode, refused.json().code], JSON.stringify(body).slice(0, 80)).toEqual([400, code]);
    }
    const many = JSON.stringify({ statuses: Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`id-${i}`, 'reading'])) });
    const tooMany = await importFile(reader, { format: 'mangadex', content: many });
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([400, 'IMPORT_TOO_MANY_ENTRIES']);
    expect((await importFile(null as unknown as TestUser, malBody)).statusCode).toBe(401);
    expect((await statusOf(reader, jade)).status).toBeNull();
  });

  it('STATUS_LIMIT_REACHED when the import would pass the limit, and nothing is written', async () => {
    const reader = await createUser(ctx);
    await callApi(ctx, 'PUT', `/user/statuses/${tom1.uuid}`, reader, { status: 'dropped' });
    const importer = createStatusImportService({
      db: ctx.db,
      audiences: createAudiences({ db: ctx.db, ratingPolicy: async () => DEFAULT_RATING_POLICY }),
      max: 2,
    });
    await expect(importer.importStatuses(reader.id, malBody as never)).rejects.toMatchObject({
      code: 'STATUS_LIMIT_REACHED',
      statusCode: 409,
    });
    expect((await statusOf(reader, jade)).status).toBeNull();
    // Replacing an existing status adds no book: within the limit.
    const fits = await createStatusImportService({
      db: ctx.db,
      audiences: createAudiences({ db: ctx.db, ratingPolicy: async () => DEFAULT_RATING_POLICY }),
      max: 3,
    }).importStatuses(reader.id, malBody as never);
    expect(fits.matched).toBe(2);
  });
});
