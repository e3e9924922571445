import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBook, type TestBook } from './helpers/factories.js';
import { refreshDiscovery, startReading, visitors } from './helpers/discovery-fixtures.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Issue 46's pages as a crawler (or a phone before its JavaScript) gets them: the release
 * calendar, the rankings and an author page rendered on the server with their own heads, and
 * listed in the sitemaps with their language versions. Needs the web builds (npm run build).
 */
const SITE = 'https://ink.example';
const WEB = path.resolve(import.meta.dirname, '../../web');
const HOUR = 3_600_000;

let ctx: TestContext;
let daily: TestBook;
let finished: TestBook;
let romance: TestBook;
let action: TestBook;

beforeAll(async () => {
  for (const build of ['dist/index.html', 'dist-ssr/entry-server.js']) {
    if (!existsSync(path.join(WEB, build))) throw new Error(`apps/web/${build} is missing: run npm run build first`);
  }
  ctx = await createTestContext({ PUBLIC_URL: SITE });
  daily = await createBook(ctx, { author: 'Ada Morrow', titles: { 'en-us': 'Every Day Comic' }, tags: ['action'] });
  finished = await createBook(ctx, { author: 'Ada Morrow', status: 'completed', titles: { 'en-us': 'The Finished Saga' } });
  romance = await createBook(ctx, { author: '刘慈欣', titles: { 'en-us': 'Harbour Hearts' }, tags: ['romance'] });
  action = await createBook(ctx, { titles: { 'en-us': 'Blade Storm' }, tags: ['action'] });
  await createBook(ctx, { author: 'Hidden Hand', isPublished: false, titles: { 'en-us': 'Never Out' } });
  // Every day at 10:00 UTC: on the calendar whichever week and zone the render uses.
  await ctx.db
    .updateTable('books')
    .set({ publishing_days: 127, publishing_time: 10 * 60, publishing_time_zone: 'UTC' })
    .where('id', '=', daily.id)
    .execute();
  // Readers this week: Blade Storm 5, Harbour Hearts 3, Every Day Comic 1.
  const now = Date.now();
  await startReading(ctx, action.id, visitors('blade', 5), now - HOUR);
  await startReading(ctx, romance.id, visitors('hearts', 3), now - HOUR);
  await startReading(ctx, daily.id, visitors('daily', 1), now - HOUR);
  await refreshDiscovery(ctx, now);
});
afterAll(() => ctx.close());

const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
const hreflangs = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]));
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const order = (text: string, titles: string[]) => titles.map((title) => text.indexOf(title));

describe('the release calendar page', () => {
  it('is rendered on the server with the week, the books on their days and the completed series, under its own head', async () => {
    const response = await page('/schedule');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(titleOf(html)).toBe('Release calendar – Inkstream');
    expect(canonicalOf(html)).toBe(`${SITE}/schedule`);
    expect(hreflangs(html)['ar-sa']).toBe(`${SITE}/schedule?lang=ar-sa`);
    const root = rootOf(html);
    expect(root).toContain('<h1');
    expect(textOf(root)).toContain('Release calendar');
    // Seven days, the daily book on each of them, linked to its page.
    expect(root.match(/data-testid="schedule-day"/g)).toHaveLength(7);
    expect(root.match(new RegExp(`href="/book/chapters/${daily.uuid}"`, 'g'))).toHaveLength(7);
    expect(textOf(root)).toContain('Completed series');
    expect(root).toContain(`href="/book/chapters/${finished.uuid}"`);
  });

  it('speaks Arabic, right to left, with the week starting on Saturday', async () => {
    const html = (await page('/schedule?lang=ar-sa')).body;
    expect(html).toMatch(/<html lang="ar-SA" dir="rtl">/);
    expect(titleOf(html)).toBe('جدول الإصدارات – Inkstream');
    const root = rootOf(html);
    expect(textOf(root)).toContain('جدول الإصدارات');
    const firstDay = /data-testid="schedule-day" data-date="(\d{4}-\d{2}-\d{2})"/.exec(root)?.[1];
    expect(new Date(`${firstDay}T00:00:00Z`).getUTCDay()).toBe(6);
  });
});

describe('the rankings page', () => {
  it('is rendered with the ranked books in order, and a genre in the address narrows them', async () => {
    const html = (await page('/rankings')).body;
    expect(titleOf(html)).toBe('Rankings – Inkstream');
    expect(canonicalOf(html)).toBe(`${SITE}/rankings`);
    const all = textOf(rootOf(html));
    const [blade, hearts, comic] = order(all, ['Blade Storm', 'Harbour Hearts', 'Every Day Comic']);
    expect(blade).toBeGreaterThan(-1);
    expect(blade).toBeLessThan(hearts!);
    expect(hearts).toBeLessThan(comic!);

    const filtered = await page('/rankings?tag=romance');
    // One canonical page: the query only chooses a view of it.
    expect(canonicalOf(filtered.body)).toBe(`${SITE}/rankings`);
    const text = textOf(rootOf(filtered.body));
    expect(text).toContain('Harbour Hearts');
    expect(text).not.toContain('Blade Storm');
  });
});

describe('author pages', () => {
  it('render the person with their books, under their name as title', async () => {
    const response = await page('/author/ada-morrow');
    expect(response.statusCode).toBe(200);
    expect(titleOf(response.body)).toBe('Ada Morrow – Inkstream');
    expect(canonicalOf(response.body)).toBe(`${SITE}/author/ada-morrow`);
    const root = rootOf(response.body);
    expect(textOf(root)).toContain('Ada Morrow');
    expect(root).toContain(`href="/book/chapters/${daily.uuid}"`);
    expect(root).toContain(`href="/book/chapters/${finished.uuid}"`);
  });

  it('keep a name in its own script in the address', async () => {
    const response = await page(`/author/${encodeURIComponent('刘慈欣')}`);
    expect(response.statusCode).toBe(200);
    expect(canonicalOf(response.body)).toBe(`${SITE}/author/${encodeURIComponent('刘慈欣')}`);
    expect(rootOf(response.body)).toContain(`href="/book/chapters/${romance.uuid}"`);
  });

  it('answer 404, not indexed, for a slug no published book credits', async () => {
    for (const slug of ['nobody-at-all', 'hidden-hand']) {
      const response = await page(`/author/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.body, slug).toContain('<meta name="robots" content="noindex" />');
    }
    // A broken percent-encoding is refused before any page is looked for.
    expect((await page('/author/%E0%A4%A')).statusCode).toBe(400);
  });
});

describe('the sitemaps', () => {
  it('list the calendar and the rankings with their language versions', async () => {
    const body = (await page('/sitemap-pages.xml')).body;
    expect(body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const path of ['/schedule', '/rankings']) {
      expect(body).toContain(`<url><loc>${SITE}${path}</loc>`);
      expect(body).toContain(`<xhtml:link rel="alternate" hreflang="ar-sa" href="${SITE}${path}?lang=ar-sa"/>`);
      expect(body).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}${path}"/>`);
    }
  });

  it('list every author of a published book, with language versions, and no one else', async () => {
    const index = (await page('/sitemap.xml')).body;
    expect(index).toContain(`<loc>${SITE}/sitemap-authors-1.xml</loc>`);
    const response = await page('/sitemap-authors-1.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = [...response.body.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toEqual([`${SITE}/author/ada-morrow`, `${SITE}/author/${encodeURIComponent('刘慈欣')}`]);
    expect(response.body).toContain(`<xhtml:link rel="alternate" hreflang="fr-fr" href="${SITE}/author/ada-morrow?lang=fr-fr"/>`);
    expect((await page('/sitemap-authors-2.xml')).statusCode).toBe(404);
    expect((await page('/sitemap-authors-0.xml')).statusCode).toBe(404);
  });
});
