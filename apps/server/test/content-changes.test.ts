import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CacheTopic } from '../src/http/cache-rules.js';
import { createContentVersions } from '../src/modules/catalogue/catalogue-changes.js';
import { createInvalidationBus } from '../src/modules/cluster/invalidation-bus.js';
import { createAdminContext } from './helpers/admin-context.js';
import { turnCoinsOn } from './helpers/coin-flows.js';
import { authHeader, createBook, type TestBook, type TestUser } from './helpers/factories.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * One source for "what changed" (docs/ARCHITECTURE.md, "After a commit"): each kind of change moves
 * the version of what it changed, in its transaction, and the caches that show that thing drop it
 * at once, here and on the other processes; the caches that do not show it keep what they hold.
 */
let ctx: TestContext;
let admin: TestUser;
let book: TestBook;

const admin_ = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: authHeader(admin), ...(payload ? { payload } : {}) });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const searchUrl = '/api/v1/comics/book/search?language=en-us&page=0&page_size=50';
const chaptersUrl = () => `/api/v1/comics/chapters/${book.uuid}/en-us/asc/0/20`;
const legalUrl = '/api/v1/legal/privacy?language=en-us';
const stored = async (key: string) =>
  (await ctx.db.selectFrom('app_state').select('value').where('state_key', '=', key).executeTakeFirst())?.value ?? null;
const catalogueVersion = () => stored('catalogue_version');
const titles = async () => ((await get(searchUrl)).json().data.result as { book_title: string }[]).map((b) => b.book_title);
const chapterList = async () =>
  (await get(chaptersUrl())).json().data.result.chapters as { chapter_number: number; early_access_until?: string }[];
/** What the app's public cache holds (the full path's table). */
const kept = () => ctx.app.publicCache.stats().entries;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  await turnCoinsOn(ctx, admin);
  // Chapter 1 free; chapter 4 comes out in a test, into 24 hours of early access.
  book = await createBook(ctx, { chapters: 4, freeChapters: 1, pagesPerChapter: 1, titles: { 'en-us': 'Harbour Lights' } });
  expect((await admin_('POST', `/chapters/${book.chapters[3]!.uuid}/unpublish`)).statusCode).toBe(200);
  const set = await admin_('PATCH', `/books/${book.uuid}/unlocks`, { coin_price: 30, early_access_count: 2, early_access_hours: 24 });
  expect(set.statusCode, set.body).toBe(200);
}, 60_000);
afterAll(() => ctx?.close());
afterEach(() => vi.restoreAllMocks());

describe(`each change drops what shows it (${TEST_DIALECT})`, () => {
  it('a book edit shows at once in the book list (the catalogue version moved and went out on the bus)', async () => {
    expect(await titles()).toContain('Harbour Lights');
    expect(await titles()).toContain('Harbour Lights');
    expect(kept()).toBeGreaterThan(0);
    const before = await catalogueVersion();
    const published = vi.spyOn(ctx.app.invalidation, 'publish');
    const renamed = await admin_('PUT', `/books/${book.uuid}`, { titles: { 'en-us': 'Harbour Lights Redrawn' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await titles()).toContain('Harbour Lights Redrawn');
    expect(await catalogueVersion()).not.toBe(before);
    expect(ctx.app.catalogueVersion.peek()).toBe(await catalogueVersion());
    expect(published.mock.calls).toEqual([['catalogue', await catalogueVersion()]]);
  });

  it('a chapter publish shows at once in the chapter list, with its early access', async () => {
    const listed = await chapterList();
    expect(listed.map((c) => c.chapter_number)).toEqual([1, 2, 3]);
    expect(await chapterList()).toEqual(listed);
    const published = await admin_('POST', `/chapters/${book.chapters[3]!.uuid}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const after = await chapterList();
    expect(after.map((c) => c.chapter_number)).toEqual([1, 2, 3, 4]);
    expect(Date.parse(after.find((c) => c.chapter_number === 4)!.early_access_until!)).toBeGreaterThan(Date.now());
    expect(after.filter((c) => c.early_access_until).map((c) => c.chapter_number)).toEqual([4]);
  });

  it('a legal text publish shows the new text at once and leaves the catalogue version and the book list kept', async () => {
    ctx.app.publicCache.clear();
    await get(searchUrl);
    expect((await get(legalUrl)).json().data.html).not.toContain('Harbour privacy');
    expect(kept()).toBe(2);
    const catalogue = await catalogueVersion();
    const legal = await stored('legal_texts_version');
    const published = vi.spyOn(ctx.app.invalidation, 'publish');
    const publish = await admin_('PUT', '/legal/privacy/en-us', { markdown: '# Privacy\n\nHarbour privacy, version one.' });
    expect(publish.statusCode, publish.body).toBe(200);
    // The book list's answer stayed (only the legal page's went), and the catalogue version did not move.
    expect(kept()).toBe(1);
    expect(await catalogueVersion()).toBe(catalogue);
    expect(ctx.app.catalogueVersion.peek()).toBe(catalogue);
    expect(await stored('legal_texts_version')).not.toBe(legal);
    expect(published.mock.calls).toEqual([['legal-texts', await stored('legal_texts_version')]]);
    expect((await get(legalUrl)).json().data.html).toContain('Harbour privacy, version one.');
  });

  it('a settings change shows at once in the public config and the legal pages that name it, and keeps the book list', async () => {
    ctx.app.publicCache.clear();
    await get(searchUrl);
    expect((await get('/api/v1/config/public')).json().data.result.site_name).not.toBe('Harbour Site');
    await admin_('PUT', '/legal/terms/en-us', { markdown: '# Terms\n\nThese are the terms of {{site_name}}.' });
    expect((await get('/api/v1/legal/terms?language=en-us')).json().data.html).not.toContain('Harbour Site');
    expect(kept()).toBe(3);
    const catalogue = await catalogueVersion();
    const changed = await admin_('PUT', '/settings', { site_name: 'Harbour Site' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(kept()).toBe(1);
    expect(await catalogueVersion()).toBe(catalogue);
    expect((await get('/api/v1/config/public')).json().data.result.site_name).toBe('Harbour Site');
    expect((await get('/api/v1/legal/terms?language=en-us')).json().data.html).toContain('Harbour Site');
  });

  it('a change that changes nothing moves no version', async () => {
    const same = async () => {
      expect((await admin_('PUT', '/settings', { site_name: 'Quiet Harbour' })).statusCode).toBe(200);
      expect((await admin_('PUT', `/books/${book.uuid}`, { titles: { 'en-us': 'Quiet Harbour Lights' } })).statusCode).toBe(200);
    };
    await same();
    const catalogue = await catalogueVersion();
    const settings = await stored('site_settings_version');
    await same();
    expect(await stored('site_settings_version')).toBe(settings);
    expect(await catalogueVersion()).toBe(catalogue);
  });

  it('another process hears each change as the version of what changed, and nothing else', async () => {
    // A second process's versions on the same database, with its own bus (this process only): it
    // learns by its poll, the backstop every node has when a broadcast is lost.
    const bus = createInvalidationBus({ redisUrl: null, redisPrefix: 'test', databaseUrl: null, log: ctx.app.log });
    const other = createContentVersions(ctx.db, bus, { intervalMs: 20 });
    try {
      await other.warm();
      const heard: CacheTopic[] = [];
      other.subscribe((topic) => heard.push(topic));
      other.start();
      expect((await admin_('PUT', '/legal/privacy/en-us', { markdown: '# Privacy\n\nHarbour privacy, version two.' })).statusCode).toBe(
        200,
      );
      await expect.poll(() => other.peek('legal-texts'), { timeout: 5000, interval: 20 }).toBe(await stored('legal_texts_version'));
      expect(heard).toEqual(['legal-texts']);
      expect((await admin_('PUT', '/settings', { contact_email: 'harbour@example.org' })).statusCode).toBe(200);
      await expect.poll(() => other.peek('site-settings'), { timeout: 5000, interval: 20 }).toBe(await stored('site_settings_version'));
      expect((await admin_('PUT', `/books/${book.uuid}`, { titles: { 'en-us': 'Harbour Lights Again' } })).statusCode).toBe(200);
      await expect.poll(() => other.peek('catalogue'), { timeout: 5000, interval: 20 }).toBe(await catalogueVersion());
      expect(heard).toEqual(['legal-texts', 'site-settings', 'catalogue']);
    } finally {
      other.stop();
      await bus.close();
    }
  });
});
