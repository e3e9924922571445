import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { novelView } from '../src/journeys/novel.js';
import { readingScreen, swipe } from '../src/journeys/reading-screen.js';
import { eventually, freshUser, openSession, pathOf, storeSessionViaApi } from '../src/journeys/session.js';

/**
 * Issue 26, the reader's findings (items 1–5, and the lock card of item 9), on a phone in en-us and
 * ar-sa: a novel in Arabic reads its English text and says so, a locked chapter lets the reader
 * move on, the end card never claims "Follow" for a followed book, a visitor's like explains the
 * login and comes back, and the back arrow returns to the list's order and page.
 */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const NOVEL = 'Sword Song of the Nine Provinces'; // a demo novel: 40 chapters in English and Chinese, the first 10 free
const CONTROLS_AR = 'التنقل بين الفصول'; // the reader's bottom bar in ar-sa (reader.json "controls")

const lockCard = (page: Page) => page.locator('section[aria-labelledby="reader-notice-title"]');
const endCard = (page: Page) => page.locator('section[aria-labelledby="chapter-end-title"]');

describe('the reader after issue 26', () => {
  it('en-us: a logged-in non-member moves on from locked chapters, the back arrow keeps the list, and Follow tells the truth', async () => {
    const book = await bookUuid(baseUrl, NOVEL);
    const user = await freshUser(baseUrl);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    await storeSessionViaApi(context, baseUrl, user.username, user.password);
    const view = readingScreen(page);

    // The list newest first, second page (chapters 30 to 21, all for members), and the book followed.
    await page.goto(`/book/chapters/${book}?order=desc&page=2`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await page.getByRole('link', { name: /^Ch\. 25\b/ }).click();

    // Item 9: the lock card speaks to a logged-in reader of a novel: buy, not "log in", and no "comics".
    await lockCard(page).waitFor();
    expect(await lockCard(page).innerText()).toContain('Buy a monthly membership card to read all novels');
    expect(await lockCard(page).innerText()).not.toMatch(/log in|comics/i);
    // Item 2: its 403 placed it in the book: the title bar names it and the neighbours are open.
    await view.chapterTitle.filter({ hasText: /^Chapter 25: / }).waitFor();
    expect(await view.next.isEnabled()).toBe(true);
    expect(await view.topPrevious.isEnabled()).toBe(true);
    await view.next.click();
    await eventually(() => pathOf(page)).toMatch(/\/26$/);
    await view.chapterTitle.filter({ hasText: /^Chapter 26: / }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await eventually(() => pathOf(page)).toMatch(/\/25$/);
    await view.chapterTitle.filter({ hasText: /^Chapter 25: / }).waitFor();

    // Item 5: the in-app back arrow returns to the list as it was left, as the browser's Back does.
    await view.back.click();
    await eventually(() => new URL(page.url()).search).toBe('?order=desc&page=2');
    await page.getByRole('link', { name: /^Ch\. 30\b/ }).waitFor();

    // Item 3: opening a chapter of the followed book afresh, its end card never says "Follow", even
    // while the follow state is still on its way (held here until checked).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const progressOfBook = (url: URL) => url.pathname === `/api/v1/reader/progress/${book}`;
    await page.route(progressOfBook, async (route: Route) => {
      await held;
      await route.continue();
    });
    const asked = page.waitForRequest((request) => progressOfBook(new URL(request.url())));
    await page.goto(`/reader/book/chapter/${book}/${await chapterUuid(baseUrl, book, 1)}/1`);
    await novelView(page).paragraphs.first().waitFor();
    await endCard(page).scrollIntoViewIfNeeded();
    await asked;
    expect(await endCard(page).getByRole('button', { name: 'Follow', exact: true }).count()).toBe(0);
    release();
    await endCard(page).getByRole('button', { name: 'Following', exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('ar-sa: a visitor swipes out of a locked chapter, reads the English text it says it shows, switches to Chinese, and likes after logging in', async () => {
    const book = await bookUuid(baseUrl, NOVEL);
    const [locked, free] = await Promise.all([chapterUuid(baseUrl, book, 11), chapterUuid(baseUrl, book, 10)]);
    const { page, context, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE, language: 'ar-sa' });
    const novel = novelView(page);

    // Item 9 for a visitor: log in and buy, said of novels. Item 2: a swipe moves on (right to left:
    // a swipe towards the left goes back to chapter 10).
    await page.goto(`/reader/book/chapter/${book}/${locked}/11`);
    await lockCard(page).waitFor();
    expect(await lockCard(page).innerText()).toContain('يُرجى تسجيل الدخول وشراء بطاقة عضوية شهرية لقراءة جميع الروايات');
    expect(await lockCard(page).innerText()).not.toContain('القصص المصورة');
    await swipe(page, -200);
    await eventually(() => pathOf(page)).toBe(`/reader/book/chapter/${book}/${free}/10`);

    // Item 1: the Arabic reader gets the English text (not the Chinese original), told so, and may switch.
    await novel.paragraphs.first().waitFor();
    expect(await novel.text.getAttribute('lang')).toBe('en-US');
    const languages = page.locator('[data-text-languages]');
    expect(await languages.innerText()).toContain('لم يُترجم هذا الفصل إلى لغتك بعد');
    expect(await languages.locator('bdi').innerText()).toBe('English');
    await languages.getByRole('button', { name: '简体中文' }).click();
    await eventually(() => novel.text.getAttribute('lang')).toBe('zh-CN');
    expect(await novel.text.getAttribute('dir')).toBe('ltr');
    expect(await novel.text.innerText()).toMatch(/[\u4e00-\u9fff]/);
    await languages.getByRole('button', { name: 'English' }).waitFor();

    // Item 4: liking as a visitor explains the login and comes back to the chapter afterwards.
    await page.getByRole('navigation', { name: CONTROLS_AR }).getByRole('button', { name: /إعجاب/ }).click();
    await eventually(() => pathOf(page)).toBe('/login');
    expect(new URL(page.url()).searchParams.get('return')).toBe(`/reader/book/chapter/${book}/${free}/10`);
    await page.getByRole('status').filter({ hasText: 'سجّل الدخول لتسجيل إعجابك بهذا الفصل' }).waitFor();
    const user = await freshUser(baseUrl);
    await page.locator('#login-username').fill(user.username);
    await page.locator('#login-password').fill(user.password);
    await page.locator('form[aria-labelledby="login-title"] button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === `/reader/book/chapter/${book}/${free}/10`);
    await novel.paragraphs.first().waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
