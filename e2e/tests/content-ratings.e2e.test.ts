import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { apiClient } from '../src/journeys/api.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { localeFile } from '../src/journeys/locale-texts.js';
import { createReaderOnServer, operatorPerFile } from '../src/journeys/operator.js';
import { logInForSession, openSession, storeSession } from '../src/journeys/session.js';

/**
 * Issue 61, item 3: content ratings as readers meet them on a phone. The site shows adult books to
 * confirmed readers and blurs them for the others: a visitor (zh-cn) sees the card without its
 * cover, marked 18+, and the book page's gate with a sign-in link; a reader (ar-sa, right to left)
 * follows the gate to the profile's Age section, confirms, and the book opens with its badge.
 * The server is shared by all e2e files (one after the other): the site and the book are put back.
 */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);
const SHOTS = '/tmp/shots-content-ratings';
const { apiData, tokenOf } = apiClient(baseUrl);

let adminToken = '';
let book = '';
let originalRating = '';

/** The first book of the zh-cn home list, as a visitor sees it (its address names it). */
async function firstListedBook(): Promise<string> {
  const { context, page } = await openSession(browser(), baseUrl, { language: 'zh-cn', device: PHONE });
  await page.goto('/');
  const link = page.locator('ul[aria-labelledby="book-list-heading"] a[href^="/book/chapters/"]').first();
  const href = (await link.getAttribute('href')) ?? '';
  await context.close();
  return href.replace('/book/chapters/', '');
}

const gate = (page: Page) => page.locator('section[aria-labelledby="age-gate-title"]');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  adminToken = await tokenOf(operator);
  book = await firstListedBook();
  expect(book).toMatch(/^[0-9a-f-]{36}$/);
  originalRating = (await apiData<{ content_rating: string }>('GET', `/admin/books/${book}`, adminToken)).content_rating;
  await apiData('PUT', `/admin/books/${book}`, adminToken, { content_rating: 'adult' });
  await apiData('PUT', '/admin/settings', adminToken, { adult_books: 'confirmed_readers', adult_books_for_others: 'blurred' });
});

afterAll(async () => {
  if (!adminToken) return;
  await apiData('PUT', '/admin/settings', adminToken, { adult_books: 'off', adult_books_for_others: 'hidden' });
  if (book && originalRating) await apiData('PUT', `/admin/books/${book}`, adminToken, { content_rating: originalRating });
});

describe('content ratings (phone)', () => {
  it('zh-cn visitor: the adult book\'s card is blurred with its 18+ mark and no cover; its page is the gate with "sign in"', async () => {
    const common = localeFile('zh-cn', 'common.json');
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language: 'zh-cn', device: PHONE });
    await page.goto('/');
    const card = page
      .locator('ul[aria-labelledby="book-list-heading"] > li')
      .filter({ has: page.locator(`a[href="/book/chapters/${book}"]`) });
    await card.getByText(common.contentRating.adult, { exact: true }).waitFor();
    await card.getByText(common.contentRating.coverHidden.replace('{{rating}}', common.contentRating.adult)).waitFor({ state: 'attached' });
    expect(await card.locator('img').count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(SHOTS, 'zh-cn-blurred-card.png') });
    await page.screenshot({ path: path.join(SHOTS, 'zh-cn-list.png') });

    await page.goto(`/book/chapters/${book}`);
    await gate(page).getByRole('heading', { name: common.contentRating.gate.title }).waitFor();
    await gate(page).getByText(common.contentRating.gate.visitor).waitFor();
    const signIn = gate(page).getByRole('link', { name: common.contentRating.gate.signIn });
    expect(await signIn.getAttribute('href')).toMatch(/^\/login/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'zh-cn-gate.png') });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("ar-sa reader: the gate leads to the profile's Age section; once confirmed, the book opens with its +18 badge", async () => {
    const common = localeFile('ar-sa', 'common.json');
    const profile = localeFile('ar-sa', 'profile.json');
    // A reader of its own: the confirmation stays with the account, and the demo reader is other files'.
    const reader = await createReaderOnServer(dataDir);
    const session = await logInForSession(baseUrl, reader.username, reader.password);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language: 'ar-sa', device: PHONE });
    await storeSession(context, session);

    await page.goto(`/book/chapters/${book}`);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await gate(page).getByRole('heading', { name: common.contentRating.gate.title }).waitFor();
    await gate(page).getByText(common.contentRating.gate.reader).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'ar-sa-gate.png') });

    await gate(page).getByRole('link', { name: common.contentRating.gate.confirm }).click();
    const age = page.locator('section#age');
    await age.getByRole('heading', { name: profile.age.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await age.scrollIntoViewIfNeeded();
    await age.screenshot({ path: path.join(SHOTS, 'ar-sa-profile-age-before.png') });
    await age.getByRole('button', { name: profile.age.confirm }).click();
    await age.getByRole('button', { name: profile.age.withdraw }).waitFor();
    await age.getByText(profile.age.confirmed.split('{{date}}')[0].trim()).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await age.screenshot({ path: path.join(SHOTS, 'ar-sa-profile-age.png') });

    await page.goBack();
    const badge = page.getByTestId('content-rating');
    await badge.getByText(common.contentRating.adult).waitFor();
    expect(await gate(page).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'ar-sa-book.png') });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
