import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, grantMembership, type TestBook, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * What a crawler (or a phone before its JavaScript arrives) gets: public pages rendered on the
 * server from the web app's own components, and nothing paid or per-reader in any of them.
 * Needs the web app's builds (`npm test` makes them first): dist and dist-ssr.
 */
const WEB = path.resolve(import.meta.dirname, '../../web');

let ctx: TestContext;
let comic: TestBook;
let novel: TestBook;
let member: TestUser;

beforeAll(async () => {
  for (const build of ['dist/index.html', 'dist-ssr/entry-server.js']) {
    if (!existsSync(path.join(WEB, build))) throw new Error(`apps/web/${build} is missing: run npm run build first`);
  }
  ctx = await createTestContext();
  comic = await createBook(ctx, {
    chapters: 4,
    freeChapters: 2,
    recommendationRank: 1,
    titles: { 'en-us': 'The Glass Harbour', 'ar-sa': 'ميناء الزجاج' },
    tags: ['fantasy'],
  });
  novel = await createBook(ctx, {
    chapters: 3,
    freeChapters: 1,
    bookType: 'novel',
    titles: { 'en-us': 'Letters to the Tide' },
    chapterText: (number) => `<p>The tide wrote back in chapter ${number}, line ${'x'.repeat(number)}.</p>`,
  });
  member = await createUser(ctx);
  await grantMembership(ctx, member.id, { days: 30 });
});
afterAll(() => ctx.close());

const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="server-render">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
    language: string;
    state: { queries: { queryKey: unknown[] }[] };
  } | null;
const readerPath = (book: TestBook, number: number) => `/reader/book/chapter/${book.uuid}/${book.chapters[number - 1]!.uuid}/${number}`;

describe('server-rendered public pages', () => {
  it('the book list: book titles and links in the markup, and the answers it was built from for the browser', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toContain('The Glass Harbour');
    expect(root).toContain('Letters to the Tide');
    expect(root).toContain(`href="/book/chapters/${comic.uuid}"`);
    const render = stateOf(response.body)!;
    expect(render.language).toBe('en-us');
    expect(render.state.queries.map((query) => query.queryKey[0]).sort()).toEqual(
      expect.arrayContaining(['books', 'recommendations', 'tags']),
    );
  });

  it('sends the page compressed to a browser that accepts it (brotli, else gzip), and plain otherwise', async () => {
    const plain = await page('/');
    const br = await page('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await page('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("a chapter list: the book's title, introduction and chapter links", async () => {
    const root = rootOf((await page(`/book/chapters/${comic.uuid}`)).body);
    expect(root).toContain('<h1');
    expect(root).toContain('The Glass Harbour');
    expect(root).toContain('About The Glass Harbour');
    for (const number of [1, 2, 3, 4]) expect(root).toContain(`href="${readerPath(comic, number)}"`);
  });

  it('a free comic chapter: its page images; a free novel chapter: its text', async () => {
    const comicRoot = rootOf((await page(readerPath(comic, 1))).body);
    for (const key of comic.chapters[0]!.pageKeys) expect(comicRoot).toContain(`/media/${key}`);
    const novelRoot = rootOf((await page(readerPath(novel, 1))).body);
    expect(novelRoot).toContain('The tide wrote back in chapter 1, line x.');
  });

  it('a paid chapter: the shell only, for a visitor and for a member alike (a page request carries no token)', async () => {
    for (const headers of [{}, authHeader(member)]) {
      const comicPage = (await page(readerPath(comic, 3), headers)).body;
      expect(comicPage).toContain('<div id="root"></div>');
      for (const key of comic.chapters[2]!.pageKeys) expect(comicPage).not.toContain(key);
      expect(comicPage).not.toContain('server-render');
      const novelPage = (await page(readerPath(novel, 2), headers)).body;
      expect(novelPage).not.toContain('The tide wrote back in chapter 2');
      expect(novelPage).toContain('<div id="root"></div>');
    }
  });

  it('private screens: the shell only', async () => {
    for (const url of ['/login', '/register', '/profile', '/library']) {
      expect((await page(url)).body, url).toContain('<div id="root"></div>');
    }
  });

  it('Arabic: right to left with Arabic text in the markup, from Accept-Language, the chosen-language cookie or ?lang=', async () => {
    for (const headers of [{ 'accept-language': 'ar-SA,ar;q=0.9' }, { cookie: 'theme=dark; inkstream-language=ar-sa' }] as Record<
      string,
      string
    >[]) {
      const html = (await page('/', headers)).body;
      expect(html).toMatch(/<html lang="ar-SA" dir="rtl">/);
      expect(rootOf(html)).toContain('ميناء الزجاج');
      expect(stateOf(html)!.language).toBe('ar-sa');
    }
    const chosen = (await page(`/book/chapters/${comic.uuid}?lang=ar-sa`, { 'accept-language': 'en-US' })).body;
    expect(chosen).toMatch(/<html lang="ar-SA" dir="rtl">/);
    expect(rootOf(chosen)).toContain('ميناء الزجاج');
    // The cookie chooses over the browser's language; ?lang= over both.
    const cookie = (await page('/', { cookie: 'inkstream-language=zh-cn', 'accept-language': 'ar' })).body;
    expect(cookie).toMatch(/<html lang="zh-CN" dir="ltr">/);
    const nonsense = (await page('/', { cookie: 'inkstream-language=<script>', 'accept-language': 'fr' })).body;
    expect(nonsense).toMatch(/<html lang="fr-FR" dir="ltr">/);
  });

  it('sends the browser only answers that are the same for every visitor', async () => {
    for (const url of ['/', `/book/chapters/${comic.uuid}`, readerPath(comic, 1)]) {
      const render = stateOf((await page(url, authHeader(member))).body)!;
      const kinds = new Set(render.state.queries.map((query) => String(query.queryKey[0])));
      for (const perReader of ['reading-progress', 'membership', 'library', 'me', 'account']) expect(kinds.has(perReader), url).toBe(false);
    }
    // No signature of a paid page anywhere, and the data block cannot be closed early by a title.
    const html = (await page('/')).body;
    expect(html).not.toMatch(/[?&]sig=/);
  });

  it('serves a changed catalogue at once: a kept page is dropped when the catalogue changes', async () => {
    expect(rootOf((await page('/')).body)).not.toContain('A Lantern in Winter');
    await createBook(ctx, { chapters: 1, titles: { 'en-us': 'A Lantern in Winter' } });
    expect(rootOf((await page('/')).body)).toContain('A Lantern in Winter');
  });

  it('renders every public page whose title, introduction or chapter title holds entities, markup, quotes, emoji, bidi marks and 300 characters', async () => {
    // Stored text is HTML-escaped text (spec section 5): shown decoded once, as text.
    const stored =
      `Tom & Jerry &amp;rsquo; It&rsquo;s &#x1F600; a < b > c "double" 'single' \u200fRTL\u200e 🧑🏽‍🚀 ${'long '.repeat(60)}`.slice(0, 300);
    const shown = `Tom & Jerry &rsquo; It’s 😀 a < b > c "double" 'single' \u200fRTL\u200e 🧑🏽‍🚀 `;
    expect(stored).toHaveLength(300);
    // A title is at most 255 characters (its column); the introduction holds all 300.
    const arabic = '\u200fمرحبا &amp; وداعا &lt;ب&gt;\u200f';
    const hostile = await createBook(ctx, {
      chapters: 2,
      freeChapters: 1,
      popularity: 1_000_000,
      titles: { 'en-us': stored.slice(0, 255), 'ar-sa': arabic },
      introductions: { 'en-us': `Intro: Fish &amp; Chips &eacute;t&eacute; & <i>not markup</i> &#0; ${stored}`, 'ar-sa': arabic },
      chapterTitle: (number) => `Part ${number} &ndash; Q&A <br> &quot;${'¿'.repeat(3)}&quot;`,
    });
    // As React writes text into HTML.
    const asHtmlText = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
    const pages = [
      { url: '/', texts: [shown] },
      {
        url: `/book/chapters/${hostile.uuid}`,
        texts: [shown, 'Intro: Fish & Chips été & <i>not markup</i> \ufffd', 'Part 1 – Q&A <br> "¿¿¿"'],
      },
      { url: readerPath(hostile, 1), texts: [shown] },
      { url: '/?lang=ar-sa', texts: ['\u200fمرحبا & وداعا <ب>\u200f'] },
      { url: `/book/chapters/${hostile.uuid}?lang=ar-sa`, texts: ['\u200fمرحبا & وداعا <ب>\u200f'] },
    ];
    for (const { url, texts } of pages) {
      const html = (await page(url)).body;
      const root = rootOf(html);
      expect(stateOf(html), url).not.toBeNull();
      for (const text of texts) expect(root, `${url}: ${text}`).toContain(asHtmlText(text));
      expect(root, url).not.toContain('<i>not markup</i>');
      expect(root, url).not.toContain('<br>');
    }
  });

  it('escapes a title that tries to end the data block or inject markup', async () => {
    const sly = await createBook(ctx, { chapters: 1, titles: { 'en-us': '</script><script>alert(1)</script><b>bold</b>' } });
    const html = (await page(`/book/chapters/${sly.uuid}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>bold</b>');
    expect(stateOf(html)).not.toBeNull();
  });
  it('the privacy and terms pages (issue 43): the text in the reader language, Arabic right to left, with the footer links', async () => {
    const arabic = (await page('/privacy', { 'accept-language': 'ar-SA,ar;q=0.9' })).body;
    expect(arabic).toMatch(/<html lang="ar-SA" dir="rtl">/);
    const root = rootOf(arabic);
    expect(root).toContain('سياسة الخصوصية');
    expect(root).toContain('X-VISITOR-ID');
    expect(root).toContain('href="/terms"');
    expect(stateOf(arabic)!.state.queries.map((query) => query.queryKey[0])).toContain('legal-page');
    const terms = await page('/terms?lang=fr-fr');
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toMatch(/<title>Conditions d(&#39;|&#x27;|')utilisation – /);
    expect(rootOf(terms.body)).toContain('Ces conditions');
    expect(terms.body).toMatch(/<link rel="canonical" href="[^"]*\/terms\?lang=fr-fr"/);
  });

  it('a published privacy text shows at once on the rendered page; the catalogue version does not move', async () => {
    expect(rootOf((await page('/privacy?lang=en-us')).body)).not.toContain('Harbour privacy text');
    const catalogue = ctx.app.catalogueVersion.peek();
    const admin = await createUser(ctx, { role: 'admin' });
    const published = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/legal/privacy/en-us',
      headers: authHeader(admin),
      payload: { markdown: '# Privacy\n\nThe Harbour privacy text.' },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(rootOf((await page('/privacy?lang=en-us')).body)).toContain('The Harbour privacy text.');
    expect(ctx.app.catalogueVersion.peek()).toBe(catalogue);
  });
});
