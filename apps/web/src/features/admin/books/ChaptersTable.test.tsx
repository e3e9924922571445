import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activeTranslator } from '../../../i18n/active';
import adminBundle from '../../../i18n/locales/en-us/admin/admin.json';
import booksBundle from '../../../i18n/locales/en-us/admin/admin-books.json';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../../test-support/render-screen';
import { formatDateTime } from '../shell/format';
import { ChaptersTable } from './ChaptersTable';

const BOOK = '11111111-1111-4111-8111-111111111111';
const chapter = (number: number, extra: object) => ({
  chapter_uuid: `00000000-0000-4000-8000-00000000000${number}`,
  number,
  titles: { 'en-us': `Chapter ${number}` },
  is_published: false,
  publish_at: null,
  page_count: 3,
  word_count: null,
  coin_price: null,
  created_at: '2026-11-01T10:00:00.000Z',
  ...extra,
});
const CHAPTERS = [chapter(1, { is_published: true }), chapter(2, { publish_at: '2026-12-24T18:00:00.000Z' }), chapter(3, {})];

beforeAll(() => {
  setUpI18n();
  activeTranslator().addResources('admin', adminBundle);
  activeTranslator().addResources('admin-books', booksBundle);
});
afterEach(cleanUpScreen);

describe('the chapters table', () => {
  it('shows when each chapter comes out without opening Edit, in a keyboard-reachable region', async () => {
    stubApi({ [`GET /admin/books/${BOOK}/chapters`]: { status: 200, body: { data: { items: CHAPTERS, total: 3 } } } });
    renderScreen(<ChaptersTable bookUuid={BOOK} language="en-us" onChanged={() => undefined} />, '/admin/books');
    const region = await screen.findByRole('region', { name: 'Table: Chapters' });
    expect(region.tabIndex).toBe(0);
    await within(region).findByText('Chapter 3');
    const rows = await within(region).findAllByRole('row');
    expect(rows[0]!.textContent).toContain('Release');
    expect(rows[1]!.textContent).toContain(`Released ${formatDateTime('2026-11-01T10:00:00.000Z')}`);
    expect(rows[2]!.textContent).toContain(`Scheduled for ${formatDateTime('2026-12-24T18:00:00.000Z')}`);
    expect(rows[3]!.textContent).toContain('No release time set');
  });

  it('asks before unpublishing a chapter, and only "Yes" unpublishes it', async () => {
    const fetch = stubApi({
      [`GET /admin/books/${BOOK}/chapters`]: { status: 200, body: { data: { items: CHAPTERS, total: 3 } } },
      [`POST /admin/chapters/${CHAPTERS[0]!.chapter_uuid}/unpublish`]: { status: 200, body: { data: CHAPTERS[0] } },
    });
    const unpublishCalls = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/unpublish'));
    renderScreen(<ChaptersTable bookUuid={BOOK} language="en-us" onChanged={() => undefined} />, '/admin/books');
    await screen.findByText('Chapter 3');
    fireEvent.click(screen.getByRole('button', { name: /^Unpublish ?chapter 1$/ }));
    expect(screen.getByText('Unpublish chapter 1? Readers lose it until you publish it again.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Yes, unpublish ?chapter 1$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(unpublishCalls()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /^Unpublish ?chapter 1$/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Yes, unpublish ?chapter 1$/ }));
    await waitFor(() => expect(unpublishCalls()).toHaveLength(1));
  });

  it("names chapters in the console's language where they have a title in it, else in the original (issue 56)", async () => {
    const chinese = [
      chapter(1, { titles: { 'zh-cn': '第一章 开端', 'en-us': 'The Beginning' } }),
      chapter(2, { titles: { 'zh-cn': '第二章 风起' } }),
    ];
    stubApi({ [`GET /admin/books/${BOOK}/chapters`]: { status: 200, body: { data: { items: chinese, total: 2 } } } });
    renderScreen(<ChaptersTable bookUuid={BOOK} language="zh-cn" onChanged={() => undefined} />, '/admin/books');
    expect((await screen.findByText('The Beginning')).getAttribute('lang')).toBe('en-us');
    expect(screen.getByText('第二章 风起').getAttribute('lang')).toBe('zh-cn');
    expect(screen.queryByText('第一章 开端')).toBeNull();
  });

  it("sets a chapter's own price, checked, with the book's price as the placeholder, and clears it (issue 56)", async () => {
    const priced = chapter(3, { coin_price: 80 });
    const fetch = stubApi({
      [`GET /admin/books/${BOOK}/chapters`]: { status: 200, body: { data: { items: [chapter(1, {}), priced], total: 2 } } },
      [`GET /admin/books/${BOOK}/unlocks`]: {
        status: 200,
        body: {
          data: { coin_price: 50, wait_free_hours: null, early_access_count: 0, early_access_hours: 24, early_access_members: true },
        },
      },
      [`PATCH /admin/chapters/${CHAPTERS[0]!.chapter_uuid}/price`]: { status: 200, body: { data: { coin_price: 120 } } },
      [`PATCH /admin/chapters/${priced.chapter_uuid}/price`]: { status: 200, body: { data: { coin_price: null } } },
    });
    const patched = () =>
      fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    renderScreen(<ChaptersTable bookUuid={BOOK} language="en-us" onChanged={() => undefined} />, '/admin/books');
    await screen.findByText('Chapter 3');
    fireEvent.click(screen.getAllByRole('button', { name: /^Edit/ })[0]!);
    const price = (await screen.findByLabelText('Price in coins, this chapter only')) as HTMLInputElement;
    await screen.findByText("Empty: the book's price, 50 coins.");
    expect(price.placeholder).toBe('50');
    expect(price.value).toBe('');
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('A whole number of coins from 1 to 10,000.')).toBeTruthy();
    expect(patched()).toEqual([]);
    fireEvent.change(price, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(patched()).toEqual([{ coin_price: 120 }]));

    fireEvent.click(screen.getAllByRole('button', { name: /^Edit/ }).at(-1)!);
    const own = (await screen.findByDisplayValue('80')) as HTMLInputElement;
    expect(own.placeholder).toBe('50');
    fireEvent.click(screen.getByRole('button', { name: "Use the book's price" }));
    await waitFor(() => expect(patched()).toEqual([{ coin_price: 120 }, { coin_price: null }]));
  });

  it('an Edit opened again before the table refetched shows the price the server just saved, not the one it replaced (issue 56)', async () => {
    const first = CHAPTERS[0]!;
    const stubbed = stubApi({
      [`GET /admin/books/${BOOK}/chapters`]: { status: 200, body: { data: { items: [chapter(1, { coin_price: 1 })], total: 1 } } },
      [`GET /admin/books/${BOOK}/unlocks`]: {
        status: 200,
        body: {
          data: { coin_price: 50, wait_free_hours: null, early_access_count: 0, early_access_hours: 24, early_access_members: true },
        },
      },
      [`PATCH /admin/chapters/${first.chapter_uuid}/price`]: { status: 200, body: { data: { coin_price: 10_000 } } },
    });
    // The table's refetch after the save is still on its way (a busy server): it is held.
    let saved = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') saved = true;
      else if (saved && String(input).includes('/chapters?')) await held;
      return stubbed(input, init);
    });
    renderScreen(<ChaptersTable bookUuid={BOOK} language="en-us" onChanged={() => undefined} />, '/admin/books');
    await screen.findByText('Chapter 1');
    fireEvent.click(screen.getByRole('button', { name: /^Edit/ }));
    const price = (await screen.findByLabelText('Price in coins, this chapter only')) as HTMLInputElement;
    expect(price.value).toBe('1');
    fireEvent.change(price, { target: { value: '10000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(screen.queryByLabelText('Price in coins, this chapter only')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /^Edit/ }));
    expect(((await screen.findByLabelText('Price in coins, this chapter only')) as HTMLInputElement).value).toBe('10000');
    release();
  });
});
