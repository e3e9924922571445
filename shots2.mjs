import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3299';
const search = await (await fetch(base + '/api/v1/comics/book/search?language=en-us&page=0&page_size=10&q=The%20Storm%20Gate')).json();
const book = search.data.result.find((h) => h.book_title === 'The Storm Gate');
const login = await (await fetch(base + '/api/v1/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: process.argv[2], password: 'pw123456x' }) })).json();
const a = login.data;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const lang of ['zh-cn', 'ar-sa', 'en-us']) {
  for (const [dev, opts] of [['phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }], ['desktop', { viewport: { width: 1280, height: 800 } }]]) {
    const ctx = await browser.newContext({ baseURL: base, ...opts });
    await ctx.addInitScript(([l, s]) => { localStorage.setItem('language', l); localStorage.setItem('X-API-TOKEN', s.jwt_token); localStorage.setItem('USER_UUID', s.uuid); localStorage.setItem('USERNAME', s.username); }, [lang, a]);
    const page = await ctx.newPage();
    await page.goto(`/book/chapters/${book.book_uuid}`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/shots/book-${lang}-${dev}.png`, fullPage: true });
    await page.goto(`/library`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/shots/library-${lang}-${dev}.png` });
    await ctx.close();
  }
}
await browser.close();
