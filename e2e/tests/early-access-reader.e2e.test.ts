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

// Issue 56: the reading screen for early access and coin chapters. Two demo books no other journey
// reads are sold for coins: Starfall Courier (20 chapters, 1 free; chapter 20 in early access that
// keeps members out; a free unlock every 24 hours) and Emperor for a Day (30 chapters; chapter 30
// in early access that lets members in). The screens say what the server's refusal says: until
// when, coins, membership or both; the free unlock opens the chapter on screen or none; the end card
// names what opens the next chapter; the notice's buy button is never under the bottom bar.

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);
const { apiData, tokenOf } = apiClient(baseUrl);
const EXCLUDING = { title: 'Starfall Courier', early: 20 };
const INCLUDING = { title: 'Emperor for a Day', early: 30 };
const PRICE = 30;
const HOUR = 3_600_000;
const LANGUAGES = ['en-us', 'zh-cn', 'ar-sa'] as const;
const DEVICES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
const shots = process.env.EARLY_ACCESS_SHOTS_DIR;

const books = { excluding: '', including: '' };
let packId = 0;
const earlyUntil = Date.now() + 48 * HOUR;

beforeAll(async () => {
  books.excluding = await bookUuid(baseUrl, EXCLUDING.title);
  books.including = await bookUuid(baseUrl, INCLUDING.title);
  const now = Date.now();
  // Written before any chapter of these books is read: the server keeps a chapter's sale with its shared part.
  packId = inServerDatabase(dataDir, (db) => {
    const sell = db.prepare('UPDATE books SET coin_price = ?, wait_free_hours = ?, early_access_members = ? WHERE uuid = ?');
    sell.run(PRICE, 24, 0, books.excluding);
    sell.run(PRICE, null, 1, books.including);
    const early = db.prepare(
      'UPDATE chapters SET early_access_until = ? WHERE number = ? AND book_id = (SELECT id FROM books WHERE uuid = ?)',
    );
    early.run(earlyUntil, EXCLUDING.early, books.excluding);
    early.run(earlyUntil, INCLUDING.early, books.including);
    return Number(
      db
        .prepare(
          `INSERT INTO coin_packs (coins, bonus_coins, price_fen, bonus_expiry_days, is_active, sort_order, created_at, updated_at)
           VALUES (100, 0, 600, NULL, 1, 99, ?, ?)`,
        )
        .run(now, now).lastInsertRowid,
    );
  });
  await setCoinsEnabled(baseUrl, await tokenOf(operator), true);
});

afterAll(async () => {
  await setCoinsEnabled(baseUrl, await tokenOf(operator), false);
  inServerDatabase(dataDir, (db) => {
    db.prepare('UPDATE books SET coin_price = NULL, wait_free_hours = NULL, early_access_members = 0 WHERE uuid IN (?, ?)').run(
      books.excluding,
      books.including,
    );
    db.prepare('UPDATE chapters SET early_access_until = NULL WHERE book_id IN (SELECT id FROM books WHERE uuid IN (?, ?))').run(
      books.excluding,
      books.including,
    );
    db.prepare('UPDATE coin_packs SET is_active = 0 WHERE id = ?').run(packId);
  });
});

/** A fresh reader with 100 coins (the sandbox pays the pack), a member too when asked. */
async function reader({ member }: { member: boolean }) {
  const user = await freshUser(baseUrl);
  const { jwt_token: token, uuid } = await apiData<{ jwt_token: string; uuid: string }>('POST', '/user/login', null, user);
  const order = await apiData<{ order_id: string }>('POST', '/payment/wechat/payment/china_book_membership/create', token, {
    pack: packId,
  });
  await apiData('POST', `/payment/sandbox/orders/${order.order_id}/pay`, token, { outcome: 'succeeded' });
  if (member) await apiData('POST', `/admin/users/${uuid}/grants`, await tokenOf(operator), { days: 30, reason: 'e2e member' });
  return user;
}

const texts = (language: string) => ({
  reader: localeFile(language, 'reader.json'),
  coins: localeFile(language, 'coins.json'),
});
const amount = (coins: Record<string, string>, count: number) => fill(coins.amount_other!, { count: String(count) });
/** A template as a pattern, its {{values}} anything. */
const pattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{\{\w+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );

async function chapterPath(book: string, number: number) {
  return `/reader/book/chapter/${book}/${await chapterUuid(baseUrl, book, number)}/${number}`;
}

/** The notice's heading, once shown. */
async function noticeTitle(page: Page): Promise<string> {
  const title = page.locator('#reader-notice-title');
  await title.waitFor();
  return (await title.textContent())!;
}

/** Nothing of the element is under the fixed bottom bar (nor past the screen's edge). */
async function isClearOfBottomBar(page: Page, name: string, barName: string) {
  const box = await page.getByRole('link', { name, exact: true }).boundingBox();
  const bar = await page.getByRole('navigation', { name: barName, exact: true }).boundingBox();
  return box !== null && bar !== null && box.y + box.height <= bar.y;
}

describe('early access and coin chapters on the reading screen (issue 56)', () => {
  for (const language of LANGUAGES) {
    for (const [deviceName, device] of DEVICES) {
      it(`${language} ${deviceName}: says until when and what opens it, for a member and a non-member`, { timeout: 120_000 }, async () => {
        const { reader: r, coins: c } = texts(language);
        const shot = async (page: Page, name: string) => {
          if (!shots) return;
          mkdirSync(shots, { recursive: true });
          await page.screenshot({ path: path.join(shots, `${language}-${deviceName}-${name}.png`) });
        };

        // A member on a chapter in early access that keeps members out: the coin unlock, the wallet,
        // the way to buy coins; no membership plans (a membership would not open it).
        const member = await reader({ member: true });
        const session = await openSession(browser(), baseUrl, { language, device });
        await storeSessionViaApi(session.context, baseUrl, member.username, member.password);
        const page = session.page;
        await page.goto(await chapterPath(books.excluding, EXCLUDING.early));
        const title = await noticeTitle(page);
        expect(title).toMatch(pattern(r.earlyAccess.title));
        // The time in the reader's own zone, as their browser tells it.
        const clock = await page.evaluate((at) => {
          const d = new Date(at);
          return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
        }, earlyUntil);
        expect(title).toContain(clock);
        await page.getByText(r.earlyAccess.body.coins, { exact: true }).waitFor();
        await page.getByText(fill(c.balance, { coins: amount(c, 100) })).waitFor();
        await page.getByRole('button', { name: fill(c.offer.unlockOne, { price: amount(c, PRICE) }) }).waitFor();
        await page.getByRole('link', { name: c.offer.buyCoins }).waitFor();
        expect(await page.getByRole('list', { name: r.plansLabel }).count()).toBe(0);
        expect(await page.getByRole('link', { name: r.membersOnly.action }).count()).toBe(0);
        expect(await page.getByText(r.loadError).count()).toBe(0);
        await shot(page, 'member-early-access');

        // The same member reads the chapter before it (the membership covers it): the end card says
        // the next one is in early access and opens with coins.
        await page.goto(await chapterPath(books.excluding, EXCLUDING.early - 1));
        const endCard = page.locator('section[aria-labelledby="chapter-end-title"]');
        await endCard.scrollIntoViewIfNeeded();
        await endCard.getByText(`${r.end.earlyAccess} · ${r.end.opens.coins}`, { exact: false }).waitFor();
        await shot(page, 'member-end-card');

        // A member on early access that lets members in reads it.
        await page.goto(await chapterPath(books.including, INCLUDING.early));
        await page
          .getByRole('img', { name: pattern(r.pageAlt) })
          .first()
          .waitFor();
        await session.context.close();

        // A non-member: early access keeping members out offers coins only, and no free unlock
        // (wait-for-free opens chapter 2, the first locked one, never this one).
        const plain = await reader({ member: false });
        const other = await openSession(browser(), baseUrl, { language, device });
        await storeSessionViaApi(other.context, baseUrl, plain.username, plain.password);
        const p2 = other.page;
        await p2.goto(await chapterPath(books.excluding, EXCLUDING.early));
        expect(await noticeTitle(p2)).toMatch(pattern(r.earlyAccess.title));
        await p2.getByRole('link', { name: c.offer.buyCoins }).waitFor();
        expect(await p2.getByRole('button', { name: c.offer.readFree }).count()).toBe(0);
        expect(await p2.getByRole('link', { name: r.membersOnly.action }).count()).toBe(0);
        await shot(p2, 'reader-early-access');

        // Early access that lets members in: membership or coins, both offered.
        await p2.goto(await chapterPath(books.including, INCLUDING.early));
        expect(await noticeTitle(p2)).toMatch(pattern(r.earlyAccess.title));
        await p2.getByText(r.earlyAccess.body.both, { exact: true }).waitFor();
        await p2.getByRole('link', { name: r.membersOnly.action }).waitFor();
        await p2.getByRole('button', { name: fill(c.offer.unlockOne, { price: amount(c, PRICE) }) }).waitFor();
        await shot(p2, 'reader-early-access-members-too');

        // A coin chapter out of early access: headed with both ways, never "members only"; the buy
        // button clear of the bottom bar at first view.
        await p2.goto(await chapterPath(books.excluding, 5));
        expect(await noticeTitle(p2)).toBe(r.membersOrCoins.title);
        await p2.getByRole('link', { name: r.membersOnly.action }).waitFor();
        await shot(p2, 'reader-coin-chapter');
        await eventually(() => isClearOfBottomBar(p2, r.membersOnly.action, r.controls)).toBe(true);

        // The free chapter's end card: the next chapter opens with membership or coins.
        await p2.goto(await chapterPath(books.excluding, 1));
        const card = p2.locator('section[aria-labelledby="chapter-end-title"]');
        await card.scrollIntoViewIfNeeded();
        await card.getByText(r.end.opens.both, { exact: false }).waitFor();
        expect(await card.getByText(r.end.opens.membership, { exact: false }).count()).toBe(0);

        // Wait-for-free from the chapter it opens: that very chapter, read at once.
        const second = await chapterPath(books.excluding, 2);
        await p2.goto(second);
        await p2.getByRole('button', { name: c.offer.readFree }).click();
        await p2
          .getByRole('img', { name: pattern(r.pageAlt) })
          .first()
          .waitFor();
        expect(pathOf(p2)).toBe(second);
        expect([...session.pageErrors, ...other.pageErrors]).toEqual([]);
        await other.context.close();
      });
    }
  }
});
