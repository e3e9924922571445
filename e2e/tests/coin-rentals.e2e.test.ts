import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inServerDatabase } from '../src/journeys/database.js';
import { browserPerFile, DESKTOP } from '../src/browser.js';
import { apiClient } from '../src/journeys/api.js';
import { setCoinsEnabled } from '../src/journeys/coins.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { fill, localeFile } from '../src/journeys/locale-texts.js';
import { operatorPerFile } from '../src/journeys/operator.js';
import { eventually, freshUser, openSession, storeSessionViaApi } from '../src/journeys/session.js';

// Issue 59 item 5 on the web: a new reader with coins (an operator's gift through the admin API)
// rents a locked chapter from its screen and sees until when; turns auto-unlock on with a cap on
// the book page; reaching the end of the rented chapter unlocks the next one, and the notice's
// Undo gives the coins back. The book's prices are written into the database (the console's panel
// for them has its own tests); coins are turned off again after the file.

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);
const { apiData, tokenOf } = apiClient(baseUrl);
const BOOK = 'The City of Mirrors'; // 55 chapters, the first 3 free; no other journey reads it
const PRICE = 30;
const RENTAL = 10;
const DAYS = 3;

let bookId = '';

beforeAll(async () => {
  bookId = await bookUuid(baseUrl, BOOK);
  inServerDatabase(dataDir, (db) => {
    db.prepare('UPDATE books SET coin_price = ?, rental_price = ?, rental_days = ? WHERE uuid = ?').run(PRICE, RENTAL, DAYS, bookId);
  });
  await setCoinsEnabled(baseUrl, await tokenOf(operator), true);
});

afterAll(async () => {
  await setCoinsEnabled(baseUrl, await tokenOf(operator), false);
  inServerDatabase(dataDir, (db) => {
    db.prepare('UPDATE books SET coin_price = NULL, rental_price = NULL, rental_days = NULL WHERE uuid = ?').run(bookId);
  });
});

/** A fresh reader holding `coins` coins (an operator's gift), logged in on a new page. */
async function readerWithCoins(language: string, coins: number) {
  const user = await freshUser(baseUrl);
  const { uuid } = await apiData<{ uuid: string }>('POST', '/user/login', null, user);
  await apiData('POST', `/admin/users/${uuid}/coins`, await tokenOf(operator), { coins, reason: 'e2e rentals' });
  const session = await openSession(browser(), baseUrl, { language, device: DESKTOP });
  await storeSessionViaApi(session.context, baseUrl, user.username, user.password);
  return session;
}

const amount = (coins: Record<string, string>, count: number) => fill(coins.amount_other!, { count: String(count) });
const chapterPath = async (number: number) => `/reader/book/chapter/${bookId}/${await chapterUuid(baseUrl, bookId, number)}/${number}`;
/** The chapter's first page image is on screen (its pages loaded, not the locked notice). */
const pagesShown = (page: Page, reader: Record<string, string>) =>
  page.getByRole('img', { name: new RegExp(`^${fill(reader.pageAlt!, { number: '1', total: '\\d+' })}$`) }).waitFor();

describe('rentals and auto-unlock', () => {
  it('en-us: rents a locked chapter, turns auto-unlock on, and undoes the chapter it unlocked at the end', async () => {
    const coins = localeFile('en-us', 'coins.json');
    const reader = localeFile('en-us', 'reader.json');
    const { context, page, pageErrors } = await readerWithCoins('en-us', 100);

    // The locked chapter 4 offers a rental beside the unlock; renting it opens its pages and says until when.
    await page.goto(await chapterPath(4));
    const rent = page.getByRole('button', { name: fill(coins.rental.rent_other, { price: amount(coins, RENTAL), count: String(DAYS) }) });
    await rent.click();
    await pagesShown(page, reader);
    const until = page.getByTestId('rental-note');
    await eventually(() => until.textContent()).toMatch(new RegExp(`^${fill(coins.rental.until, { when: '.+' })}$`));

    // The book page: the rental offer, auto-unlock with a cap of 50 coins.
    await page.goto(`/book/chapters/${bookId}`);
    await page.getByText(fill(coins.rental.offer_other, { price: amount(coins, RENTAL), count: String(DAYS) })).waitFor();
    await page.getByLabel(coins.auto.cap).fill('50');
    await page.getByLabel(coins.auto.toggle).click();
    await page.getByText(fill(coins.auto.spent, { spent: amount(coins, 0), cap: amount(coins, 50) })).waitFor();

    // Reading chapter 4 to its end unlocks chapter 5 (30 coins); Undo gives them back.
    await page.goto(await chapterPath(4));
    await pagesShown(page, reader);
    await page.getByRole('heading', { name: fill(reader.end.title, { number: '4' }) }).scrollIntoViewIfNeeded();
    const notice = page.getByTestId('auto-unlock-notice');
    await notice.getByText(fill(coins.auto.unlocked, { number: '5', coins: amount(coins, PRICE) })).waitFor();
    await notice.getByRole('button', { name: coins.auto.undo }).click();
    await notice.getByText(fill(coins.auto.undone, { coins: amount(coins, PRICE) })).waitFor();

    // The wallet: 100 − 10 (rental) − 30 + 30 (undone).
    await page.goto('/profile#coins');
    await eventually(() => page.getByTestId('coin-balance').textContent()).toBe('90');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('zh-cn: the rental and auto-unlock speak the language', async () => {
    const coins = localeFile('zh-cn', 'coins.json');
    const reader = localeFile('zh-cn', 'reader.json');
    const { context, page, pageErrors } = await readerWithCoins('zh-cn', 50);
    await page.goto(await chapterPath(6));
    await page.getByRole('button', { name: fill(coins.rental.rent_other, { price: amount(coins, RENTAL), count: String(DAYS) }) }).click();
    await pagesShown(page, reader);
    await eventually(() => page.getByTestId('rental-note').textContent()).toMatch(
      new RegExp(`^${fill(coins.rental.until, { when: '.+' })}$`),
    );
    await page.goto(`/book/chapters/${bookId}`);
    await page.getByLabel(coins.auto.toggle).waitFor();
    await page.getByRole('button', { name: coins.all.button }).click();
    await page.getByTestId('unlock-all-confirm').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
