import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPreloadHints } from '../src/modules/pages/preload-hints.js';
import { authHeader, createBook, createUser, type TestBook } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

const SITE = 'https://ink.example';
let ctx: TestContext;
let recommended: TestBook;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: SITE });
  recommended = await createBook(ctx, { recommendationRank: 1, titles: { 'en-us': 'Top Pick' } });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)" />`).exec(html)?.[1];
const linkHref = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)" />`).exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const hreflangs = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]));
const unescapeAttribute = (text: string) =>
  text.replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);

async function setIntroduction(bookId: number, introduction: string) {
  await ctx.db.updateTable('book_translations').set({ introduction }).where('book_id', '=', bookId).execute();
}

describe('home page head', () => {
  it('fills title, description, canonical, Open Graph and Twitter tags', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toContain('Accept-Language');
    const html = response.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(titleOf(html)).toBe('Inkstream – Next-generation hype comics');
    expect(metaContent(html, 'description')).toBe('Inkstream: next-generation hype comics. Read comics and web novels online.');
    expect(linkHref(html, 'canonical')).toBe(`${SITE}/`);
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:title')).toBe('Inkstream – Next-generation hype comics');
    expect(metaContent(html, 'og:description')).toBe(metaContent(html, 'description'));
    expect(metaContent(html, 'og:url')).toBe(`${SITE}/`);
    expect(metaContent(html, 'og:image')).toBe(`${SITE}/media/${recommended.coverKey}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'robots')).toBeUndefined();
    expect(html).toMatch(/<html lang="en-US" dir="ltr">/);
    // Rendered on the server (server-rendering.test.ts): the app's markup is inside the root.
    expect(html).toMatch(/<div id="root">.+<\/div>/s);
  });

  it('serves /books with the home canonical, and answers HEAD', async () => {
    expect(linkHref((await get('/books')).body, 'canonical')).toBe(`${SITE}/`);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/books' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('links the five languages by ?lang= and the bare URL as x-default', async () => {
    const html = (await get('/')).body;
    expect(hreflangs(html)).toEqual({
      'zh-cn': `${SITE}/?lang=zh-cn`,
      'en-us': `${SITE}/?lang=en-us`,
      'fr-fr': `${SITE}/?lang=fr-fr`,
      'es-es': `${SITE}/?lang=es-es`,
      'ar-sa': `${SITE}/?lang=ar-sa`,
      'x-default': `${SITE}/`,
    });
  });

  it('speaks the ?lang= language, with that URL as canonical', async () => {
    const html = (await get('/?lang=fr-fr', { 'accept-language': 'zh-CN' })).body;
    expect(titleOf(html)).toBe('Inkstream – Les BD qui font sensation, nouvelle génération');
    expect(linkHref(html, 'canonical')).toBe(`${SITE}/?lang=fr-fr`);
    expect(metaContent(html, 'og:locale')).toBe('fr_FR');
    expect(html).toMatch(/<html lang="fr-FR" dir="ltr">/);
  });

  it('falls back to Accept-Language, right to left for Arabic', async () => {
    const arabic = (await get('/?lang=xx', { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' })).body;
    expect(arabic).toMatch(/<html lang="ar-SA" dir="rtl">/);
    expect(titleOf(arabic)).toBe('Inkstream – قصص مصورة رائجة من الجيل الجديد');
    expect(linkHref(arabic, 'canonical')).toBe(`${SITE}/`);
    const chinese = (await get('/', { 'accept-language': 'zh-TW,zh;q=0.9' })).body;
    expect(titleOf(chinese)).toBe('Inkstream – 新一代爆款漫画');
    const german = (await get('/', { 'accept-language': 'de-DE,fr;q=0.8' })).body;
    expect(german).toMatch(/<html lang="en-US" dir="ltr">/);
  });
});

describe('chapter list page head', () => {
  it('uses the book title and its introduction cut to 160 characters', async () => {
    const book = await createBook(ctx, { titles: { 'en-us': 'Long Story', 'fr-fr': 'Longue histoire' } });
    const sentence = 'Tom &amp; Jerry   chase each other\n\nthrough the city at night. ';
    await setIntroduction(book.id, sentence.repeat(10));
    const html = (await get(`/book/chapters/${book.uuid}`)).body;
    expect(titleOf(html)).toBe('Long Story – Inkstream');
    const description = unescapeAttribute(metaContent(html, 'description')!);
    expect(Array.from(description).length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^Tom & Jerry chase each other through the city at night\. Tom & Jerry/);
    expect(description.endsWith('…')).toBe(true);
    expect(description).not.toMatch(/\s{2}|\n/);
    expect(metaContent(html, 'description')).toContain('Tom &amp; Jerry');
    expect(metaContent(html, 'og:type')).toBe('book');
    expect(metaContent(html, 'og:title')).toBe('Long Story');
    expect(metaContent(html, 'og:image')).toBe(`${SITE}/media/${book.coverKey}`);
    expect(linkHref(html, 'canonical')).toBe(`${SITE}/book/chapters/${book.uuid}`);
    expect(hreflangs(html)['es-es']).toBe(`${SITE}/book/chapters/${book.uuid}?lang=es-es`);
    expect(titleOf((await get(`/book/chapters/${book.uuid}?lang=fr-fr`)).body)).toBe('Longue histoire – Inkstream');
  });

  it('escapes a title with markup and quotes everywhere it appears', async () => {
    const title = `<script>alert("x")</script> & 'Quotes'`;
    const book = await createBook(ctx, { titles: { 'en-us': title } });
    await setIntroduction(book.id, '&lt;img src=x onerror=alert(1)&gt; "quoted" intro');
    const html = (await get(`/book/chapters/${book.uuid}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Quotes&#39;';
    expect(titleOf(html)).toBe(`${escaped} – Inkstream`);
    expect(metaContent(html, 'og:title')).toBe(escaped);
    expect(metaContent(html, 'description')).toBe('&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot; intro');
  });

  it('answers 404 with noindex for an unknown, unpublished or malformed book, still serving the app', async () => {
    const hidden = await createBook(ctx, { isPublished: false, titles: { 'en-us': 'Secret Draft' } });
    for (const url of [`/book/chapters/${randomUUID()}`, `/book/chapters/${hidden.uuid}`, '/book/chapters/whatever']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(metaContent(response.body, 'robots')).toBe('noindex');
      expect(titleOf(response.body)).toBe('Page not found – Inkstream');
      expect(linkHref(response.body, 'canonical')).toBeUndefined();
      expect(response.body).not.toContain('Secret Draft');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });
});

describe('reader page head', () => {
  it('names the chapter and the book, shares the cover and never shows page images', async () => {
    const book = await createBook(ctx, { chapters: 3, freeChapters: 1, titles: { 'en-us': 'Night City' } });
    await setIntroduction(book.id, 'A city that never sleeps.');
    const paid = book.chapters[1]!;
    const response = await get(`/reader/book/chapter/${book.uuid}/${paid.uuid}/99`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(titleOf(html)).toBe('Chapter 2 – Night City');
    expect(metaContent(html, 'description')).toBe('A city that never sleeps.');
    expect(metaContent(html, 'og:image')).toBe(`${SITE}/media/${book.coverKey}`);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(linkHref(html, 'canonical')).toBe(`${SITE}/reader/book/chapter/${book.uuid}/${paid.uuid}/2`);
    for (const chapter of book.chapters) for (const key of chapter.pageKeys) expect(html).not.toContain(key);
    expect(html).not.toContain('/media/pages/');
    const chinese = (await get(`/reader/book/chapter/${book.uuid}/${paid.uuid}/2?lang=zh-cn`)).body;
    expect(titleOf(chinese)).toBe('第2话 – Night City');
  });

  it('answers 404 for a chapter of another book or of an unpublished book', async () => {
    const [a, b] = [await createBook(ctx, { chapters: 1 }), await createBook(ctx, { chapters: 1, isPublished: false })];
    for (const url of [
      `/reader/book/chapter/${a.uuid}/${b.chapters[0]!.uuid}/1`,
      `/reader/book/chapter/${b.uuid}/${b.chapters[0]!.uuid}/1`,
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(metaContent(response.body, 'robots')).toBe('noindex');
    }
  });
});

describe('the site name set in the console', () => {
  it('names pages rendered after the change, without a restart', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: authHeader(admin),
      payload: { site_name: 'Lantern Reads' },
    });
    expect(renamed.statusCode).toBe(200);
    // A page not rendered before (cached pages keep their head until it expires).
    const page = await get('/contact-us?lang=fr-fr');
    expect(titleOf(page.body)).toBe('Nous contacter – Lantern Reads');
    expect(metaContent(page.body, 'og:site_name')).toBe('Lantern Reads');
    await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: authHeader(admin), payload: { site_name: 'Inkstream' } });
  });
});

describe('other browser paths', () => {
  it('keeps sign-in pages out of search results and answers 404 for paths the app does not have', async () => {
    const login = await get('/login');
    expect(login.statusCode).toBe(200);
    expect(metaContent(login.body, 'robots')).toBe('noindex');
    const checkout = await get('/sandbox/checkout/IS20261122ABCDEF');
    expect(checkout.statusCode).toBe(200);
    expect(metaContent(checkout.body, 'robots')).toBe('noindex');
    // The operator console's screens load the app (it asks the API, which refuses non-admins).
    for (const console of ['/admin', '/admin/books/0f8fad5b-d9cb-469f-a165-70867728950e', '/admin/orders?status=paid']) {
      const page = await get(console);
      expect(page.statusCode, console).toBe(200);
      expect(metaContent(page.body, 'robots')).toBe('noindex');
    }
    expect((await get('/administrator')).statusCode).toBe(404);
    const contact = await get('/contact-us');
    expect(titleOf(contact.body)).toBe('Contact us – Inkstream');
    expect(metaContent(contact.body, 'og:image')).toBe(`${SITE}/icons/icon-512.png`);
    const unknown = await get('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expect(metaContent(unknown.body, 'robots')).toBe('noindex');
    expect((await get('/api/v1/nope')).json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('robots.txt, manifest and icons', () => {
  it('allows crawling except the API and the profile, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body.split('\n')).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /profile', `Sitemap: ${SITE}/sitemap.xml`]),
    );
  });

  it('serves the web app manifest and its icons', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json();
    expect(manifest).toMatchObject({ name: 'Inkstream', short_name: 'Inkstream', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const src of [...icons.map((i) => i.src), '/icons/apple-touch-icon.png']) {
      const icon = await get(src);
      expect(icon.statusCode, src).toBe(200);
      expect(icon.headers['content-type']).toMatch(/^image\//);
    }
  });

  it('makes the site an installable app with shortcuts to the library and the Offline screen (issue 47)', async () => {
    const manifest = (await get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ id: '/', scope: '/', background_color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(manifest.description).toEqual(expect.any(String));
    const shortcuts = manifest.shortcuts as { name: string; url: string; icons: { src: string; sizes: string }[] }[];
    expect(shortcuts.map((shortcut) => shortcut.url)).toEqual(['/library', '/offline']);
    for (const shortcut of shortcuts) {
      const page = await get(shortcut.url);
      expect(page.statusCode, shortcut.url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      for (const { src } of shortcut.icons) expect((await get(src)).headers['content-type'], src).toBe('image/png');
    }
  });

  it("serves the manifest in each language, shortcuts translated, and links the page language's from every page head (issue 56)", async () => {
    const expected = {
      'en-us': { lang: 'en-US', dir: 'ltr', shortcuts: ['Library', 'Offline reading'] },
      'zh-cn': { lang: 'zh-CN', dir: 'ltr', shortcuts: ['书架', '离线阅读'] },
      'fr-fr': { lang: 'fr-FR', dir: 'ltr', shortcuts: ['Bibliothèque', 'Lecture hors ligne'] },
      'es-es': { lang: 'es-ES', dir: 'ltr', shortcuts: ['Biblioteca', 'Lectura sin conexión'] },
      'ar-sa': { lang: 'ar-SA', dir: 'rtl', shortcuts: ['مكتبتي', 'القراءة دون اتصال'] },
    };
    const descriptions = new Set<string>();
    for (const [language, words] of Object.entries(expected)) {
      const response = await get(`/manifest.${language}.webmanifest`);
      expect(response.statusCode, language).toBe(200);
      expect(response.headers['content-type']).toContain('application/manifest+json');
      const manifest = response.json();
      // One app in every language: the same id, scope and start.
      expect(manifest, language).toMatchObject({ id: '/', scope: '/', start_url: '/', lang: words.lang, dir: words.dir });
      expect(
        manifest.shortcuts.map((shortcut: { name: string }) => shortcut.name),
        language,
      ).toEqual(words.shortcuts);
      expect(manifest.shortcuts.map((shortcut: { url: string }) => shortcut.url)).toEqual(['/library', '/offline']);
      descriptions.add(manifest.description);
      // The page in that language links its manifest, server-rendered or the app's shell.
      for (const page of [`/?lang=${language}`, `/offline?lang=${language}`]) {
        expect(linkHref((await get(page)).body, 'manifest'), page).toBe(`/manifest.${language}.webmanifest`);
      }
    }
    // A description of its own in each language, not the English one five times.
    expect(descriptions.size).toBe(5);
    // The bare name (older pages link it) follows the reader's language; an unknown language is no manifest.
    const bare = await get('/manifest.webmanifest', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(bare.json().lang).toBe('zh-CN');
    expect(bare.headers.vary).toContain('Accept-Language');
    expect((await get('/manifest.de-de.webmanifest')).statusCode).toBe(404);
    // A page has one manifest link, not the template's and its language's.
    expect((await get('/?lang=ar-sa')).body.match(/rel="manifest"/g)).toHaveLength(1);
  });

  it('answers the Offline screen with the app shell: an empty root the app renders, not indexed', async () => {
    const html = (await get('/offline')).body;
    expect(html).toContain('<div id="root"></div>');
    expect(metaContent(html, 'robots')).toBe('noindex');
  });

  it('serves the service worker for revalidation on every update check, never from an hour-long cache', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    // Other files of the web app keep their hour.
    expect((await get('/manifest.webmanifest')).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('sitemaps', () => {
  const updatedAt = Date.UTC(2025, 0, 2, 3, 4, 5, 678);

  async function bookSitemapUrls(): Promise<{ sitemaps: string[]; body: string }> {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const sitemaps = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(sitemaps[0]).toBe(`${SITE}/sitemap-pages.xml`);
    let body = '';
    for (const url of sitemaps.slice(1)) {
      const page = await get(url.slice(SITE.length));
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toBe('application/xml; charset=utf-8');
      body += page.body;
    }
    return { sitemaps, body };
  }

  it('lists the home page', async () => {
    const pages = await get('/sitemap-pages.xml');
    expect(pages.body).toContain(`<url><loc>${SITE}/</loc><lastmod>`);
  });

  it('lists published books only, each with its last update as a W3C date', async () => {
    const published = await createBook(ctx, { updatedAt });
    const unpublished = await createBook(ctx, { isPublished: false });
    const { body } = await bookSitemapUrls();
    expect(body).toContain(`<url><loc>${SITE}/book/chapters/${published.uuid}</loc><lastmod>2025-01-02T03:04:05Z</lastmod></url>`);
    expect(body).not.toContain(unpublished.uuid);
    expect(body).toContain(recommended.uuid);
  });

  it('streams a book sitemap across query chunks and splits books by id range', async () => {
    const rows = Array.from({ length: 1_200 }, () => ({
      uuid: randomUUID(),
      book_type: 'comic' as const,
      original_language: 'en-us',
      cover_key: null,
      public_free_chapters: 3,
      recommendation_rank: null,
      is_published: 1,
      created_at: updatedAt,
      updated_at: updatedAt,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await ctx.db
        .insertInto('books')
        .values(rows.slice(i, i + 200))
        .execute();
    const far = { ...rows[0]!, id: 25_001, uuid: randomUUID() };
    await ctx.db.insertInto('books').values(far).execute();

    const { sitemaps, body } = await bookSitemapUrls();
    expect(sitemaps).toEqual([`${SITE}/sitemap-pages.xml`, `${SITE}/sitemap-books-1.xml`, `${SITE}/sitemap-books-3.xml`]);
    for (const row of [...rows, far]) expect(body).toContain(`/book/chapters/${row.uuid}</loc>`);
    expect((await get('/sitemap-books-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-books-0.xml')).statusCode).toBe(404);
  });
});

describe('preload hints', () => {
  // A built web app of our own: index.html and the Vite manifest the server reads the chunk names from.
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'inkstream-preload-'));
  let built: TestContext;
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js', '_shell-1.js'] },
    '_vendor-1.js': { file: 'assets/vendor-1.js' },
    '_shell-1.js': { file: 'assets/shell-1.js', imports: ['_vendor-1.js'] },
    '_screens-shared-1.js': { file: 'assets/screens-shared-1.js', imports: ['_vendor-1.js', '_shell-1.js'], css: ['assets/shared-1.css'] },
    'src/routes/ChapterListPage.tsx': {
      file: 'assets/ChapterListPage-1.js',
      isDynamicEntry: true,
      imports: ['_vendor-1.js', '_shell-1.js', '_screens-shared-1.js'],
      css: ['assets/ChapterListPage-1.css'],
    },
    'src/routes/ReadingPage.tsx': {
      file: 'assets/ReadingPage-1.js',
      isDynamicEntry: true,
      imports: ['_shell-1.js', '_screens-shared-1.js'],
    },
    'src/i18n/locales/en-us/first.ts': { file: 'assets/first-en.js', isDynamicEntry: true },
    'src/i18n/locales/fr-fr/first.ts': { file: 'assets/first-fr.js', isDynamicEntry: true },
    'src/i18n/locales/en-us/reading.ts': { file: 'assets/reading-en.js', isDynamicEntry: true },
    'src/i18n/locales/fr-fr/reading.ts': { file: 'assets/reading-fr.js', isDynamicEntry: true },
    'src/i18n/locales/en-us/rest.ts': { file: 'assets/rest-en.js', isDynamicEntry: true },
    'src/routes/BookListPage.tsx': {
      file: 'assets/BookListPage-1.js',
      isDynamicEntry: true,
      imports: ['_vendor-1.js', '_shell-1.js', '_book-list-1.js'],
      css: ['assets/BookListPage-1.css'],
    },
    '_book-list-1.js': { file: 'assets/book-list-1.js', imports: ['_shell-1.js'] },
  };
  const preloads = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*\/>/g)].map((m) => m[0]);

  beforeAll(async () => {
    const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
    writeFileSync(path.join(webDir, 'index.html'), indexHtml);
    mkdirSync(path.join(webDir, '.vite'));
    writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    built = await createTestContext({ PUBLIC_URL: SITE, WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await built?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('preloads the chapter list screen, its chunks and the first and reading parts of the language, not the cover', async () => {
    const book = await createBook(built, { chapters: 2 });
    const html = (await built.app.inject({ method: 'GET', url: `/book/chapters/${book.uuid}`, headers: { 'accept-language': 'en-US' } }))
      .body;
    expect(preloads(html)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/first-en.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/ChapterListPage-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/screens-shared-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/reading-en.js" />',
      '<link rel="preload" as="style" crossorigin href="/assets/ChapterListPage-1.css" />',
      '<link rel="preload" as="style" crossorigin href="/assets/shared-1.css" />',
    ]);
    // The ?lang= language's translations: the app adopts it.
    const french = (await built.app.inject({ method: 'GET', url: `/book/chapters/${book.uuid}?lang=fr-fr` })).body;
    expect(french).toContain('<link rel="modulepreload" crossorigin href="/assets/first-fr.js" />');
    expect(french).toContain('<link rel="modulepreload" crossorigin href="/assets/reading-fr.js" />');
    expect(french).not.toContain('-en.js');
    // The account screens' texts are not the reading screens' (apps/web/src/i18n): not asked for.
    expect(html).not.toContain('rest-en.js');
    // After the entry script's own tags: over HTTP/1.1 the entry must not wait for a connection.
    expect(html.indexOf('first-en.js')).toBeGreaterThan(html.indexOf('<!--/app-head-->'));
  });

  it("preloads a free chapter's first page and the reader screen", async () => {
    const book = await createBook(built, { chapters: 2, freeChapters: 1, pagesPerChapter: 3 });
    const free = book.chapters[0]!;
    const html = (await built.app.inject({ method: 'GET', url: `/reader/book/chapter/${book.uuid}/${free.uuid}/1` })).body;
    expect(preloads(html)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/first-en.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/ReadingPage-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/screens-shared-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/reading-en.js" />',
      '<link rel="preload" as="style" crossorigin href="/assets/shared-1.css" />',
      `<link rel="preload" as="image" href="/media/${free.pageKeys[0]}" fetchpriority="high" />`,
    ]);
    expect(html).not.toContain(free.pageKeys[1]);
  });

  it('preloads the AVIF variant of a first page with its type, as the <picture> chooses it', async () => {
    const book = await createBook(built, { chapters: 1, freeChapters: 1 });
    const first = book.chapters[0]!;
    const avifKey = first.pageKeys[0]!.replace(/\.webp$/, '.avif');
    await built.db.updateTable('chapter_pages').set({ avif_key: avifKey }).where('media_key', '=', first.pageKeys[0]!).execute();
    const html = (await built.app.inject({ method: 'GET', url: `/reader/book/chapter/${book.uuid}/${first.uuid}/1` })).body;
    expect(preloads(html).at(-1)).toBe(`<link rel="preload" as="image" href="/media/${avifKey}" type="image/avif" fetchpriority="high" />`);
  });

  it('never preloads or names a page of a paid chapter', async () => {
    const book = await createBook(built, { chapters: 2, freeChapters: 1 });
    const paid = book.chapters[1]!;
    const html = (await built.app.inject({ method: 'GET', url: `/reader/book/chapter/${book.uuid}/${paid.uuid}/2` })).body;
    expect(html).not.toContain('as="image"');
    expect(html).not.toContain('/media/pages/');
    for (const key of paid.pageKeys) expect(html).not.toContain(key);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ReadingPage-1.js" />');
  });

  it("gives the home page the book list screen and its language's first translations only, and only the image hint without a manifest", async () => {
    const home = preloads((await built.app.inject({ method: 'GET', url: '/' })).body);
    expect(home.slice(0, 3)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/first-en.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/BookListPage-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/book-list-1.js" />',
    ]);
    expect(home.join('\n')).not.toMatch(/reading-en|rest-en/);
    expect(renderPreloadHints({ screen: 'chapters', language: 'en-us', image: { href: '/media/covers/a.webp' } }, null)).toEqual([
      '<link rel="preload" as="image" href="/media/covers/a.webp" fetchpriority="high" />',
    ]);
  });
});

describe('search page head', () => {
  it('is indexable with its query as canonical when the search finds books, noindex when it finds none or has no query', async () => {
    const found = await get('/search?q=top%20pick&order=popularity&page=2', { 'accept-language': 'en-US' });
    expect(found.statusCode).toBe(200);
    expect(titleOf(found.body)).toBe('Search: top pick – Inkstream');
    expect(metaContent(found.body, 'robots')).toBeUndefined();
    // Sort, filters and page are views of the same results: the canonical is the query alone.
    expect(linkHref(found.body, 'canonical')).toBe(`${SITE}/search?q=top%20pick`);

    const french = await get('/search?q=top&lang=fr-fr');
    expect(titleOf(french.body)).toBe('Recherche\u00a0: top – Inkstream');
    expect(unescapeAttribute(linkHref(french.body, 'canonical')!)).toBe(`${SITE}/search?q=top&lang=fr-fr`);

    for (const url of ['/search?q=zzzzqqq', '/search', '/search?q=%20%20', '/search?q=%ED%A0%80']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(metaContent(response.body, 'robots'), url).toBe('noindex');
      expect(linkHref(response.body, 'canonical'), url).toBeUndefined();
    }
    expect(titleOf((await get('/search', { 'accept-language': 'ar' })).body)).toBe('بحث – Inkstream');
  });

  it('escapes the query in the title, and keeps heads of different queries apart', async () => {
    const response = await get(`/search?q=${encodeURIComponent('<script>"x"')}`);
    expect(response.body).not.toContain('<script>"x"');
    expect(unescapeAttribute(titleOf(response.body)!)).toBe('Search: <script>"x" – Inkstream');
    expect(metaContent((await get('/search?q=pick')).body, 'robots')).toBeUndefined();
    expect(metaContent((await get('/search?q=pickle')).body, 'robots')).toBe('noindex');
  });
});
