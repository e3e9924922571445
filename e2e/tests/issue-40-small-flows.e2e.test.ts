import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { apiClient } from '../src/journeys/api.js';
import { bookUuid, readerPath } from '../src/journeys/catalogue-api.js';
import { fill, localeFile } from '../src/journeys/locale-texts.js';
import { createOperator, createReaderOnServer } from '../src/journeys/operator.js';
import { readingScreen } from '../src/journeys/reading-screen.js';
import { eventually, openSession, storeSessionViaApi } from '../src/journeys/session.js';

/** Issue 40, item 19: the small flows a new reader and a new operator tripped over. */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const { api, tokenOf } = apiClient(baseUrl, { ownAddress: true });

describe('a member takes a chapter like back (en-us, phone)', () => {
  it('the liked heart is a button that undoes the like: Like comes back with the count one lower, also after a reload', async () => {
    const reader = await createReaderOnServer(dataDir);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language: 'en-us', device: PHONE });
    await storeSessionViaApi(context, baseUrl, reader.username, reader.password);
    const view = readingScreen(page);
    await page.goto(await readerPath(baseUrl, 'The Storm Gate', 3));
    await view.like.waitFor();
    const count = async () => Number((await view.bottomBar.innerText()).match(/(\d[\d,]*)/)?.[1]?.replace(/,/g, ''));
    const before = await count();
    await view.like.click();
    const liked = view.bottomBar.getByRole('button', { name: /^Liked/ });
    await liked.waitFor();
    expect(await liked.getAttribute('aria-pressed')).toBe('true');
    await eventually(count).toBe(before + 1);

    await liked.click();
    await view.like.waitFor();
    await eventually(count).toBe(before);
    await page.reload();
    await view.like.waitFor();
    expect(await liked.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe.each(['en-us', 'ar-sa'] as const)('"Buy now" on a locked chapter lands on the plans (%s, phone)', (language) => {
  it('opens the profile scrolled to the top-up section, its plans on screen', async () => {
    const reader = await createReaderOnServer(dataDir);
    const reading = localeFile(language, 'reader.json');
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device: PHONE });
    await storeSessionViaApi(context, baseUrl, reader.username, reader.password);
    await page.goto(await readerPath(baseUrl, 'The Storm Gate', 5));
    await page.getByRole('link', { name: reading.membersOnly.action }).click();
    await page.waitForURL((url) => url.pathname === '/profile' && url.hash === '#top-up');
    const topUp = page.locator('#top-up');
    await topUp.waitFor();
    // The section's top is on the phone's screen, not 716 px below it; and it stays there.
    await eventually(() => topUp.evaluate((node) => Math.round(node.getBoundingClientRect().top))).toBeLessThan(844 / 2);
    expect(await topUp.evaluate((node) => node.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('the username rule on the Arabic registration form', () => {
  it('says letters of any alphabet, Arabic included, and an Arabic name is accepted', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language: 'ar-sa', device: PHONE });
    await page.goto('/register');
    const field = page.locator('input[autocomplete="username"]');
    await field.waitFor();
    const hint = await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[autocomplete="username"], input[name="username"]');
      return (input?.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    });
    // "Arabic" is named; "Chinese or English letters" is not what the rule is.
    expect(hint).toContain('عربية');
    expect(hint).not.toContain('حروف صينية أو إنجليزية');
    const name = `قارئ${randomInt(100, 999)}`;
    const registered = await fetch(`${baseUrl}/api/v1/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${randomInt(256)}.${randomInt(1, 255)}` },
      body: JSON.stringify({ username: name, password: 'pass-2026-x', user_type: 'inkstream' }),
    });
    expect(registered.status).toBe(201);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('hiding a review asks first, as hiding a comment does (en-us, desktop)', () => {
  it('Hide shows the question; only the confirmation hides the review', async () => {
    const operator = await createOperator(dataDir);
    const writer = await createReaderOnServer(dataDir);
    const moderation = localeFile('en-us', 'admin/admin-moderation.json');
    const stamp = `review-${Date.now().toString(36)}`;
    const book = await bookUuid(baseUrl, 'Iron Frontier');
    // Scored 8 as the ratings journeys' books are, so their figures hold.
    expect((await api('PUT', `/comics/book/${book}/rating`, await tokenOf(writer), { score: 8, review: `Worth it ${stamp}` })).status).toBe(
      200,
    );
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language: 'en-us', device: DESKTOP });
    await storeSessionViaApi(context, baseUrl, operator.username, operator.password);
    await page.goto('/admin/moderation');
    await page.getByRole('link', { name: moderation.tabs.reviews, exact: true }).click();
    const row = page.getByRole('table', { name: moderation.reviews.title }).getByRole('row').filter({ hasText: stamp });
    await row.getByRole('button', { name: moderation.hide, exact: true }).click();
    await row.getByText(fill(moderation.reviews.hideQuestion, { name: writer.username })).waitFor();
    // Nothing changed yet.
    const stateOf = async () =>
      (
        await api<{ items: { review: string; review_state: string }[] }>(
          'GET',
          '/admin/comments/reviews?page=0&page_size=50',
          await tokenOf(operator),
        )
      ).data.items.find((item) => item.review.includes(stamp))?.review_state;
    expect(await stateOf()).toBe('visible');
    await row.getByRole('button', { name: moderation.hide, exact: true }).click();
    await eventually(stateOf).toBe('hidden');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe.each(['en-us', 'zh-cn'] as const)('the book header says how the book is rated (%s, phone)', (language) => {
  it('shows the number of ratings as a link that opens the ratings section', async () => {
    const chapters = localeFile(language, 'chapters.json');
    const ratings = localeFile(language, 'ratings.json');
    const reader = await createReaderOnServer(dataDir);
    const book = await bookUuid(baseUrl, 'Iron Frontier');
    expect((await api('PUT', `/comics/book/${book}/rating`, await tokenOf(reader), { score: 8 })).status).toBe(200);
    const count = (await api<{ result: { count: number } }>('GET', `/comics/book/${book}/rating`, null)).data.result.count;
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device: PHONE });
    await page.goto(`/book/chapters/${book}`);
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
    const plural = language === 'zh-cn' || count !== 1 ? chapters.ratingCount_other : chapters.ratingCount_one;
    const link = header.getByRole('link', { name: fill(plural, { count: String(count) }) });
    await link.waitFor();
    expect(await page.locator('#ratings').getAttribute('open')).toBeNull();
    await link.click();
    await eventually(() => page.locator('#ratings').getAttribute('open')).not.toBeNull();
    await page.getByRole('region', { name: ratings.heading }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
