import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { apiClient } from '../src/journeys/api.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { fill, localeFile } from '../src/journeys/locale-texts.js';
import { createReaderOnServer, operatorPerFile } from '../src/journeys/operator.js';
import { eventually, openSession, storeSessionViaApi } from '../src/journeys/session.js';

/**
 * Issue 31, the moderators' side, on a phone in English and in Arabic (right to left): a reader's
 * comment is reported, a moderator hides it in the console, and a reader who opens the chapter no
 * longer finds it on their screen. The comment carries the classic script payloads: the console
 * shows them as text and none of them runs (no flag set, no dialog).
 *
 * Every label is read from the app's own locale files (the console's admin-moderation.json, the
 * reader's comments.json), so the test follows the texts the operator and the reader are shown.
 */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);
const BOOK = 'The Storm Gate'; // chapter 1 is free

function textsOf(language: 'en-us' | 'ar-sa') {
  const moderation = localeFile(language, 'admin/admin-moderation.json');
  const comments = localeFile(language, 'comments.json');
  return {
    commentBy: (name: string) => fill(moderation.commentBy, { name }),
    hide: moderation.hide as string,
    hideQuestion: (name: string) => fill(moderation.hideQuestion, { name }),
    tabs: moderation.tabs as { held: string; reviews: string },
    reviewsTable: moderation.reviews.title as string,
    /** The reader's comments region: "Comments" or "Comments (N)" in the language. */
    commentsRegion: new RegExp(`^${comments.title}`),
  };
}

const PAYLOADS = [
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss = \'img\'">',
  '"><svg onload="window.__xss = \'svg\'">',
  '<a href="javascript:window.__xss=\'link\'">tap me</a>',
];

const { api, tokenOf } = apiClient(baseUrl, { ownAddress: true });

/** Opens the chapter and waits for its comments to load (they load only when the end of the chapter comes near). */
async function readersComments(page: Page, chapterPath: string, region: RegExp): Promise<Locator> {
  await page.goto(chapterPath);
  const comments = page.getByRole('main').getByRole('region', { name: region });
  await comments.scrollIntoViewIfNeeded();
  await eventually(() => comments.getAttribute('aria-busy')).toBe('false');
  return comments;
}

describe.each(['en-us', 'ar-sa'] as const)('moderation in the console, on a phone in %s', (language) => {
  const t = textsOf(language);

  it('hides a reported comment: its script payloads stay text, and the reader no longer finds it in the chapter', async () => {
    const book = await bookUuid(baseUrl, BOOK);
    const chapter = await chapterUuid(baseUrl, book, 1);
    const chapterPath = `/reader/book/chapter/${book}/${chapter}/1`;
    const writer = await createReaderOnServer(dataDir);
    const reporter = await createReaderOnServer(dataDir);
    const stamp = `${language} ${Date.now()}`;
    const posted = await api<{ result: { comment_uuid: string } }>('POST', `/comics/chapter/${chapter}/comments`, await tokenOf(writer), {
      body: `Moderate me ${stamp}\n${PAYLOADS.join('\n')}`,
    });
    expect(posted.status).toBe(201);
    const commentUuid = posted.data.result.comment_uuid;
    const reporterToken = await tokenOf(reporter);
    // The reporter's own comment stays: the reader's screen below has loaded when it shows.
    const kept = await api('POST', `/comics/chapter/${chapter}/comments`, reporterToken, { body: `Still here ${stamp}` });
    expect(kept.status).toBe(201);
    const reported = await api('POST', `/comics/comment/${commentUuid}/report`, reporterToken, { reason: 'harassment' });
    expect(reported.status).toBe(200);

    // The reporter, reading the chapter on a phone, sees both comments before the moderator acts.
    const reader = await openSession(browser(), baseUrl, { language, device: PHONE });
    await storeSessionViaApi(reader.context, baseUrl, reporter.username, reporter.password);
    let comments = await readersComments(reader.page, chapterPath, t.commentsRegion);
    const writersComment = (region: Locator) => region.getByRole('article', { name: writer.username, exact: true });
    const reportersComment = (region: Locator) => region.getByRole('article', { name: reporter.username, exact: true });
    await reportersComment(comments).getByText(`Still here ${stamp}`).waitFor();
    await writersComment(comments).getByText(`Moderate me ${stamp}`).waitFor();

    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device: PHONE });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await context.addInitScript(() => {
      (window as unknown as { __xss?: string }).__xss = undefined;
    });
    await storeSessionViaApi(context, baseUrl, operator.username, operator.password);
    await page.goto('/admin/moderation');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar-sa' ? 'rtl' : 'ltr');

    const card = page.getByRole('article', { name: t.commentBy(writer.username) });
    await card.waitFor();
    // Every payload is shown exactly as written, as text.
    for (const payload of PAYLOADS) await expect(card.getByText(payload, { exact: false }).count()).resolves.toBeGreaterThan(0);
    expect(await card.locator('script, img, svg, a[href^="javascript"]').count()).toBe(0);
    await card.getByText('tap me', { exact: false }).first().click();

    // Hide asks first, then hides.
    await card.getByRole('button', { name: t.hide, exact: true }).click();
    await card.getByText(t.hideQuestion(writer.username)).waitFor();
    await card.getByRole('button', { name: t.hide, exact: true }).click();
    // Resolved, it leaves the queue (other journeys' reports may stay in it).
    await card.waitFor({ state: 'detached' });

    // The reader opens the chapter again: the comment is gone from their screen, the other one stays.
    comments = await readersComments(reader.page, chapterPath, t.commentsRegion);
    await reportersComment(comments).getByText(`Still here ${stamp}`).waitFor();
    expect(await writersComment(comments).count()).toBe(0);
    expect(await comments.getByText(`Moderate me ${stamp}`).count()).toBe(0);

    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(reader.pageErrors).toEqual([]);
    await reader.context.close();
    await context.close();
  });
  it('shows held comments and reviews written as markup as text in the console: nothing of them runs', async () => {
    const writer = await createReaderOnServer(dataDir);
    const operatorToken = await tokenOf(operator);
    const writerToken = await tokenOf(writer);
    const stamp = `${language}-${Date.now().toString(36)}`;
    // A word of its own for the filter to hold, so no other journey's comment is held by it.
    const holdWord = `zqhold${Date.now().toString(36).replace(/[0-9]/g, 'x')}`;
    const filter = await api<{ id: number }>('POST', '/admin/comments/word-filters', operatorToken, { pattern: holdWord, action: 'hold' });
    expect(filter.status).toBe(201);
    try {
      const chapter = await chapterUuid(baseUrl, await bookUuid(baseUrl, BOOK), 1);
      const comment = `${PAYLOADS.join('\n')}\n${holdWord} ${stamp}`;
      const held = await api<{ result: { hidden: boolean } }>('POST', `/comics/chapter/${chapter}/comments`, writerToken, {
        body: comment,
      });
      expect(held.status).toBe(201);
      expect(held.data.result.hidden).toBe(true);
      // Scored 8, as the ratings journey's books are: the catalogue's mean stays where it expects it.
      const review = `${PAYLOADS.join('\n')}\n${stamp}`;
      const rated = await api('PUT', `/comics/book/${await bookUuid(baseUrl, 'Iron Frontier')}/rating`, writerToken, { score: 8, review });
      expect(rated.status).toBe(200);

      const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device: PHONE });
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await storeSessionViaApi(context, baseUrl, operator.username, operator.password);
      await page.goto('/admin/moderation');
      const noMarkup = 'script, img, svg:not([aria-hidden="true"]), iframe, a[href^="javascript"]';

      await page.getByRole('link', { name: t.tabs.held, exact: true }).click();
      const card = page.getByRole('article', { name: t.commentBy(writer.username) });
      await card.waitFor();
      for (const payload of PAYLOADS) await expect(card.getByText(payload, { exact: false }).count()).resolves.toBeGreaterThan(0);
      expect(await card.locator(noMarkup).count()).toBe(0);

      await page.getByRole('link', { name: t.tabs.reviews, exact: true }).click();
      const row = page.getByRole('table', { name: t.reviewsTable }).getByRole('row').filter({ hasText: stamp });
      await row.waitFor();
      expect(await row.locator('p[dir="auto"]').innerText()).toBe(review);
      expect(await row.locator(noMarkup).count()).toBe(0);

      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    } finally {
      await api('DELETE', `/admin/comments/word-filters/${filter.data.id}`, operatorToken);
    }
  });
});
