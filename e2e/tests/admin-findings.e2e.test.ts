import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { apiClient } from '../src/journeys/api.js';
import { buildCbz, createReaderOnServer, demoPageFiles, localDateTime, operatorPerFile } from '../src/journeys/operator.js';
import { registerWithEmail, uniqueAddress, waitForLink } from '../src/journeys/mail.js';
import { openSession, storeSessionViaApi, uniqueUsername } from '../src/journeys/session.js';

// Issue 26, items 10, 11 and 14: what an outside tester found in the operator's console, on a
// phone in English and Arabic, with axe-core on each state this file changes.

const browser = browserPerFile();
let token: string;
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);
const suffix = uniqueUsername('f').slice(1);
const titles = { zh: `九州剑歌 ${suffix}`, en: `Sword Song ${suffix}` };
let book = '';
let orderId = '';
let outboxAddress = '';

const { api, tokenOf } = apiClient(baseUrl);

/** Serious or critical axe findings, and any finding of the rules these items are about. */
async function axeFindings(page: Page): Promise<string[]> {
  const watched = new Set(['scrollable-region-focusable', 'landmark-unique', 'region']);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || watched.has(v.id))
    .flatMap((v) => v.nodes.map((node) => `${v.id} at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`));
}

/** Every table that scrolls sideways sits in a focusable region with a name (WCAG 2.1.1); the nav's links are focusable themselves. */
const unreachableScrollers = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter(
        (el) =>
          el.querySelector('table') && el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
      )
      .filter((el) => el.tabIndex !== 0 || el.getAttribute('role') !== 'region' || !el.getAttribute('aria-label'))
      .map((el) => el.outerHTML.slice(0, 120)),
  );

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  token = await tokenOf(operator);
  const created = await api<{ book_uuid: string }>('POST', '/admin/books', token, {
    original_language: 'zh-cn',
    titles: { 'zh-cn': titles.zh, 'en-us': titles.en },
    book_type: 'comic',
  });
  book = created.data.book_uuid;
  // A paid sandbox order with its long number and the reader's uuid, for the order detail.
  const reader = await createReaderOnServer(dataDir);
  const order = await api<{ order_id: string }>('POST', '/payment/wechat/payment/china_book_membership/create', await tokenOf(reader), {
    months: 1,
  });
  orderId = order.data.order_id;
  // A confirmation message in the outbox (written as an .eml file), for the Outbox screens.
  const withAddress = uniqueUsername('ob');
  outboxAddress = uniqueAddress(withAddress);
  await registerWithEmail(baseUrl, { username: withAddress, password: 'reader-pass-2026', email: outboxAddress });
});

describe('the operator console on a phone', () => {
  it('en-us: uploads as a draft, refuses a past release time in words, asks before unpublishing; readable audit; keyboard-reachable tables', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE, language: 'en-us' });
    await storeSessionViaApi(context, baseUrl, operator.username, operator.password);

    // Item 11: the book's page is titled in the console's language, not in the Chinese original.
    await page.goto(`/admin/books/${book}`);
    await page.getByRole('heading', { level: 1, name: titles.en }).waitFor();

    // Item 10: a release time in the past is refused with a readable, translated message.
    const upload = page.getByRole('region', { name: 'Upload chapters' });
    const cbz = { name: 'one.cbz', mimeType: 'application/zip', buffer: await buildCbz(demoPageFiles(dataDir, 2)) };
    await upload.getByLabel('Drop files here or choose them').setInputFiles(cbz);
    await upload.getByRole('radio', { name: 'Publish at a time' }).check();
    await upload.getByLabel('Release at (your local time)').fill(localDateTime(new Date(Date.now() - 3_600_000)));
    await upload.getByRole('button', { name: 'Upload' }).click();
    await upload.getByText('This time has already passed. Choose a time in the future.').waitFor();
    expect(await axeFindings(page)).toEqual([]);

    // A draft upload: nothing goes live, and the table says so without opening Edit.
    await upload.getByRole('radio', { name: 'Keep as draft' }).check();
    await upload.getByRole('button', { name: 'Upload' }).click();
    await upload.getByText('Imported: 1 · skipped (already imported): 0 · refused: 0').waitFor({ timeout: 60_000 });
    const chapters = page.getByRole('region', { name: 'Chapters' });
    await chapters.getByRole('cell', { name: 'Draft No release time set' }).waitFor();
    const publicList = await api<{ result: { chapters: unknown[] } }>('GET', `/comics/chapters/${book}/en-us/asc/0/50`, null);
    expect(publicList.data?.result.chapters ?? []).toEqual([]);

    // Publishing shows the release time in the table; unpublishing asks first.
    await chapters.getByRole('button', { name: 'Publish chapter 1' }).click();
    await chapters.getByRole('cell', { name: /^Published Released / }).waitFor();
    await chapters.getByRole('button', { name: 'Unpublish chapter 1' }).click();
    await chapters.getByText('Unpublish chapter 1? Readers lose it until you publish it again.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, unpublish chapter 1');
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await chapters.getByRole('button', { name: 'Publish chapter 1' }).waitFor();

    // Item 14: the chapter table scrolls sideways on a phone and is reached with the keyboard.
    const table = page.getByRole('region', { name: 'Table: Chapters' });
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await table.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => table.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(0);
    expect(await unreachableScrollers(page)).toEqual([]);

    // Item 11: the audit log names the chapter and shows the change, not uuids or JSON.
    await page.goto(`/admin/audit?action=chapter.unpublish&target_type=chapter`);
    const log = page.getByRole('region', { name: 'Table: Audit log' });
    const row = log
      .getByRole('row')
      .filter({ hasText: `${titles.en} #1` })
      .first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Published: yes → no');
    expect(await log.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|\{"/);
    expect(await axeFindings(page)).toEqual([]);

    // Item 14: the books and readers pages name their search landmarks apart from the header's.
    for (const [path, name] of [
      ['/admin/books', 'Search the console’s books'],
      ['/admin/readers', 'Search readers'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('search', { name }).waitFor();
      await page.getByRole('table').first().waitFor();
      expect(await axeFindings(page)).toEqual([]);
      expect(await unreachableScrollers(page)).toEqual([]);
    }

    // Item 14: the date filters show a focus ring when reached with the keyboard.
    await page.goto('/admin/orders');
    await page.getByLabel('Status').focus();
    await page.keyboard.press('Tab');
    const from = page.getByLabel('Created from (UTC)');
    expect(await from.evaluate((el) => el.matches(':focus-within'))).toBe(true);
    expect(await from.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    expect(await unreachableScrollers(page)).toEqual([]);

    // Item 14: the order detail fits 390 px: long order numbers and uuids wrap.
    await page.goto(`/admin/orders/${orderId}`);
    await page.getByRole('heading', { name: new RegExp(orderId) }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await axeFindings(page)).toEqual([]);

    // Item 11: the dashboard's chart legends carry no "--" placeholders.
    await page.goto('/admin');
    await page.locator('.u-legend').first().waitFor();
    expect(await page.locator('.u-legend').allTextContents()).not.toContainEqual(expect.stringContaining('--'));
    expect(await unreachableScrollers(page)).toEqual([]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('en-us: the Outbox is in view in the sections row, its table and a written message pass axe', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE, language: 'en-us' });
    await storeSessionViaApi(context, baseUrl, operator.username, operator.password);

    // Issue 28: the Outbox, fifth in the sections' row, is scrolled into it on a phone; its table
    // scrolls by keyboard; a written message opens with its links.
    await waitForLink(dataDir, outboxAddress, '/confirm-email');
    await page.goto('/admin/outbox');
    const current = page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Outbox' });
    await expect
      .poll(() =>
        current.evaluate((link) => {
          const row = link.closest('ul')!.getBoundingClientRect();
          const box = link.getBoundingClientRect();
          return box.left >= row.left - 1 && box.right <= row.right + 1;
        }),
      )
      .toBe(true);
    const outbox = page.getByRole('region', { name: 'Table: Outbox' });
    // The row says "sent" (and offers the file) a moment after the file is written.
    await expect
      .poll(
        async () => {
          await page.reload();
          await outbox.locator('tbody tr').first().waitFor();
          return outbox.getByRole('link', { name: 'Read' }).count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    expect(await axeFindings(page)).toEqual([]);
    expect(await unreachableScrollers(page)).toEqual([]);
    await outbox.getByRole('link', { name: 'Read' }).first().click();
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await axeFindings(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('ar-sa: titles fall back to English, the release choice and the audit log read right to left', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE, language: 'ar-sa' });
    await storeSessionViaApi(context, baseUrl, operator.username, operator.password);

    await page.goto(`/admin/books?q=${encodeURIComponent(suffix)}`);
    await page.getByRole('link', { name: titles.en }).waitFor();
    expect(await page.getByText(titles.zh).count()).toBe(0);
    expect(await axeFindings(page)).toEqual([]);

    await page.goto(`/admin/books/${book}`);
    const upload = page.getByRole('region', { name: 'رفع الفصول' });
    await upload.getByRole('radio', { name: 'انشر في موعد محدد' }).check();
    await upload.getByLabel('موعد النشر (بتوقيتك المحلي)').waitFor();
    await page.getByRole('cell', { name: /^مسودة/ }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    expect(await unreachableScrollers(page)).toEqual([]);

    await page.goto(`/admin/audit?action=chapter.unpublish&target_type=chapter`);
    const log = page.getByRole('region', { name: 'جدول: سجل التدقيق' });
    await log
      .getByRole('row')
      .filter({ hasText: `${titles.en} #1` })
      .first()
      .waitFor();
    expect(await log.textContent()).toContain('منشور: نعم ← لا');
    expect(await axeFindings(page)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
