import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { seriousViolations } from '../src/journeys/axe.js';
import { shootForDocs } from '../src/journeys/docs-screenshots.js';
import { bookUuid } from '../src/journeys/catalogue-api.js';
import { operatorPerFile } from '../src/journeys/operator.js';
import { openSession, storeSessionViaApi, uniqueUsername } from '../src/journeys/session.js';

/** Alternate titles: edited by keyboard in the console, shown to readers as "Also known as". */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('alternate titles', () => {
  it('are added, filled and removed by keyboard in the console, saved, and have no serious accessibility finding', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: DESKTOP });
    await storeSessionViaApi(context, baseUrl, operator.username, operator.password);
    await page.goto('/admin/books/new');
    await page.getByLabel('Original language').selectOption('zh-cn');
    await page.getByRole('tab', { name: /简体中文/ }).click();
    await page.getByLabel('Title (简体中文)').fill(`斗破 ${uniqueUsername('t').slice(1)}`);

    const add = page.getByRole('button', { name: 'Add an alternate title' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedId(page)).toBe('alternate-title-0');
    await page.keyboard.type('Doupo Cangqiong');
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('alternate-language-0');
    await page.keyboard.type('zh-Latn-pinyin');
    // Keys typed at once after Enter land in the new line.
    for (const title of ['A mistake', 'Battle Through the Heavens']) {
      await add.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.type(title);
    }
    // Removing the second line by keyboard: the focus goes to the line that takes its place.
    await page.getByRole('button', { name: 'Remove alternate title 2' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedId(page)).toBe('alternate-title-1');
    expect(await page.locator('#alternate-title-1').inputValue()).toBe('Battle Through the Heavens');
    // A repeat is pointed out before anything is sent.
    await add.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('doupo cangqiong');
    await page.getByRole('button', { name: 'Create book' }).click();
    await page.getByText('This title is already in the list.').waitFor();
    expect(await focusedId(page)).toBe('alternate-title-2');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Remove alternate title 3' }).click();
    await page.getByRole('button', { name: 'Create book' }).click();
    await page.waitForURL(/\/admin\/books\/[0-9a-f-]{36}$/);

    // Saved: the edit form shows them again, in order.
    await page.locator('#alternate-title-1').waitFor();
    expect(await page.locator('#alternate-title-0').inputValue()).toBe('Doupo Cangqiong');
    expect(await page.locator('#alternate-language-0').inputValue()).toBe('zh-Latn-pinyin');
    expect(await page.locator('#alternate-title-1').inputValue()).toBe('Battle Through the Heavens');
    expect(await page.locator('#alternate-language-1').inputValue()).toBe('');
    await page.locator('#alternate-title-0').scrollIntoViewIfNeeded();
    await shootForDocs(page, 'alternates-console-en-us-desktop', { fullPage: true });
    expect(pageErrors.map((error) => error.message)).toEqual([]);
    const book = page.url();
    await context.close();

    // The same form in Arabic on a phone, right to left.
    const arabic = await openSession(browser(), baseUrl, { device: PHONE, language: 'ar-sa' });
    await storeSessionViaApi(arabic.context, baseUrl, operator.username, operator.password);
    await arabic.page.goto(book);
    await arabic.page.locator('#alternate-title-1').waitFor();
    expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await arabic.page.getByRole('button', { name: 'إضافة عنوان بديل' }).isVisible()).toBe(true);
    expect(await seriousViolations(arabic.page)).toEqual([]);
    await arabic.page.locator('#alternate-title-0').scrollIntoViewIfNeeded();
    await shootForDocs(arabic.page, 'alternates-console-ar-sa-phone', { fullPage: true });
    await arabic.context.close();
  });

  for (const [language, device, line] of [
    ['en-us', PHONE, 'Also known as Wanjie Leimen'],
    ['zh-cn', DESKTOP, '又名：Wanjie Leimen'],
    ['ar-sa', PHONE, 'يُعرف أيضًا باسم Wanjie Leimen'],
  ] as const) {
    it(`${language}: the book page says what else the book is called`, async () => {
      const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device, language });
      await page.goto(`/book/chapters/${await bookUuid(baseUrl, 'The Storm Gate')}`);
      const aka = page.locator('header p', { hasText: 'Wanjie Leimen' });
      await aka.waitFor();
      expect((await aka.textContent())?.replace(/[\u2068\u2069]/g, '')).toBe(line);
      expect(await aka.locator('bdi').getAttribute('lang')).toBe('zh-Latn-pinyin');
      expect(await seriousViolations(page)).toEqual([]);
      await shootForDocs(page, `alternates-book-${language}-${device === PHONE ? 'phone' : 'desktop'}`, { fullPage: true });
      expect(pageErrors.map((error) => error.message)).toEqual([]);
      await context.close();
    });
  }
});
