// Throwaway screenshot script (not committed).
import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3299';
const ip = () => `10.${Math.floor(Math.random()*200)+20}.${Math.floor(Math.random()*250)}.${Math.floor(Math.random()*250)+1}`;
async function api(path, { method = 'GET', token, body } = {}) {
  const r = await fetch(base + '/api/v1' + path, { method, headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(), ...(token ? { 'x-api-token': token, authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const t = await r.text(); if (!r.ok) console.log(method, path, r.status, t.slice(0, 200));
  try { return JSON.parse(t); } catch { return t; }
}
async function user(name) {
  const password = 'pw123456x';
  await api('/user/register', { method: 'POST', body: { username: name, password, user_type: 'inkstream' } });
  const login = await api('/user/login', { method: 'POST', body: { username: name, password } });
  return login.data;
}
const stamp = Date.now().toString(36).slice(-5);
const a = await user('mei' + stamp), b = await user('omar' + stamp), c = await user('lucy' + stamp);
const search = await api('/comics/book/search?language=en-us&page=0&page_size=10&q=' + encodeURIComponent('The Storm Gate'));
const book = search.data.result.find((h) => h.book_title === 'The Storm Gate');
const chapters = await api(`/comics/chapters/${book.book_uuid}/en-us/asc/0/10`);
const ch = chapters.data.result.chapters.find((x) => x.chapter_number === 2);
const post = async (u, body, extra = {}) => (await api(`/comics/chapter/${ch.chapter_uuid}/comments`, { method: 'POST', token: u.jwt_token, body: { body, ...extra } }))?.data?.result;
const c1 = await post(a, '这一话的转折太精彩了！风暴之门终于打开了。');
await post(b, 'النهاية كانت مفاجئة جدًا، أنتظر الفصل القادم بفارغ الصبر');
await post(c, 'The gate opens and the keeper is her brother?!\nI did not see that coming.', { spoiler: true });
const d = await user('ken' + stamp); await post(d, '同意！画面也很美。', { parent_uuid: c1.comment_uuid });
for (const u of [a, b, c]) await api(`/comics/book/${book.book_uuid}/rating`, { method: 'PUT', token: u.jwt_token, body: { score: 8 + Math.floor(Math.random() * 3), review: u === a ? '节奏很好，画风漂亮。' : undefined } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const lang of ['zh-cn', 'ar-sa', 'en-us']) {
  for (const [dev, opts] of [['phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }], ['desktop', { viewport: { width: 1280, height: 800 } }]]) {
    const ctx = await browser.newContext({ baseURL: base, ...opts });
    await ctx.addInitScript(([l, s]) => { localStorage.setItem('language', l); localStorage.setItem('X-API-TOKEN', s.jwt_token); localStorage.setItem('USER_UUID', s.uuid); localStorage.setItem('USERNAME', s.username); }, [lang, a]);
    const page = await ctx.newPage();
    await page.goto(`/reader/book/chapter/${book.book_uuid}/${ch.chapter_uuid}/2`);
    await page.waitForLoadState('networkidle');
    const region = page.locator('#comments');
    await region.scrollIntoViewIfNeeded().catch(() => {});
    await page.waitForTimeout(1500);
    await region.screenshot({ path: `/tmp/shots/comments-${lang}-${dev}.png` }).catch((e) => console.log('no #comments', e.message));
    await page.goto(`/reader/book/${book.book_uuid}`).catch(() => {});
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/shots/book-${lang}-${dev}.png`, fullPage: false });
    await ctx.close();
  }
}
await browser.close();
console.log('done');
