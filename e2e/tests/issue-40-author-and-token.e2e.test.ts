import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { apiClient } from '../src/journeys/api.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { fill, localeFile } from '../src/journeys/locale-texts.js';
import { createReaderOnServer, operatorPerFile } from '../src/journeys/operator.js';
import { eventually, openSession, storeSessionViaApi } from '../src/journeys/session.js';

/**
 * Issue 40, items 12 and 13, as a reader sees them. Labels come from the app's locale files, so the
 * test follows the texts shown; what it checks is the meaning (which text, which token works).
 */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);

const { api, tokenOf } = apiClient(baseUrl, { ownAddress: true });

const LANGUAGES = ['en-us', 'zh-cn', 'fr-fr', 'es-es', 'ar-sa'] as const;

describe.each(LANGUAGES)('item 13: the author of a hidden comment and review is told a moderator hid it (%s, phone)', (language) => {
  it('says "a moderator hid it" with the upheld reason, not "waiting for a moderator"', async () => {
    const comments = localeFile(language, 'comments.json');
    const ratings = localeFile(language, 'ratings.json');
    const book = await bookUuid(baseUrl, 'The Storm Gate');
    const chapter = await chapterUuid(baseUrl, book, 1);
    const writer = await createReaderOnServer(dataDir);
    const reporter = await createReaderOnServer(dataDir);
    const writerToken = await tokenOf(writer);
    const operatorToken = await tokenOf(operator);
    const stamp = `${language} ${Date.now()}`;
    const posted = await api<{ result: { comment_uuid: string } }>('POST', `/comics/chapter/${chapter}/comments`, writerToken, {
      body: `Hide me ${stamp}`,
    });
    expect(posted.status).toBe(201);
    const commentUuid = posted.data.result.comment_uuid;
    expect((await api('POST', `/comics/comment/${commentUuid}/report`, await tokenOf(reporter), { reason: 'spam' })).status).toBe(200);
    expect((await api('POST', `/admin/comments/${commentUuid}/hide`, operatorToken)).status).toBe(200);
    // A review hidden by a moderator (scored 8 as the ratings journeys' books are, so their figures hold).
    const reviewBook = await bookUuid(baseUrl, 'Iron Frontier');
    expect(
      (await api('PUT', `/comics/book/${reviewBook}/rating`, writerToken, { score: 8, review: `Hidden review ${stamp}` })).status,
    ).toBe(200);
    expect(
      (await api('PUT', `/admin/comments/reviews/${reviewBook}/${await uuidOf(writerToken)}`, operatorToken, { state: 'hidden' })).status,
    ).toBe(200);

    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device: PHONE });
    await storeSessionViaApi(context, baseUrl, writer.username, writer.password);
    await page.goto(`/reader/book/chapter/${book}/${chapter}/1`);
    // The comments load only when the end of the chapter comes near.
    const region = page.getByRole('main').getByRole('region', { name: new RegExp(`^${comments.title}`) });
    await region.scrollIntoViewIfNeeded();
    await eventually(() => region.getAttribute('aria-busy')).toBe('false');
    const mine = region.getByRole('article', { name: writer.username, exact: true });
    await mine.getByText(`Hide me ${stamp}`).waitFor();
    await mine.getByText(fill(comments.hiddenByModeratorReason, { reason: comments.report.reasons.spam })).waitFor();
    expect(await mine.getByText(comments.held).count()).toBe(0);

    await page.goto(`/book/chapters/${reviewBook}`);
    await page.locator('#ratings > summary').click();
    await page.getByText(ratings.form.reviewHiddenByModerator).waitFor();
    await page.getByText(ratings.reviews.hiddenByModerator).waitFor();
    expect(await page.getByText(ratings.form.reviewHidden).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

async function uuidOf(token: string): Promise<string> {
  return (await api<{ result: { uuid: string } }>('GET', '/user/me', token)).data.result.uuid;
}

describe.each([
  { language: 'en-us', device: DESKTOP },
  { language: 'zh-cn', device: PHONE },
  { language: 'ar-sa', device: PHONE },
] as const)('item 12: the API token view ($language)', ({ language, device }) => {
  it('says the token is the login, points apps to a feed key, and signs out everywhere', async () => {
    const profile = localeFile(language, 'profile.json');
    const feedKeys = localeFile(language, 'feedkeys.json');
    const reader = await createReaderOnServer(dataDir);
    const elsewhere = await tokenOf(reader);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device });
    await storeSessionViaApi(context, baseUrl, reader.username, reader.password);
    await page.goto('/profile');
    await page.getByRole('button', { name: profile.token.open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: profile.token.title });
    await dialog.waitFor();
    // What the token is, said plainly; no invitation to give it to reading apps.
    await dialog.getByText(profile.token.description).waitFor();
    await dialog.getByText(profile.token.appsHint, { exact: false }).waitFor();
    const before = await dialog.getByLabel(profile.token.label).inputValue();
    expect(before.length).toBeGreaterThan(20);

    await dialog.getByRole('button', { name: profile.token.everywhere, exact: true }).click();
    await dialog.getByText(profile.token.everywhereDone).waitFor();
    const after = await dialog.getByLabel(profile.token.label).inputValue();
    expect(after).not.toBe(before);
    // Every earlier token (this browser's and another login's) is refused; the new one works.
    for (const old of [before, elsewhere]) expect((await api('GET', '/user/me', old)).status).toBe(401);
    expect((await api('GET', '/user/me', after)).status).toBe(200);

    // The link for apps leads to the feed keys.
    await dialog.getByRole('link', { name: profile.token.toFeedKeys }).click();
    await dialog.waitFor({ state: 'hidden' });
    const section = page.getByRole('region', { name: feedKeys.heading });
    await eventually(() => section.evaluate((node) => node.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    // Still logged in with the new token after a reload.
    await page.reload();
    await page.getByRole('button', { name: profile.token.open, exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
