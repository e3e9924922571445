import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { bookUuid, readerPath } from '../src/journeys/catalogue-api.js';
import { pageBoxes, readingScreen, recordLayoutShift, swipe } from '../src/journeys/reading-screen.js';
import { DEMO_EXPIRED, DEMO_MEMBER, eventually, freshUser, logIn, openSession, pathOf } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const BOOK = 'The Storm Gate'; // 120 chapters, the first 3 free

describe('reader journeys', () => {
  it('reads a free chapter: sized pages, next and previous by buttons, keys and swipes, back to the list', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    const layoutShift = await recordLayoutShift(page);
    const view = readingScreen(page);
    const bookId = await bookUuid(baseUrl, BOOK);
    await page.goto(await readerPath(baseUrl, BOOK, 1));
    await view.chapterTitle.filter({ hasText: /^Chapter 1: / }).waitFor();
    expect(await view.topBar.getByText(BOOK, { exact: true }).isVisible()).toBe(true);

    // Every page has its box before its image arrives: width/height from the API, the box at that ratio.
    await view.pages.first().waitFor();
    const boxes = await pageBoxes(page);
    expect(boxes.length).toBeGreaterThan(1);
    for (const box of boxes) {
      expect(box.width).toBeGreaterThan(0);
      expect(box.height).toBeGreaterThan(0);
      expect(box.boxHeight).toBeCloseTo((box.boxWidth * box.height) / box.width, 0);
    }
    await eventually(async () => (await pageBoxes(page))[0]!.loaded).toBe(true);
    expect(await view.pages.first().getAttribute('alt')).toBe(`Page 1 of ${boxes.length}`);

    // The first chapter has no previous one.
    expect(await view.previous.isDisabled()).toBe(true);
    expect(await view.topPrevious.isDisabled()).toBe(true);
    await view.next.click();
    await view.chapterTitle.filter({ hasText: /^Chapter 2: / }).waitFor();
    expect(pathOf(page)).toMatch(/\/2$/);
    await eventually(() => view.previous.isEnabled()).toBe(true);
    await view.topPrevious.click();
    await view.chapterTitle.filter({ hasText: /^Chapter 1: / }).waitFor();

    // Arrow keys: right is the next chapter in left-to-right languages.
    await page.keyboard.press('ArrowRight');
    await view.chapterTitle.filter({ hasText: /^Chapter 2: / }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await view.chapterTitle.filter({ hasText: /^Chapter 1: / }).waitFor();

    // Swipes: left brings the next chapter; a short, mostly vertical or diagonal move does nothing.
    await swipe(page, -40);
    await swipe(page, -80, 120);
    await swipe(page, -150, -90); // an upward flick drifting left: less than twice as far sideways
    await page.waitForTimeout(300);
    expect(pathOf(page)).toMatch(/\/1$/);
    await swipe(page, -150);
    await view.chapterTitle.filter({ hasText: /^Chapter 2: / }).waitFor();
    await swipe(page, 150);
    await view.chapterTitle.filter({ hasText: /^Chapter 1: / }).waitFor();

    expect(await layoutShift()).toBeLessThan(0.05);
    await view.back.click();
    await eventually(() => pathOf(page)).toBe(`/book/chapters/${bookId}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('hides a broken page image and keeps the others', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const view = readingScreen(page);
    const path = await readerPath(baseUrl, BOOK, 1);
    const chapter = path.split('/')[5]!;
    // The chapter's own opening page (the others are shared by the book) fails to load.
    await page.route(`**/media/pages/*/${chapter}/**`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(path);
    // By element, not by role: a hidden image leaves the accessibility tree (which is the point).
    const images = view.main.locator('img');
    await images.nth(1).waitFor();
    await eventually(() => images.first().isVisible()).toBe(false);
    expect(await images.nth(1).isVisible()).toBe(true);
    expect(await view.pages.count()).toBe((await images.count()) - 1);
    await context.close();
  });

  it('enters and leaves fullscreen, which stays on across chapters', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const view = readingScreen(page);
    await page.goto(await readerPath(baseUrl, BOOK, 1));
    await view.pages.first().waitFor();
    const toggle = view.topBar.getByRole('button', { name: 'Full screen' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    const exit = page.getByRole('button', { name: 'Exit full screen' });
    await exit.waitFor();
    // The floating arrows stay within reach while the bars are hidden.
    await page.getByRole('button', { name: 'Next chapter' }).filter({ visible: true }).first().click();
    await eventually(() => pathOf(page)).toMatch(/\/2$/);
    await exit.waitFor();
    await exit.click();
    await eventually(() => toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await exit.count()).toBe(0);
    await context.close();
  });

  it('shows a visitor the members-only notice with a buy link to the profile on a locked chapter', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const view = readingScreen(page);
    const chapterPath = await readerPath(baseUrl, BOOK, 4);
    await page.goto(chapterPath);
    await page.getByRole('heading', { name: 'This chapter is only open to members' }).waitFor();
    // Both links bring the reader back to this chapter afterwards.
    const back = `?return=${encodeURIComponent(chapterPath)}`;
    expect(await page.getByText('Please log in and buy a monthly membership card to read all comics').isVisible()).toBe(true);
    expect(await view.notice.getByRole('link', { name: 'Buy now' }).getAttribute('href')).toBe(`/profile${back}#top-up`);
    expect(await view.notice.getByRole('link', { name: 'Already a member? Log in' }).getAttribute('href')).toBe(`/login${back}`);
    expect(await view.pages.count()).toBe(0);
    // The profile is guarded: a visitor following the buy link is asked to log in.
    await view.notice.getByRole('link', { name: 'Buy now' }).click();
    await eventually(() => pathOf(page)).toBe('/login');
    await context.close();
  });

  it('shows the expired member the notice asking to top up', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const view = readingScreen(page);
    await logIn(page, DEMO_EXPIRED.username, DEMO_EXPIRED.password);
    await page.goto(await readerPath(baseUrl, BOOK, 4));
    await page.getByRole('heading', { name: 'Your membership has expired' }).waitFor();
    expect(await page.getByText('Please top up your membership to keep reading all comics').isVisible()).toBe(true);
    expect(await page.getByText('This chapter is only open to members').count()).toBe(0);
    await view.notice.getByRole('link', { name: 'Top up now' }).click();
    await eventually(() => pathOf(page)).toBe('/profile');
    await context.close();
  });

  it('lets a member read a members-only chapter', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const view = readingScreen(page);
    await logIn(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
    await page.goto(await readerPath(baseUrl, BOOK, 4));
    await view.chapterTitle.filter({ hasText: /^Chapter 4: / }).waitFor();
    await view.pages.first().waitFor();
    expect(await view.notice.count()).toBe(0);
    await context.close();
  });

  it('likes a chapter: the like button disappears and the count rises', async () => {
    const user = await freshUser(baseUrl);
    const { context, page } = await openSession(browser(), baseUrl);
    const view = readingScreen(page);
    await logIn(page, user.username, user.password);
    await page.goto(await readerPath(baseUrl, BOOK, 2));
    await view.chapterTitle.filter({ hasText: /^Chapter 2: / }).waitFor();
    const before = Number((await view.like.innerText()).replace(/\D/g, ''));

    await view.like.click();
    await view.liked.waitFor();
    expect(await view.like.count()).toBe(0);
    const after = Number(
      (await view.bottomBar.innerText())
        .split('\n')
        .join(' ')
        .match(/Liked\s*([\d,]+)/)?.[1]
        ?.replace(/,/g, ''),
    );
    expect(after).toBe(before + 1);

    // The server remembers it: after a reload the chapter is still liked.
    await page.reload();
    await view.liked.waitFor();
    expect(await view.like.count()).toBe(0);
    await context.close();
  });

  it('sends a visitor who presses like to the login page', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const view = readingScreen(page);
    await page.goto(await readerPath(baseUrl, BOOK, 1));
    await view.like.click();
    await eventually(() => pathOf(page)).toBe('/login');
    await context.close();
  });
});
