import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { apiClient } from '../src/journeys/api.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { setCoinsEnabled } from '../src/journeys/coins.js';
import { fill, localeFile } from '../src/journeys/locale-texts.js';
import { createReaderOnServer, operatorPerFile } from '../src/journeys/operator.js';
import { eventually, openSession, storeSessionViaApi } from '../src/journeys/session.js';

// Issue 56 in the operator's console at 1280 px (en-us and zh-cn), and the reader's deletion dialog
// (ar-sa phone): a coin-pack order is named by its coins, never the raw key `plan.coins` (#6); a
// chapter's own price under its Edit, 1–10,000, the book's price as placeholder, clearable (#9);
// the coin packs table shows its Actions in full, the early-access "members too" checkbox sits
// beside its words, the chapter table names chapters in the console's language (#19); the deletion
// dialog counts score-only ratings apart from reviews and comments (#21). Coins are on for this
// file only; the pack, the book's price and the ratings are withdrawn after it.

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);
const { api, apiData, tokenOf } = apiClient(baseUrl);
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/issue-56-console-shots';
/** Original Chinese, 3 chapters with English titles too; no other journey opens it in the console. */
const BOOK = 'City of Small Wonders';
const BOOK_PRICE = 25;
const PRICED_CHAPTER = 2;
const PACK = { coins: 500, bonus_coins: 50, price_fen: 3000, bonus_expiry_days: 30 };
/**
 * The longest payment link the contract takes (a token without spaces, 126 characters): such a
 * link widened the packs table past a 1280 px screen and pushed Actions out of sight.
 */
const PAYMENT_LINK = `plink_${`e2e${Date.now().toString(36)}`.padEnd(120, 'Q')}`;
/** Two books the reader of #21 rates (a score, no review); no other journey counts their ratings. */
const RATED_BOOKS = ['The Silent Witness', BOOK];

let adminToken = '';
let book = '';
let packId = 0;
let packOrder = '';
let buyer = { username: '', password: '' };
let unlocksBefore: Record<string, unknown> = {};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  adminToken = await tokenOf(operator);
  book = await bookUuid(baseUrl, BOOK);
  await setCoinsEnabled(baseUrl, adminToken, true);
  // The book sells chapters for coins: its price is what a chapter's own price field offers as placeholder.
  unlocksBefore = await apiData('GET', `/admin/books/${book}/unlocks`, adminToken);
  await apiData('PATCH', `/admin/books/${book}/unlocks`, adminToken, { coin_price: BOOK_PRICE });
  packId = (
    await apiData<{ id: number }>('POST', '/admin/coin-packs', adminToken, { ...PACK, stripe_payment_link: PAYMENT_LINK, sort_order: 0 })
  ).id;
  // A reader buys the pack in the sandbox: a paid coin-pack order for the console to name.
  buyer = await createReaderOnServer(dataDir);
  const buyerToken = await tokenOf(buyer);
  packOrder = (
    await apiData<{ order_id: string }>('POST', '/payment/wechat/payment/china_book_membership/create', buyerToken, { pack: packId })
  ).order_id;
  await apiData('POST', `/payment/sandbox/orders/${packOrder}/pay`, buyerToken, { outcome: 'succeeded' });
});

afterAll(async () => {
  if (!adminToken) return;
  if (packId) await apiData('PATCH', `/admin/coin-packs/${packId}`, adminToken, { is_active: false });
  if (book) {
    await apiData('PATCH', `/admin/chapters/${await chapterUuid(baseUrl, book, PRICED_CHAPTER)}/price`, adminToken, { coin_price: null });
    const { coin_price, wait_free_hours } = unlocksBefore as { coin_price: number | null; wait_free_hours: number | null };
    await apiData('PATCH', `/admin/books/${book}/unlocks`, adminToken, { coin_price, wait_free_hours });
  }
  await setCoinsEnabled(baseUrl, adminToken, false);
});

async function operatorSession(language: string) {
  const session = await openSession(browser(), baseUrl, { language, device: DESKTOP });
  await storeSessionViaApi(session.context, baseUrl, operator.username, operator.password);
  return session;
}

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on screen`);
  return box;
}

/** `inner` lies wholly inside `outer` (half a pixel of rounding allowed). */
function expectInside(inner: Box, outer: Box) {
  expect(inner.x).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(inner.y).toBeGreaterThanOrEqual(outer.y - 0.5);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
}

/** A region that shows all it holds: nothing scrolled out of it sideways. */
async function expectNoSidewaysOverflow(region: Locator) {
  const { scrollWidth, clientWidth } = await region.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** No text of the page is a translation key such as `plan.coins` (what the console once showed). */
async function expectNoRawPlanKey(page: Page) {
  const text = (await page.locator('main').textContent()) ?? '';
  expect(text).not.toMatch(/\bplan\.[a-z]+/);
  expect(text).not.toMatch(/coinPack|coinCount/);
}

const HAN = /\p{Script=Han}/u;

describe.each(['en-us', 'zh-cn'] as const)('issue 56: the console at 1280 px (%s)', (language) => {
  const orders = localeFile(language, 'admin/admin-orders.json');
  const coins = localeFile(language, 'admin/admin-coins.json');
  const books = localeFile(language, 'admin/admin-books.json');
  const admin = localeFile(language, 'admin/admin.json');
  const tableOf = (name: string) => fill(admin.tableOf, { name });
  const coinCount = (count: number) => fill(orders.coinCount_other, { count: String(count) });
  /** "Coin pack: 500 coins + 50 bonus" in the console's language. */
  const packLabel = fill(orders.coinPackBonus, { coins: coinCount(PACK.coins), bonus: String(PACK.bonus_coins) });

  it('#6: a coin-pack order is named by its coins on the orders list and on its page', async () => {
    const { context, page, pageErrors } = await operatorSession(language);
    await page.goto(`/admin/orders?user=${buyer.username}`);
    const row = page.getByRole('row', { name: new RegExp(packOrder) });
    await row.getByRole('cell', { name: packLabel, exact: true }).waitFor();
    await expectNoRawPlanKey(page);
    await page.screenshot({ path: `${SHOTS}/orders-${language}-desktop.png` });

    await row.getByRole('link', { name: packOrder }).click();
    await page.getByRole('heading', { name: new RegExp(packOrder) }).waitFor();
    await page.getByRole('definition').filter({ hasText: packLabel }).first().waitFor();
    expect(
      await page
        .getByRole('definition')
        .filter({ hasText: new RegExp(`^${escape(packLabel)}$`) })
        .count(),
    ).toBe(1);
    await expectNoRawPlanKey(page);
    await page.screenshot({ path: `${SHOTS}/order-${language}-desktop.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('#19: the coin packs table shows every button of its Actions column inside the screen, a long payment link included', async () => {
    const { context, page, pageErrors } = await operatorSession(language);
    await page.goto('/admin/coin-packs');
    const region = page.getByRole('region', { name: tableOf(coins.packs.list) });
    const row = region.getByRole('row').filter({ hasText: PAYMENT_LINK });
    const buttons = row.getByRole('cell').last().getByRole('button');
    await buttons.getByText(coins.packs.withdraw, { exact: true }).waitFor();
    expect(await buttons.count()).toBe(2);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/coin-packs-${language}-desktop.png` });
    await expectNoSidewaysOverflow(region);
    const visible = await boxOf(region);
    const viewport = { x: 0, y: 0, width: DESKTOP.viewport.width, height: Number.POSITIVE_INFINITY };
    for (const button of await buttons.all()) {
      const box = await boxOf(button);
      expectInside(box, visible);
      expectInside(box, viewport);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.viewport.width);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('#19: the early-access "members too" checkbox sits on the line of its words', async () => {
    const { context, page, pageErrors } = await operatorSession(language);
    await page.goto(`/admin/books/${book}`);
    const selling = page.getByRole('form', { name: coins.selling.title });
    await selling.getByRole('radio', { name: coins.selling.models.coins }).check();
    // Shown once early access is asked for; nothing is saved here.
    await selling.getByLabel(coins.selling.earlyCount).fill('1');
    const checkbox = selling.getByRole('checkbox', { name: coins.selling.earlyMembers });
    await checkbox.waitFor();
    await checkbox.scrollIntoViewIfNeeded();
    const box = await boxOf(checkbox);
    // The first line of the label's words, as laid out.
    const words = await checkbox.evaluate((input) => {
      const label = input.closest('label')!;
      const text = [...label.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '')!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const first = range.getClientRects()[0]!;
      return { x: first.x, y: first.y, width: first.width, height: first.height, rtl: getComputedStyle(label).direction === 'rtl' };
    });
    // Same row: the box's vertical middle falls within the words' first line.
    const middle = box.y + box.height / 2;
    expect(middle).toBeGreaterThan(words.y);
    expect(middle).toBeLessThan(words.y + words.height);
    // Beside them, before them in the reading direction.
    if (words.rtl) expect(box.x).toBeGreaterThanOrEqual(words.x + words.width);
    else expect(box.x + box.width).toBeLessThanOrEqual(words.x);
    await selling.screenshot({ path: `${SHOTS}/early-members-${language}-desktop.png` });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("#19, #9: the chapter table names chapters in the console's language; a chapter's own price is 1–10,000, the book's as placeholder, and clearable", async () => {
    const { context, page, pageErrors } = await operatorSession(language);
    // The titles the reader's side shows in this language (the demo has them in English and Chinese).
    const listed = await apiData<{ result: { chapters: { chapter_number: number; title: string }[] } }>(
      'GET',
      `/comics/chapters/${book}/${language}/asc/0/10`,
      null,
    );
    await page.goto(`/admin/books/${book}`);
    const chapters = page.getByRole('region', { name: tableOf(books.chapters.title) });
    const rowOf = (number: number) =>
      chapters
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: String(number), exact: true }) })
        .first();
    for (const chapter of listed.result.chapters) {
      await rowOf(chapter.chapter_number).getByText(chapter.title, { exact: true }).waitFor();
    }
    const titles = await chapters.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(titles).toHaveLength(listed.result.chapters.length);
    // An English console shows no Chinese original where an English title exists.
    if (language === 'en-us') for (const title of titles) expect(title).not.toMatch(HAN);
    await expectNoSidewaysOverflow(chapters);
    await chapters.screenshot({ path: `${SHOTS}/chapters-${language}-desktop.png` });

    const chapter = await chapterUuid(baseUrl, book, PRICED_CHAPTER);
    const ownPrice = async () => {
      const list = await apiData<{ items: { chapter_uuid: string; coin_price: number | null }[] }>(
        'GET',
        `/admin/books/${book}/chapters?page=0&page_size=50`,
        adminToken,
      );
      return list.items.find((item) => item.chapter_uuid === chapter)!.coin_price;
    };
    const row = rowOf(PRICED_CHAPTER);
    const edit = row.getByRole('button', { name: new RegExp(`^${escape(books.chapters.edit)}`) });
    const priceField = row.getByLabel(books.chapters.priceLabel);
    const save = row.getByRole('button', { name: books.chapters.priceSave });
    const invalid = fill(books.chapters.priceInvalid, { max: (10_000).toLocaleString('en-US') });
    await edit.click();
    // Empty: the book's price, said and shown as the placeholder.
    expect(await priceField.inputValue()).toBe('');
    expect(await priceField.getAttribute('placeholder')).toBe(String(BOOK_PRICE));
    await row.getByText(fill(books.chapters.priceHint_other, { count: String(BOOK_PRICE) }), { exact: true }).waitFor();
    // Out of bounds: refused in words before anything is sent.
    for (const wrong of ['0', '10001', '2.5']) {
      await priceField.fill(wrong);
      await save.click();
      await row.getByText(invalid, { exact: true }).waitFor();
      expect(await priceField.getAttribute('aria-invalid')).toBe('true');
    }
    expect(await ownPrice()).toBeNull();
    // Both bounds are taken; each save closes the editor.
    for (const price of [1, 10_000]) {
      if (!(await priceField.isVisible())) await edit.click();
      await priceField.fill(String(price));
      await save.click();
      await eventually(ownPrice).toBe(price);
      await priceField.waitFor({ state: 'detached' });
    }
    await edit.click();
    expect(await priceField.inputValue()).toBe('10000');
    await chapters.screenshot({ path: `${SHOTS}/chapter-price-${language}-desktop.png` });
    // Cleared: the chapter costs the book's price again.
    await row.getByRole('button', { name: books.chapters.priceClear }).click();
    await eventually(ownPrice).toBeNull();
    await edit.click();
    expect(await priceField.inputValue()).toBe('');
    expect(await row.getByRole('button', { name: books.chapters.priceClear }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('issue 56: the deletion dialog (ar-sa, phone)', () => {
  const rater = { username: '', password: '', token: '' };
  const rated: string[] = [];
  afterAll(async () => {
    for (const uuid of rated) await api('DELETE', `/comics/book/${uuid}/rating`, rater.token);
  });

  it('#21: two scores without a review are counted as ratings, not as "comments and reviews (2)"', async () => {
    Object.assign(rater, await createReaderOnServer(dataDir));
    rater.token = await tokenOf(rater);
    for (const title of RATED_BOOKS) {
      const uuid = await bookUuid(baseUrl, title);
      await apiData('PUT', `/comics/book/${uuid}/rating`, rater.token, { score: 8 });
      rated.push(uuid);
    }
    const texts = localeFile('ar-sa', 'datarights.json');
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language: 'ar-sa', device: PHONE });
    await storeSessionViaApi(context, baseUrl, rater.username, rater.password);
    await page.goto('/profile#your-data');
    await page.getByRole('button', { name: texts.delete.open }).click();
    const dialog = page.getByRole('dialog', { name: texts.delete.title });
    const consequences = dialog.getByRole('list', { name: texts.delete.consequencesLabel });
    // Arabic has a dual: two ratings have their own words.
    await consequences.getByRole('listitem').filter({ hasText: texts.delete.ratings_two }).waitFor();
    const lines = await consequences.getByRole('listitem').allTextContents();
    expect(lines).toContain(texts.delete.ratings_two);
    // No review line: the two are scores, not reviews.
    for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) {
      const review = fill(texts.delete[`reviews_${form}`], { count: '2' });
      expect(lines).not.toContain(review);
    }
    // The comments' choice counts comments alone: none.
    const legend = dialog.locator('legend');
    expect(await legend.textContent()).toBe(fill(texts.delete.commentsLegend_zero, { count: '0' }));
    await dialog.screenshot({ path: `${SHOTS}/delete-dialog-ar-sa-phone.png` });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
