import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseDataSaver } from '../../../lib/data-saving';
import ReadingPage from '../../../routes/ReadingPage';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../../test-support/render-screen';

const BOOK = '11111111-1111-4111-8111-111111111111';
const CHAPTER = '22222222-2222-4222-8222-222222222222';
const NEXT = '33333333-3333-4333-8333-333333333333';
const PREVIOUS = '44444444-4444-4444-8444-444444444440';
const ROUTE = 'reader/book/chapter/:bookid/:chapter_uuid/:chapter_number';
const chapterPath = `GET /comics/chapter_comics/${CHAPTER}/en-us`;

function content(reading: { direction: 'ltr' | 'rtl'; mode: 'strip' | 'single' | 'double' }, spreads: number[] = []) {
  return {
    book_type: 'comic',
    chapter_number: 2,
    chapter_title: 'Paged',
    title: 'The Manga',
    images: [0, 1, 2, 3, 4].map((i) => `/p${i}.webp`),
    pages: [0, 1, 2, 3, 4].map((i) => ({
      url: `/p${i}.webp`,
      ...(spreads.includes(i) ? { width: 1600, height: 1000, spread: true } : { width: 800, height: 1200 }),
    })),
    prev_chapter_uuid: PREVIOUS,
    next_chapter_uuid: NEXT,
    already_favor: false,
    total_likes: 0,
    book_uuid: BOOK,
    chapter_uuid: CHAPTER,
    reading,
  };
}

const open = (answer: ReturnType<typeof content>) => {
  stubApi({ [chapterPath]: { status: 200, body: { data: { result: answer } } } });
  return renderScreen(<ReadingPage />, `/reader/book/chapter/${BOOK}/${CHAPTER}/2`, ROUTE);
};
const reader = async () => {
  await waitFor(() => expect(document.querySelector('[data-paged-reader]')).not.toBeNull());
  return document.querySelector<HTMLElement>('[data-paged-reader]')!;
};
const press = (key: string) => act(() => void fireEvent.keyDown(window, { key }));

beforeAll(setUpI18n);
beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(cleanUpScreen);

describe('the paged reader in the reading screen', () => {
  it('a right-to-left book: ArrowLeft turns to the next page (not the next chapter), announced', async () => {
    open(content({ direction: 'rtl', mode: 'single' }));
    const root = await reader();
    expect(root.dataset).toMatchObject({ mode: 'single', direction: 'rtl', pages: '0', zoomed: 'false' });
    expect(root.querySelectorAll('img[data-index]')).toHaveLength(1);
    // The reader takes the keys once its settings have settled (a loaded machine can be a render
    // late): pressed again only while still on the first page, so it never turns twice.
    await waitFor(() => {
      if (root.dataset.pages === '0') press('ArrowLeft');
      expect(root.dataset.pages).toBe('1');
    });
    expect(root.querySelector('[aria-live="polite"]')!.textContent).toBe('Page 2 of 5');
    press('ArrowRight');
    expect(root.dataset.pages).toBe('0');
    // The strip's chapter keys are off: still this chapter.
    expect(screen.getByTestId('location').textContent).toBe(`/reader/book/chapter/${BOOK}/${CHAPTER}/2`);
    // Page Down goes forward in either direction; End to the last page.
    press('PageDown');
    expect(root.dataset.pages).toBe('1');
    press('End');
    expect(root.dataset.pages).toBe('4');
  });

  it('leaves the chapter only at its ends: next at the last page, previous (to its last page) at the first', async () => {
    open(content({ direction: 'ltr', mode: 'single' }));
    const root = await reader();
    press('ArrowLeft');
    expect(screen.getByTestId('location').textContent).toBe(`/reader/book/chapter/${BOOK}/${PREVIOUS}/1`);
    expect(JSON.parse(screen.getByTestId('location-state').textContent!)).toMatchObject({ pagedArrival: { at: 'end' } });
    expect(root.isConnected).toBe(false);
  });

  it('double pages: pairs, a spread alone, the page buttons and the scrubber', async () => {
    open(content({ direction: 'ltr', mode: 'double' }, [2]));
    const root = await reader();
    expect(root.dataset.pages).toBe('0,1');
    expect(root.querySelector('[aria-live="polite"]')!.textContent).toBe('Pages 1–2 of 5');
    const next = screen.getByRole('button', { name: 'Next page' });
    fireEvent.click(next);
    expect(root.dataset.pages).toBe('2');
    fireEvent.click(next);
    expect(root.dataset.pages).toBe('3,4');
    fireEvent.change(screen.getByRole('slider', { name: 'Go to page' }), { target: { value: '1' } });
    expect(root.dataset.pages).toBe('0,1');
    // At the first page of a chapter with a previous one, "previous" is still offered.
    expect(screen.getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('keeps the next views in the page under the shown one, without data-index, so a turn only brings one to the top', async () => {
    open(content({ direction: 'ltr', mode: 'single' }));
    const root = await reader();
    const kept = () => [...root.querySelectorAll('[aria-hidden="true"][inert] img')].map((image) => image.getAttribute('src'));
    await waitFor(() => expect(kept()).toEqual(['/p1.webp', '/p2.webp']));
    expect(root.querySelectorAll('img[data-index]')).toHaveLength(1);
    const next = root.querySelector('img[src="/p1.webp"]');
    press('ArrowRight');
    // The same element, now shown and indexed: the browser decoded it while it waited underneath.
    expect(root.querySelector('img[data-index="1"]')).toBe(next);
    expect(next!.closest('[aria-hidden]')).toBeNull();
    // The turn's own render only changed which view is shown; the view after next comes once it is painted.
    expect(kept()).toEqual(['/p0.webp', '/p2.webp']);
    await waitFor(() => expect(kept()).toEqual(['/p0.webp', '/p2.webp', '/p3.webp']));
  });

  it('with the data saver on, only the page shown is in the document', async () => {
    chooseDataSaver(true);
    open(content({ direction: 'ltr', mode: 'single' }));
    const root = await reader();
    press('ArrowRight');
    expect(root.dataset.pages).toBe('1');
    expect([...root.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(['/p1.webp']);
    chooseDataSaver(false);
  });

  it('a strip book keeps the strip', async () => {
    open(content({ direction: 'ltr', mode: 'strip' }));
    await screen.findByRole('heading', { level: 1, name: 'Paged' });
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(5));
    expect(document.querySelector('[data-paged-reader]')).toBeNull();
  });
});
