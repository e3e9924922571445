import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ChapterListPage from '../../routes/ChapterListPage';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';

const BOOK = '11111111-1111-4111-8111-111111111111';
const chapter = (n: number) => ({
  chapter_uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  chapter_number: n,
  title: n === 3 ? '' : `Chapter ${n}`,
  cover_image: null,
  created_at: '2026-01-01T00:00:00.000Z',
  is_free: n <= 2,
});
const book = (chapters: ReturnType<typeof chapter>[], total = 25) => ({
  data: {
    result: {
      book_uuid: BOOK,
      book_title: 'Rock &amp; Roll',
      book_introduction: '',
      book_tags: ['悬疑推理'],
      book_type: 'comic',
      cover_image: null,
      public_free_chapters: 2,
      total_chapters: total,
      chapters,
    },
  },
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => chapter(from + i));
const pagePath = (direction: string, page: number) => `GET /comics/chapters/${BOOK}/en-us/${direction}/${page}/10`;
/** The access rule's answer for the reader (POST /reader/offline/check): chapters 1-2 free, the rest as `paid` says. */
const accessOf = (paid: string, chapters = range(1, 10)) => ({
  status: 200,
  body: {
    data: {
      result: {
        checked_at: '2026-01-01T00:00:00.000Z',
        chapters: chapters.map((c) => {
          const access = c.is_free ? 'free' : paid;
          return {
            chapter_uuid: c.chapter_uuid,
            access,
            readable: ['free', 'member', 'granted', 'admin'].includes(access),
            readable_until: null,
          };
        }),
      },
    },
  },
});

beforeAll(() => {
  // jsdom has no layout; the jump and collapse scroll the list into view.
  Element.prototype.scrollIntoView = vi.fn();
  return setUpI18n();
});
beforeEach(() => localStorage.clear());
afterEach(cleanUpScreen);

const open = () => renderScreen(<ChapterListPage />, `/book/chapters/${BOOK}`, 'book/chapters/:id');
/** The chapter list's cards (the list items that link to a chapter). */
const chapterCards = () =>
  within(screen.getByRole('region', { name: 'Chapters' }))
    .getAllByRole('listitem')
    .filter((item) => item.querySelector('a[href^="/reader/"]'));

describe('chapter list', () => {
  it('shows the decoded title, translated tags, "No description" and the chapters oldest first', async () => {
    stubApi({ [pagePath('asc', 0)]: { status: 200, body: book(range(1, 10)) }, 'POST /reader/offline/check': accessOf('members_only') });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rock & Roll' })).toBeTruthy();
    expect(screen.getByText('Mystery')).toBeTruthy();
    expect(screen.getByText('No description')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Oldest first' }).getAttribute('aria-pressed')).toBe('true');
    // The chapter cards (the book's Start / Continue button is a reader link too, outside the list).
    const links = within(screen.getByRole('region', { name: 'Chapters' }))
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/reader/'));
    expect(links).toHaveLength(10);
    expect(links[0]!.getAttribute('href')).toBe(`/reader/book/chapter/${BOOK}/${chapter(1).chapter_uuid}/1`);
    expect(links[2]!.textContent).toContain('Unknown Chapter');
    expect(links[0]!.textContent).toContain('Free');
    await waitFor(() => expect(links[5]!.textContent).toContain('Members only'));
  });

  it('marks what the server refuses this reader, early access with its end, and offers saving only what it may read (issue 56)', async () => {
    const chapters = range(1, 10).map((c) => (c.chapter_number >= 9 ? { ...c, early_access_until: '2026-12-03T02:00:00.000Z' } : c));
    const check = accessOf('member', chapters);
    // A member of a book whose early access excludes members: 3-8 readable, 9-10 refused.
    for (const entry of check.body.data.result.chapters.slice(8)) Object.assign(entry, { access: 'early_access', readable: false });
    stubApi({ [pagePath('asc', 0)]: { status: 200, body: book(chapters) }, 'POST /reader/offline/check': check });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Rock & Roll' });
    await waitFor(() => expect(chapterCards()[9]!.textContent).toContain('Early access until December 3'));
    const cards = chapterCards();
    // Readable as a member: no badge, a save button; refused by early access: the mark and no save button.
    expect(cards[5]!.textContent).not.toContain('Members only');
    expect(within(cards[5]!).queryByRole('button')).toBeTruthy();
    expect(cards[8]!.textContent).toContain('Early access');
    expect(cards[8]!.querySelector('svg rect')).toBeTruthy();
    expect(within(cards[8]!).queryByRole('button')).toBeNull();
  });

  it('shows the alternate titles as "Also known as", each in its own language, and nothing when there are none', async () => {
    const withAlternates = book(range(1, 10));
    Object.assign(withAlternates.data.result, {
      alternate_titles: [
        { title: 'Doupo Cangqiong', language: 'zh-Latn-pinyin' },
        { title: '斗破蒼穹', language: 'zh-Hant' },
        { title: 'Rock &amp; Stone', language: null },
      ],
    });
    stubApi({ [pagePath('asc', 0)]: { status: 200, body: withAlternates } });
    open();
    const line = await screen.findByText(
      (_, element) => element?.tagName === 'P' && element.textContent?.startsWith('Also known as') === true,
    );
    expect(line.textContent).toBe('Also known as Doupo Cangqiong, 斗破蒼穹, and Rock & Stone');
    expect(screen.getByText('斗破蒼穹').getAttribute('lang')).toBe('zh-Hant');
    expect(screen.getByText('Rock & Stone').hasAttribute('lang')).toBe(false);
    cleanUpScreen();
    stubApi({ [pagePath('asc', 0)]: { status: 200, body: book(range(1, 10)) } });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Rock & Roll' });
    expect(screen.queryByText(/Also known as/)).toBeNull();
  });

  it('marks the chapters out within the last 3 days NEW, and no older one', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const ages = [24 * 30, 24 * 4, 73, 71, 24, 1]; // hours since each chapter came out
    const chapters = ages.map((hours, index) => ({ ...chapter(index + 1), created_at: hoursAgo(hours) }));
    stubApi({ [pagePath('asc', 0)]: { status: 200, body: book(chapters, chapters.length) } });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Rock & Roll' });
    const cards = chapterCards();
    expect(cards.map((card) => within(card).queryByText('New', { exact: true }) !== null)).toEqual([false, false, false, true, true, true]);
  });

  it('shows the comment count a chapter has when the server sends it (ext comments_count), and nothing at 0 or without it', async () => {
    const chapters = [
      { ...chapter(1), comments_count: 1234 },
      { ...chapter(2), comments_count: 1 },
      { ...chapter(3), comments_count: 0 },
      chapter(4),
    ];
    stubApi({ [pagePath('asc', 0)]: { status: 200, body: book(chapters, chapters.length) } });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Rock & Roll' });
    const cards = chapterCards();
    expect(cards.map((card) => within(card).queryByText(/comments?$/)?.textContent ?? null)).toEqual([
      '1,234 comments',
      '1 comment',
      null,
      null,
    ]);
  });

  it('offers the page jump with ranges and total pages above ten chapters, and jumping loads that page', async () => {
    const fetchMock = stubApi({
      [pagePath('asc', 0)]: { status: 200, body: book(range(1, 10)) },
      [pagePath('asc', 2)]: { status: 200, body: book(range(21, 25)) },
    });
    open();
    const jump = await screen.findByLabelText<HTMLSelectElement>('Jump to');
    expect(Array.from(jump.options, (option) => option.textContent)).toEqual(['(1 - 10)', '(11 - 20)', '(21 - 25)']);
    expect(screen.getByText('3 pages in total')).toBeTruthy();
    fireEvent.change(jump, { target: { value: '2' } });
    await waitFor(() => expect(screen.getByText('Chapter 21')).toBeTruthy());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/asc/2/10'))).toBe(true);
  });

  it('has no page jump for ten chapters or fewer, and says "No Chapters" when there are none', async () => {
    stubApi({ [pagePath('asc', 0)]: { status: 200, body: book([], 0) } });
    open();
    expect(await screen.findByText('No Chapters')).toBeTruthy();
    expect(screen.queryByLabelText('Jump to')).toBeNull();
  });

  it('changing the order starts the list over, newest first', async () => {
    stubApi({
      [pagePath('asc', 0)]: { status: 200, body: book(range(1, 10)) },
      [pagePath('desc', 0)]: { status: 200, body: book(range(16, 25).reverse()) },
    });
    open();
    await screen.findByText('Chapter 1');
    fireEvent.click(screen.getByRole('button', { name: 'Newest first' }));
    await waitFor(() => expect(screen.getByText('Chapter 25')).toBeTruthy());
    expect(screen.queryByText('Chapter 1')).toBeNull();
    const jump = screen.getByLabelText<HTMLSelectElement>('Jump to');
    expect(jump.options[0]!.textContent).toBe('(25 - 16)');
  });

  it('collapses to one page and expands again', async () => {
    stubApi({ [pagePath('asc', 0)]: { status: 200, body: book(range(1, 10)) } });
    open();
    await screen.findByText('Chapter 1');
    const toggle = screen.getByRole('button', { name: 'Collapse' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'More' }).getAttribute('aria-expanded')).toBe('false');
  });
});
