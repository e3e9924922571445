import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inServerDatabase } from '../src/journeys/database.js';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { apiClient } from '../src/journeys/api.js';
import { setCoinsEnabled } from '../src/journeys/coins.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { fill, localeFile } from '../src/journeys/locale-texts.js';
import { operatorPerFile } from '../src/journeys/operator.js';
import { eventually, freshUser, openSession, pathOf, storeSessionViaApi } from '../src/journeys/session.js';

// Coins (issue 42) on the web: the operator turns coins on (admin API) and sells one book chapter
// by chapter (its price and a coin pack written straight into the database: the console's screens
// for them are built apart); a reader buys the pack in the sandbox checkout, unlocks a paid chapter
// from its locked screen, reads it, and finds the unlock in the wallet history. The site is put back
// as it was after the file (coins off), so the other journeys see the site without coins.

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);
const { apiData, tokenOf } = apiClient(baseUrl);
const BOOK = 'Moonlit Palace'; // 15 chapters, 3 free; no other journey reads it
const PRICE = 30;
const PACK = { coins: 100, bonus_coins: 20, price_fen: 600, bonus_expiry_days: 30 };
const LOCKED = 6;

let packId = 0;
let bookId = '';

beforeAll(async () => {
  bookId = await bookUuid(baseUrl, BOOK);
  const now = Date.now();
  packId = inServerDatabase(dataDir, (db) => {
    db.prepare('UPDATE books SET coin_price = ?, wait_free_hours = ? WHERE uuid = ?').run(PRICE, 24, bookId);
    return Number(
      db
        .prepare(
          `INSERT INTO coin_packs (coins, bonus_coins, price_fen, bonus_expiry_days, is_active, sort_order, created_at, updated_at)
           VALUES (?, ?, ?, ?, 1, 0, ?, ?)`,
        )
        .run(PACK.coins, PACK.bonus_coins, PACK.price_fen, PACK.bonus_expiry_days, now, now).lastInsertRowid,
    );
  });
  await setCoinsEnabled(baseUrl, await tokenOf(operator), true);
});

afterAll(async () => {
  await setCoinsEnabled(baseUrl, await tokenOf(operator), false);
  inServerDatabase(dataDir, (db) => {
    db.prepare('UPDATE books SET coin_price = NULL, wait_free_hours = NULL WHERE uuid = ?').run(bookId);
    db.prepare('UPDATE coin_packs SET is_active = 0 WHERE id = ?').run(packId);
  });
});

const texts = (language: string) => ({
  coins: localeFile(language, 'coins.json'),
  payments: localeFile(language, 'payments.json'),
  reader: localeFile(language, 'reader.json'),
  chapters: localeFile(language, 'chapters.json'),
});

/** "30 coins" as the language writes an amount (the counts here are all of the plural "other"). */
const amount = (coins: Record<string, string>, count: number) => fill(coins.amount_other!, { count: String(count) });

async function bookTitleIn(language: string): Promise<string> {
  const answer = await (await fetch(`${baseUrl}/api/v1/comics/chapters/${bookId}/${language}/asc/0/1`)).json();
  return answer.data.result.book_title;
}

/** The reader's page images of a chapter are on screen (its pages loaded, not the locked notice). */
const pagesShown = (page: Page, reader: Record<string, string>) =>
  page.getByRole('img', { name: new RegExp(`^${fill(reader.pageAlt!, { number: '1', total: '\\d+' })}$`) }).waitFor();

describe('coins', () => {
  for (const language of ['en-us', 'zh-cn'] as const) {
    it(`${language}: buys a pack in the sandbox, unlocks a locked chapter with coins, reads it and sees the spend in the history`, async () => {
      const { coins, payments, reader, chapters } = texts(language);
      const user = await freshUser(baseUrl);
      const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device: DESKTOP });
      await storeSessionViaApi(context, baseUrl, user.username, user.password);
      const chapter = await chapterUuid(baseUrl, bookId, LOCKED);
      const locked = `/reader/book/chapter/${bookId}/${chapter}/${LOCKED}`;
      const total = PACK.coins + PACK.bonus_coins;

      // The locked chapter offers coins beside the plans; with none in the wallet it leads to buying some.
      await page.goto(locked);
      await page.getByRole('heading', { name: reader.membersOrCoins.title }).waitFor();
      await page.getByText(fill(coins.offer.short, { price: amount(coins, PRICE) })).waitFor();
      await page.getByRole('link', { name: coins.offer.buyCoins }).click();
      await eventually(() => pathOf(page)).toBe('/profile');
      const section = page.locator('#coins');
      await section.getByRole('heading', { name: coins.profile.heading, exact: true }).waitFor();
      await section.getByText(fill(coins.profile.bonus, { formatted: String(PACK.bonus_coins) })).waitFor();

      // zh-cn pays by WeChat (the QR code's sandbox checkout); the others by card (the checkout tab opens itself).
      const checkoutOpened = context.waitForEvent('page');
      if (language === 'zh-cn') {
        await section.getByRole('button', { name: fill(coins.profile.buyWeChat, { coins: amount(coins, total) }) }).click();
        await section.getByRole('img', { name: fill(payments.pending.qrAlt, { plan: amount(coins, total) }) }).waitFor();
        await section.getByRole('link', { name: payments.pending.openCheckout }).click();
      } else {
        await section.getByRole('button', { name: fill(coins.profile.buyCard, { coins: amount(coins, total) }) }).click();
      }
      const checkout = await checkoutOpened;
      await checkout.getByRole('heading', { name: payments.checkout.heading }).waitFor();
      await checkout.getByText(fill(payments.checkout.coins_other, { count: String(total) })).waitFor();
      await checkout.getByRole('button', { name: payments.checkout.pay, exact: true }).click();
      await checkout.getByText(payments.checkout.succeededCoins).waitFor();
      await checkout.close();

      // The profile polls the order: paid, the wallet holds the pack and its bonus.
      await section.getByRole('heading', { name: payments.success.heading }).waitFor({ timeout: 15_000 });
      await eventually(() => section.getByTestId('coin-balance').textContent()).toBe(String(total));

      // Back to the chapter: one tap unlocks it and its pages show.
      await section.getByRole('link', { name: coins.profile.backToChapter }).click();
      await eventually(() => pathOf(page)).toBe(locked);
      await page.getByRole('button', { name: fill(coins.offer.unlockOne, { price: amount(coins, PRICE) }) }).click();
      await pagesShown(page, reader);
      expect(await page.getByRole('heading', { name: reader.membersOnly.title }).count()).toBe(0);

      // The wallet history says where the coins went.
      await page.goto('/profile#coins');
      const spent = fill(coins.history.kind.unlock, { book: await bookTitleIn(language), number: String(LOCKED) });
      await section.getByText(spent).waitFor();
      await eventually(() => section.getByTestId('coin-balance').textContent()).toBe(String(total - PRICE));

      // The book page: the price per chapter and the chapter marked as the reader's.
      await page.goto(`/book/chapters/${bookId}`);
      await page.getByText(fill(coins.book.perChapter, { price: amount(coins, PRICE) })).waitFor();
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByText(fill(chapters.chapterNumber, { number: String(LOCKED) }), { exact: true }) });
      await card.getByText(coins.chapter.unlocked).waitFor();
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  // Screenshots for a person to look at (phone and desktop; en-us, zh-cn, ar-sa), only when asked:
  // COINS_SHOTS_DIR=/tmp/shots E2E_PORT=… npx vitest run --project e2e e2e/tests/coins.e2e.test.ts
  const shots = process.env.COINS_SHOTS_DIR;
  it.runIf(!!shots)('takes screenshots of the offer, the profile’s coins and the book page', { timeout: 240_000 }, async () => {
    mkdirSync(shots!, { recursive: true });
    for (const language of ['en-us', 'zh-cn', 'ar-sa'] as const) {
      const user = await freshUser(baseUrl);
      const token = await tokenOf(user);
      // A reader with coins and one chapter unlocked, straight through the API.
      const order = await apiData<{ order_id: string }>('POST', '/payment/wechat/payment/china_book_membership/create', token, {
        pack: packId,
      });
      await apiData('POST', `/payment/sandbox/orders/${order.order_id}/pay`, token, { outcome: 'succeeded' });
      await apiData('POST', '/comics/chapter/unlock', token, { chapter_uuid: await chapterUuid(baseUrl, bookId, LOCKED) });
      const next = await chapterUuid(baseUrl, bookId, LOCKED + 1);
      for (const [device, name] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const { context, page } = await openSession(browser(), baseUrl, { language, device });
        await storeSessionViaApi(context, baseUrl, user.username, user.password);
        await page.goto(`/reader/book/chapter/${bookId}/${next}/${LOCKED + 1}`);
        await page.locator('#reader-notice-title').waitFor();
        await page.screenshot({ path: path.join(shots!, `${language}-${name}-locked.png`), fullPage: true });
        await page.goto('/profile#coins');
        await page.locator('#coins li').first().waitFor();
        await page.locator('#coins').screenshot({ path: path.join(shots!, `${language}-${name}-profile.png`) });
        await page.goto(`/book/chapters/${bookId}`);
        await page.getByTestId('book-coins').waitFor();
        await page.screenshot({ path: path.join(shots!, `${language}-${name}-book.png`), fullPage: true });
        await context.close();
      }
      // The book page while the next free unlock is hours away.
      await apiData('POST', '/comics/chapter/unlock_free', token, { book_uuid: bookId });
      const { context, page } = await openSession(browser(), baseUrl, { language, device: PHONE });
      await storeSessionViaApi(context, baseUrl, user.username, user.password);
      await page.goto(`/book/chapters/${bookId}`);
      await page.getByTestId('book-coins').waitFor();
      await page.screenshot({ path: path.join(shots!, `${language}-phone-book-waiting.png`) });
      await context.close();
    }
  });
});
