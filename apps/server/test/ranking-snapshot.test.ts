import { setTimeout as sleep } from 'node:timers/promises';
import { audienceFor, DEFAULT_RATING_POLICY } from '../src/modules/access/content-rating.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueVersion } from '../src/modules/catalogue/catalogue-version.js';
import { createRankingSnapshot } from '../src/modules/catalogue/ranking-snapshot.js';
import { createBook } from './helpers/factories.js';
import { createQueryLog } from './helpers/query-log.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
/** The default site's audience for a visitor (no adult book). */
const EVERYONE = audienceFor(DEFAULT_RATING_POLICY, { ageConfirmed: false });

// The in-memory ordering behind book search (modules/catalogue/ranking-snapshot.ts): refreshed
// every `maxAgeMs` so popularity follows reading activity, rebuilt whole when the catalogue changes.

const MAX_AGE_MS = 60_000;
const log = createQueryLog();
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({}, { log: log.logger });
});
afterAll(() => ctx.close());

describe('ranking snapshot', () => {
  it('follows popularity on its refresh without reading tags again, and rebuilds whole when the catalogue changes', async () => {
    const quiet = await createBook(ctx, { popularity: 10, tags: ['Mystery'], titles: { 'en-us': 'Quiet Harbour' } });
    const loud = await createBook(ctx, { popularity: 20, tags: ['Horror'], titles: { 'en-us': 'Loud Night' } });
    const versions = createCatalogueVersion(ctx.db);
    let clock = 1_000_000;
    const snapshot = createRankingSnapshot(ctx.db, versions, { maxAgeMs: MAX_AGE_MS, now: () => clock });
    const byPopularity = async (extra: { tag?: string; matches?: number[] } = {}) =>
      (await snapshot.page({ audience: EVERYONE, order: 'popularity', page: 0, pageSize: 10, ...extra })).ids;

    expect(await byPopularity()).toEqual([loud.id, quiet.id]);
    // A search's matches (book-search.ts), narrowed to published books in the order asked for.
    expect(await byPopularity({ matches: [quiet.id, 999_999] })).toEqual([quiet.id]);

    // Reading activity moves popularity without a catalogue change (events.repository.ts).
    await ctx.db.updateTable('books').set({ popularity: 30 }).where('id', '=', quiet.id).execute();
    expect(await byPopularity()).toEqual([loud.id, quiet.id]);

    clock += MAX_AGE_MS + 1;
    const { queries } = await log.during(async () => {
      // The first call past the age answers from the snapshot it has and refreshes behind it.
      expect(await byPopularity()).toEqual([loud.id, quiet.id]);
      for (let waited = 0; (await byPopularity())[0] !== quiet.id; waited += 10) {
        if (waited > 5_000) throw new Error('the snapshot was not refreshed');
        await sleep(10);
      }
    });
    expect(queries.some((query) => /from "books"/i.test(query))).toBe(true);
    expect(queries.filter((query) => /"book_tags"|"tags"|"book_translations"/i.test(query))).toEqual([]);
    // What it kept still answers: tags, a search's matches, the tag counts.
    expect(await byPopularity({ tag: 'Horror' })).toEqual([loud.id]);
    expect(await byPopularity({ matches: [loud.id, quiet.id] })).toEqual([quiet.id, loud.id]);
    expect((await snapshot.tagsByUse()).sort()).toEqual(['Horror', 'Mystery']);

    // A new book bumps the catalogue version: the next read waits for a whole new snapshot.
    const fresh = await createBook(ctx, { popularity: 5, tags: ['Romance'], titles: { 'en-us': 'New Harbour' } });
    await versions.refresh();
    expect(await byPopularity()).toEqual([quiet.id, loud.id, fresh.id]);
    expect(await byPopularity({ tag: 'Romance' })).toEqual([fresh.id]);
    expect(await byPopularity({ matches: [fresh.id, quiet.id] })).toEqual([quiet.id, fresh.id]);
    expect((await snapshot.tagsByUse()).sort()).toEqual(['Horror', 'Mystery', 'Romance']);
  });
});
