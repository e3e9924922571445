import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { localeFile } from '../src/journeys/locale-texts.js';
import { DEMO_MEMBER, eventually, logInForSession, openSession, storeSession } from '../src/journeys/session.js';

/**
 * Issue 61: reading statuses as a member meets them on a phone, from the three places a status
 * is set: the book page's picker, the site's own "reading" when the book is opened, the last
 * chapter's "Mark as completed"; then the library's Statuses tab with its counts. In zh-cn and
 * ar-sa (right to left), with axe and screenshots to look at.
 */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/shots-statuses';
const TITLE = 'City of Small Wonders';

const endCard = (page: Page) => page.locator('section[aria-labelledby="chapter-end-title"]');

async function readToTheEnd(page: Page) {
  const end = endCard(page);
  await end.waitFor({ state: 'attached' });
  await eventually(async () => {
    await page.mouse.wheel(0, 900);
    const box = await end.boundingBox();
    return box !== null && box.y < 700;
  }).toBe(true);
}

describe.each(['zh-cn', 'ar-sa'] as const)('reading statuses (%s, phone)', (language) => {
  it('set on the book page, "reading" once opened, completed at the last chapter, listed in the library', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const chapters = localeFile(language, 'chapters.json');
    const library = localeFile(language, 'library.json');
    const session = await logInForSession(baseUrl, DEMO_MEMBER.username, DEMO_MEMBER.password);
    const book = await bookUuid(baseUrl, TITLE);
    // A clean start for the member, whatever an earlier run filed.
    await fetch(`${baseUrl}/api/v1/user/statuses/${book}`, { method: 'DELETE', headers: { authorization: `Token ${session.jwt_token}` } });
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device: PHONE });
    await storeSession(context, session);

    await page.goto(`/book/chapters/${book}`);
    const picker = page.getByLabel(chapters.readingStatus.label);
    await eventually(() => picker.inputValue()).toBe('');
    const saved = page.waitForResponse((response) => response.url().includes('/user/statuses/') && response.request().method() === 'PUT');
    await picker.selectOption('plan_to_read');
    expect((await saved).status()).toBe(200);
    await page.screenshot({ path: path.join(SHOTS, `${language}-book.png`) });
    await page.reload();
    await eventually(() => page.getByLabel(chapters.readingStatus.label).inputValue()).toBe('plan_to_read');

    // Opening the last chapter: the site files the planned book as reading; at its end, completed.
    await page.goto(`/reader/book/chapter/${book}/${await chapterUuid(baseUrl, book, 3)}/3`);
    await readToTheEnd(page);
    await endCard(page).getByRole('button', { name: chapters.readingStatus.markCompleted }).click();
    await endCard(page).getByText(chapters.readingStatus.markedCompleted).waitFor();
    await endCard(page).screenshot({ path: path.join(SHOTS, `${language}-end-card.png`) });

    await page.goto('/library?tab=statuses&status=completed');
    const tabs = page.getByRole('navigation', { name: library.statuses.heading });
    // The book's title is in the page's language: found by its address.
    await page.locator(`a[href="/book/chapters/${book}"]`).first().waitFor();
    const completedTab = tabs.getByRole('link', { name: new RegExp(chapters.readingStatus.names.completed) });
    expect(await completedTab.getAttribute('aria-current')).toBe('page');
    expect(Number(await completedTab.locator('span').textContent())).toBeGreaterThanOrEqual(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `${language}-library.png`), fullPage: true });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
