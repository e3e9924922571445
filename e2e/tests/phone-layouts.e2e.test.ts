import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { apiClient } from '../src/journeys/api.js';
import { createReaderOnServer, operatorPerFile } from '../src/journeys/operator.js';
import { eventually, openSession, storeSessionViaApi, uniqueUsername } from '../src/journeys/session.js';

// Issue 40, item 20: what a tester saw on a 390 × 844 phone in Chinese and Arabic (and English):
// console tables crushed (a date over five lines, columns cut off), the console's sections cut off
// at the screen's edge, sort buttons on two lines, and two search boxes on the search page.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);
const browser = browserPerFile();
/** A demo book with many chapters: its chapter table has a row of buttons per chapter. */
let bookUuid = '';

const { api, tokenOf } = apiClient(baseUrl);

beforeAll(async () => {
  // Rows for the tables: two orders (with their long numbers and dates) and coupons, whose
  // creation the audit log lists.
  for (let i = 0; i < 2; i += 1) {
    const reader = await createReaderOnServer(dataDir);
    const order = await api('POST', '/payment/wechat/payment/china_book_membership/create', await tokenOf(reader), { months: 1 });
    expect(order.status).toBe(200);
  }
  const books = (await api('GET', '/comics/book/search?language=en-us&page=0&pageSize=1&q=storm', null)).data as {
    result: { book_uuid: string }[];
  };
  bookUuid = books.result[0]!.book_uuid;
  const token = await tokenOf(operator);
  for (let i = 0; i < 2; i += 1) {
    const coupon = await api('POST', '/admin/coupons', token, {
      code: uniqueUsername('PH').toUpperCase().slice(0, 16),
      days: 7,
      max_redemptions: 5,
      note: 'Autumn campaign',
    });
    expect(coupon.status).toBe(200);
  }
});

/** Texts in the page's tables that run over more than one line (lists of changes and paragraphs may wrap). */
const wrappedCellTexts = (page: Page) =>
  page.evaluate(() => {
    const wrapped: string[] = [];
    for (const cell of document.querySelectorAll('main td, main th')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || node.parentElement?.closest('ul, ol, p, dl')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (tops.size > 1) wrapped.push(`${node.textContent.trim()} (${tops.size} lines)`);
      }
    }
    return wrapped;
  });

/** Elements that stick out of the screen's width, except inside something that scrolls sideways. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    return [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || (box.right <= width + 1 && box.left >= -1)) return false;
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (scrolls(up)) return false;
        return true;
      })
      .map((el) => `${el.tagName.toLowerCase()} ${el.textContent?.trim().slice(0, 30) ?? ''}`);
  });

/** The console's section links not wholly on the screen (cut off at its edge, or scrolled out of their row). */
const cutOffSections = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const links = [...document.querySelectorAll('nav[aria-label] ul a')].filter((a) => a.closest('main') === null);
    return links
      .filter((link) => {
        const box = link.getBoundingClientRect();
        const row = link.closest('ul')!.getBoundingClientRect();
        return box.left < Math.max(0, row.left) - 1 || box.right > Math.min(width, row.right) + 1;
      })
      .map((link) => link.textContent);
  });

describe('phone layouts at 390 × 844', () => {
  for (const language of ['en-us', 'zh-cn', 'ar-sa'] as const) {
    it(`${language}: the console's sections, orders, audit log and coupons fit: nothing cut off, every cell's text on one line`, async () => {
      const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE, language });
      await storeSessionViaApi(context, baseUrl, operator.username, operator.password);
      for (const path of ['/admin/orders', '/admin/audit', '/admin/coupons']) {
        await page.goto(path);
        await eventually(() => page.locator('main tbody tr').count()).toBeGreaterThan(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
        expect(await overflowing(page), path).toEqual([]);
        expect(await cutOffSections(page), path).toEqual([]);
        expect(await wrappedCellTexts(page), path).toEqual([]);
      }
      // A book's chapters: a row of buttons each, whose visually hidden words must stay inside the
      // table's scroll region (they once pushed the page, and the upload's choices, off the screen).
      await page.goto(`/admin/books/${bookUuid}`);
      await eventually(() => page.locator('main tbody tr').count()).toBeGreaterThan(1);
      expect(await wrappedCellTexts(page)).toEqual([]);
      const radios = await page.locator('main input[type="radio"]').evaluateAll(
        (inputs) =>
          inputs.filter((input) => {
            const box = input.getBoundingClientRect();
            return box.left < 0 || box.right > document.documentElement.clientWidth;
          }).length,
      );
      expect(radios).toBe(0);
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    it(`${language}: the search page has one search box, and its kind and sort buttons one line each`, async () => {
      const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE, language });
      await page.goto(`/search?q=the&lang=${language}`);
      await eventually(() => page.locator('main ul a[href^="/book/chapters/"]').count()).toBeGreaterThan(0);
      const boxes = page.locator('input[type="search"]');
      const visible = [];
      for (const box of await boxes.all()) if (await box.isVisible()) visible.push(await box.getAttribute('id'));
      expect(visible).toEqual(['search-page-q']);
      const buttons = page.locator('main fieldset label span');
      expect(await buttons.count()).toBeGreaterThanOrEqual(6);
      const tall = await buttons.evaluateAll((spans) =>
        spans
          .filter((span) => {
            const style = getComputedStyle(span);
            const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
            // One line: the content box no taller than one line of its text.
            const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.25; // "normal": about 1.2 em
            return span.getBoundingClientRect().height - padding > line * 1.5;
          })
          .map((span) => span.textContent),
      );
      expect(tall).toEqual([]);
      expect(await overflowing(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
