import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { bookUuid } from '../src/journeys/catalogue-api.js';
import { openSession, pathOf } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
// Screenshots for a person to look at (E2E_SCREENSHOTS=dir keeps them); never committed.
const shots = process.env.E2E_SCREENSHOTS ?? path.join(tmpdir(), 'inkstream-e2e-shots');

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
});

const COPY = {
  'en-us': { chapter: 'Chapter not found', book: 'Book not found', page: 'Page not found', home: 'Back to the home page' },
  'ar-sa': { chapter: 'الفصل غير موجود', book: 'الكتاب غير موجود', page: 'الصفحة غير موجودة', home: 'العودة إلى الصفحة الرئيسية' },
} as const;

describe.each(Object.entries(COPY))('not-found screens in %s', (language, copy) => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('an unknown chapter, book and path each say so and lead home (%s)', async (deviceName, device) => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device });
    const realBook = await bookUuid(baseUrl, 'The Storm Gate');
    const cases = [
      ['chapter', `/reader/book/chapter/${realBook}/${randomUUID()}/1`],
      ['book', `/book/chapters/${randomUUID()}`],
      ['page', '/no/such/page'],
    ] as const;
    for (const [kind, url] of cases) {
      await page.goto(url);
      const heading = page.getByRole('heading', { level: 1, name: copy[kind] });
      await heading.waitFor();
      expect(await page.getByText(/members/i).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar-sa' ? 'rtl' : 'ltr');
      await page.screenshot({ path: path.join(shots, `not-found-${kind}-${language}-${deviceName}.png`) });
      await page.getByRole('link', { name: copy.home }).click();
      await page.waitForURL((next) => next.pathname === '/');
      expect(pathOf(page)).toBe('/');
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
