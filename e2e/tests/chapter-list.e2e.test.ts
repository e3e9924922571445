import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { scrollUntilVisible } from '../src/journeys/book-list.js';
import { bookUuid } from '../src/journeys/catalogue-api.js';
import { chapterList } from '../src/journeys/chapter-list.js';
import { eventually, openSession, pathOf } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');

const range = (from: number, to: number) => Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from < to ? from + i : from - i));

describe('chapter list journeys', () => {
  it('shows the book and pages through 120 chapters with the page-jump selector and both sort orders', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl);
    const list = chapterList(page);
    await page.goto(`/book/chapters/${await bookUuid(baseUrl, 'The Storm Gate')}`);
    await page.getByRole('heading', { level: 1, name: 'The Storm Gate' }).waitFor();
    await list.ready();
    expect(await page.getByText('120 chapters').first().isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual([
      'Xuanhuan fantasy',
      'Classical wuxia',
      'Historical transmigration',
    ]);
    expect(await page.getByText(/^On a night of torrential rain/).isVisible()).toBe(true);

    // Oldest first by default; three free chapters, then members only.
    expect(await list.sort('Oldest first').getAttribute('aria-pressed')).toBe('true');
    // (On a tall screen the end of the first page is already in view, so the second may follow at once.)
    expect((await list.numbers()).slice(0, 10)).toEqual(range(1, 10));
    expect(await list.cards.nth(2).innerText()).toContain('Free');
    expect(await list.cards.nth(3).innerText()).toContain('Members only');
    expect(await list.cards.first().innerText()).toMatch(/ago/); // relative created time

    // Page jump: 12 ranges, "(1 - 10)" to "(111 - 120)".
    const options = await list.jump.locator('option').allTextContents();
    expect(options).toHaveLength(12);
    expect(options[0]).toBe('(1 - 10)');
    expect(options.at(-1)).toBe('(111 - 120)');
    expect(await list.section.getByText('12 pages in total').isVisible()).toBe(true);

    // Infinite scroll appends the next pages, in order.
    const shown = await list.cards.count();
    await list.cards.last().scrollIntoViewIfNeeded();
    await eventually(() => list.cards.count()).toBeGreaterThanOrEqual(shown + 10);
    const numbers = await list.numbers();
    expect(numbers).toEqual(range(1, numbers.length));

    await list.jump.selectOption({ label: '(51 - 60)' });
    await eventually(async () => (await list.numbers()).slice(0, 10)).toEqual(range(51, 60));

    // Newest first starts over at the last chapter and counts the ranges down.
    await list.sort('Newest first').click();
    await eventually(async () => (await list.numbers()).slice(0, 10)).toEqual(range(120, 111));
    expect(await list.sort('Newest first').getAttribute('aria-pressed')).toBe('true');
    expect((await list.jump.locator('option').allTextContents())[0]).toBe('(120 - 111)');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('scrolls a short book to "All loaded", collapses and expands the list, and opens a chapter', async () => {
    const { context, page } = await openSession(browser(), baseUrl, { device: PHONE });
    const list = chapterList(page);
    const bookId = await bookUuid(baseUrl, 'Rebel of the Southern Court'); // 11 chapters
    await page.goto(`/book/chapters/${bookId}`);
    await list.ready();
    expect(await list.jump.locator('option').allTextContents()).toEqual(['(1 - 10)', '(11 - 11)']);

    await scrollUntilVisible(page, list.allLoaded);
    expect(await list.numbers()).toEqual(range(1, 11));

    await list.toggle('Collapse').click();
    await eventually(() => list.cards.count()).toBe(10);
    expect(await list.toggle('More').getAttribute('aria-expanded')).toBe('false');
    await list.toggle('More').click();
    await eventually(() => list.cards.count()).toBe(11);

    await list.cards.nth(1).getByRole('link').click();
    await eventually(() => pathOf(page)).toMatch(new RegExp(`^/reader/book/chapter/${bookId}/[0-9a-f-]{36}/2$`));
    await page.getByRole('heading', { level: 1, name: /^Chapter 2: / }).waitFor();
    await context.close();
  });

  it('offers no page-jump selector when a book has at most 10 chapters', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const list = chapterList(page);
    await page.goto(`/book/chapters/${await bookUuid(baseUrl, 'Office Hours')}`); // exactly 10 chapters
    await list.ready();
    expect(await list.numbers()).toEqual(range(1, 10));
    expect(await list.jump.count()).toBe(0);
    await context.close();
  });
});
