import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { bookUuid, readerPath } from '../src/journeys/catalogue-api.js';
import { chapterList } from '../src/journeys/chapter-list.js';
import { backgroundLuminance, charactersPerLine, novelView, paragraphFontSize } from '../src/journeys/novel.js';
import { readingScreen } from '../src/journeys/reading-screen.js';
import { eventually, openSession, pathOf } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const NOVEL = 'Sword Song of the Nine Provinces'; // a demo novel: 40 chapters, the first 10 free
const SHORT_NOVEL = 'Return to the Tang'; // 4 chapters, only the first free

describe('reading a novel', () => {
  it('opens a chapter from the chapter list as comfortable text, changes the text size and goes on to the next chapter', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: DESKTOP });
    const view = readingScreen(page);
    const novel = novelView(page);
    const list = chapterList(page);
    const bookId = await bookUuid(baseUrl, NOVEL);
    await page.goto(`/book/chapters/${bookId}`);
    await list.ready();
    await list.cards.first().getByRole('link').click();
    await eventually(() => pathOf(page)).toMatch(new RegExp(`^/reader/book/chapter/${bookId}/[0-9a-f-]{36}/1$`));
    await view.chapterTitle.filter({ hasText: /^Chapter 1: / }).waitFor();

    // The text itself, not page images: paragraphs in English with the book's hero, in a readable column.
    await novel.paragraphs.first().waitFor();
    expect(await novel.paragraphs.count()).toBeGreaterThanOrEqual(4);
    expect(await novel.text.innerText()).toContain('Xie Wuya');
    expect(await novel.text.getAttribute('lang')).toBe('en-US');
    expect(await view.pages.count()).toBe(0);
    const perLine = await charactersPerLine(page);
    expect(perLine).toBeGreaterThanOrEqual(60);
    expect(perLine).toBeLessThanOrEqual(75);
    const lineHeight = await novel.paragraphs
      .first()
      .evaluate((p) => parseFloat(getComputedStyle(p).lineHeight) / parseFloat(getComputedStyle(p).fontSize));
    expect(lineHeight).toBeGreaterThanOrEqual(1.5);
    // The chapter's one illustration (its opening strip) comes first, sized before it loads.
    expect(await novel.illustrations.count()).toBe(1);
    expect(Number(await novel.illustrations.first().getAttribute('height'))).toBeGreaterThan(0);

    // Larger text takes effect at once and is remembered after a reload.
    const before = await paragraphFontSize(page);
    await novel.larger.click();
    await eventually(() => paragraphFontSize(page)).toBeGreaterThan(before);
    const larger = await paragraphFontSize(page);
    // One step up from the site's 18 px (the size is said in px since the reader's settings keep it so).
    expect(await novel.textSize.innerText()).toContain('20 px');
    await page.reload();
    await novel.paragraphs.first().waitFor();
    expect(await paragraphFontSize(page)).toBeCloseTo(larger, 1);
    await novel.smaller.click();
    await eventually(() => paragraphFontSize(page)).toBeCloseTo(before, 1);

    // Next chapter by the button, then by the arrow key.
    const firstText = await novel.text.innerText();
    await view.next.click();
    await view.chapterTitle.filter({ hasText: /^Chapter 2: / }).waitFor();
    await novel.paragraphs.first().waitFor();
    expect(await novel.text.innerText()).not.toBe(firstText);
    await page.keyboard.press('ArrowRight');
    await view.chapterTitle.filter({ hasText: /^Chapter 3: / }).waitFor();
    expect(pathOf(page)).toMatch(/\/3$/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('follows the system colour scheme (with no serious axe finding in either) and keeps a Chinese text left to right in the Arabic interface', async () => {
    const { context, page } = await openSession(browser(), baseUrl, { device: PHONE, language: 'ar-sa' });
    const novel = novelView(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(await readerPath(baseUrl, NOVEL, 1));
    await novel.paragraphs.first().waitFor();
    // The demo novel has English and Chinese text: Arabic falls back to English as titles do
    // (issue 26); the reader switches to the Chinese original, which stays left to right.
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await novel.text.getAttribute('lang')).toBe('en-US');
    await page.locator('[data-text-languages]').getByRole('button', { name: '简体中文' }).click();
    await eventually(() => novel.text.getAttribute('lang')).toBe('zh-CN');
    expect(await novel.text.getAttribute('dir')).toBe('ltr');
    expect(await novel.text.getAttribute('lang')).toBe('zh-CN');
    expect(await novel.text.innerText()).toContain('谢无涯');
    expect(await backgroundLuminance(page, 'div:has(> main)')).toBeGreaterThan(0.7);
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await eventually(() => backgroundLuminance(page, 'div:has(> main)')).toBeLessThan(0.1);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows a visitor the members-only notice on a paid novel chapter, without its text', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const view = readingScreen(page);
    await page.goto(await readerPath(baseUrl, SHORT_NOVEL, 2));
    await page.getByRole('heading', { name: 'This chapter is only open to members' }).waitFor();
    expect(await view.notice.getByRole('link', { name: 'Buy now' }).getAttribute('href')).toMatch(/^\/profile\?return=%2Freader%2F/);
    expect(await novelView(page).text.count()).toBe(0);
    await context.close();
  });
});
