import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ReadingPage from '../../routes/ReadingPage';
import { rememberChapterList } from '../chapters/list-address';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';

/** The reader's bottom bar (the end-of-chapter card has its own like button). */
const bottomBar = () => within(screen.getByRole('navigation', { name: 'Chapter navigation' }));

const BOOK = '11111111-1111-4111-8111-111111111111';
const CHAPTER = '22222222-2222-4222-8222-222222222222';
const NEXT = '33333333-3333-4333-8333-333333333333';
const ROUTE = 'reader/book/chapter/:bookid/:chapter_uuid/:chapter_number';
const content = {
  chapter_number: 2,
  chapter_title: 'Tom &amp; Jerry',
  title: 'The Book',
  images: ['/p0.webp', '/p1.webp', '/p2.webp', '/p3.webp'],
  prev_chapter_uuid: null,
  next_chapter_uuid: NEXT,
  already_favor: false,
  total_likes: 7,
  book_uuid: BOOK,
  chapter_uuid: CHAPTER,
  pages: [0, 1, 2, 3].map((i) => ({ url: `/p${i}.webp`, width: 800, height: 1200 + i * 100 })),
};
const chapterPath = `GET /comics/chapter_comics/${CHAPTER}/en-us`;
const PREVIOUS = '44444444-4444-4444-8444-444444444440';
/** The ext fields of a locked chapter's 403 (docs/API.md). */
const lockedPlace = {
  book_uuid: BOOK,
  book_type: 'comic',
  chapter_uuid: CHAPTER,
  chapter_number: 2,
  chapter_title: 'Locked Door',
  title: 'The Book',
  prev_chapter_uuid: PREVIOUS,
  next_chapter_uuid: NEXT,
};

const open = () => renderScreen(<ReadingPage />, `/reader/book/chapter/${BOOK}/${CHAPTER}/2`, ROUTE);

beforeAll(setUpI18n);
beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(cleanUpScreen);

describe('reader', () => {
  it('shows the decoded chapter title and reserves every page box, lazy after the first two', async () => {
    stubApi({ [chapterPath]: { status: 200, body: { data: { result: content } } } });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tom & Jerry' })).toBeTruthy();
    const images = screen.getAllByRole<HTMLImageElement>('img');
    expect(images).toHaveLength(4);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy', 'lazy']);
    expect(images[3]!.getAttribute('width')).toBe('800');
    expect(images[3]!.getAttribute('height')).toBe('1500');
    expect(images[3]!.style.aspectRatio).toBe('800 / 1500');
    expect(images[0]!.alt).toBe('Page 1 of 4');
    await waitFor(() => expect(document.title).toBe('Tom & Jerry – The Book'));
  });

  it('disables previous without a neighbour and goes to number + 1 for next', async () => {
    stubApi({ [chapterPath]: { status: 200, body: { data: { result: content } } } });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Tom & Jerry' });
    const previous = screen.getAllByRole<HTMLButtonElement>('button', { name: 'Previous chapter' });
    expect(previous.every((button) => button.disabled)).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: 'Next chapter' })[0]!);
    expect(screen.getByTestId('location').textContent).toBe(`/reader/book/chapter/${BOOK}/${NEXT}/3`);
  });

  it('hides a broken page', async () => {
    stubApi({ [chapterPath]: { status: 200, body: { data: { result: content } } } });
    open();
    const [first] = await screen.findAllByRole<HTMLImageElement>('img');
    fireEvent.error(first!);
    expect(first!.className).toMatch(/broken/);
  });

  it('offers each page as a picture: AVIF, then WebP, then the sized fallback image', async () => {
    const pages = content.pages.map((page, i) => ({
      ...page,
      url: `/p${i}.jpg`,
      sources: [
        { type: 'image/avif', url: `/p${i}.avif?exp=1&sig=a` },
        { type: 'image/webp', url: `/p${i}.webp?exp=1&sig=w` },
      ],
    }));
    stubApi({ [chapterPath]: { status: 200, body: { data: { result: { ...content, pages, images: pages.map((page) => page.url) } } } } });
    open();
    const images = await screen.findAllByRole<HTMLImageElement>('img');
    expect(images).toHaveLength(4);
    const picture = images[2]!.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    expect(
      [...picture.children].map((child) => [
        child.tagName,
        child.getAttribute('type'),
        child.getAttribute('srcset') ?? child.getAttribute('src'),
      ]),
    ).toEqual([
      ['SOURCE', 'image/avif', '/p2.avif?exp=1&sig=a'],
      ['SOURCE', 'image/webp', '/p2.webp?exp=1&sig=w'],
      ['IMG', null, '/p2.jpg'],
    ]);
    expect([images[2]!.getAttribute('width'), images[2]!.getAttribute('height'), images[2]!.getAttribute('loading')]).toEqual([
      '800',
      '1400',
      'lazy',
    ]);

    // A failed variant falls back to the plain image before the page counts as broken.
    fireEvent.error(images[0]!);
    expect(images[0]!.parentElement!.querySelectorAll('source')).toHaveLength(0);
    expect(images[0]!.className).not.toMatch(/broken/);
    fireEvent.error(images[0]!);
    expect(images[0]!.className).toMatch(/broken/);
  });

  it('sends a visitor who likes to the login page', async () => {
    stubApi({ [chapterPath]: { status: 200, body: { data: { result: content } } } });
    open();
    fireEvent.click(await bottomBar().findByRole('button', { name: /Like/ }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('lets a user like once: the button disappears and the count rises', async () => {
    localStorage.setItem('X-API-TOKEN', 'token');
    localStorage.setItem('USER_UUID', 'user-1');
    const fetchMock = stubApi({
      [chapterPath]: { status: 200, body: { data: { result: content } } },
      'POST /comics/chapter/favor': { status: 200, body: { data: { result: { already_favor: true, total_likes: 8 } } } },
    });
    open();
    fireEvent.click(await bottomBar().findByRole('button', { name: /^Like(?!d)/ }));
    await waitFor(() => expect(bottomBar().queryByRole('button', { name: /^Like(?!d)/ })).toBeNull());
    expect(bottomBar().getByText('Liked')).toBeTruthy();
    expect(bottomBar().getByText('8')).toBeTruthy();
    const favor = fetchMock.mock.calls.find(([url]) => String(url).includes('/favor'));
    expect(JSON.parse(String(favor![1]!.body))).toEqual({ book_uuid: BOOK, chapter_uuid: CHAPTER });
  });

  it('takes a like back: the pressed heart sends the ext DELETE and the Like button returns (issue 40)', async () => {
    localStorage.setItem('X-API-TOKEN', 'token');
    localStorage.setItem('USER_UUID', 'user-1');
    const fetchMock = stubApi({
      [chapterPath]: { status: 200, body: { data: { result: { ...content, already_favor: true, total_likes: 8 } } } },
      'DELETE /comics/chapter/favor': { status: 200, body: { data: { result: { already_favor: false, total_likes: 7 } } } },
    });
    open();
    const liked = await bottomBar().findByRole('button', { name: /^Liked/ });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(liked);
    expect(await bottomBar().findByRole('button', { name: /^Like(?!d)/ })).toBeTruthy();
    expect(bottomBar().getByText('7')).toBeTruthy();
    const undo = fetchMock.mock.calls.find(([url, init]) => String(url).includes('/favor') && init?.method === 'DELETE');
    expect(JSON.parse(String(undo![1]!.body))).toEqual({ book_uuid: BOOK, chapter_uuid: CHAPTER });
  });

  it('shows the members-only notice with a buy link to /profile that comes back to the chapter', async () => {
    stubApi({ [chapterPath]: { status: 403, body: { error: 'Membership required', code: 'MEMBERSHIP_REQUIRED', ...lockedPlace } } });
    open();
    expect(await screen.findByRole('heading', { name: 'This chapter is only open to members' })).toBeTruthy();
    expect(screen.getByText('Please log in and buy a monthly membership card to read all comics')).toBeTruthy();
    const back = encodeURIComponent(`/reader/book/chapter/${BOOK}/${CHAPTER}/2`);
    expect(screen.getByRole('link', { name: 'Buy now' }).getAttribute('href')).toBe(`/profile?return=${back}#top-up`);
    expect(screen.getByRole('link', { name: /Log in/ }).getAttribute('href')).toBe(`/login?return=${back}`);
  });

  it('moves on from a locked chapter like any other: arrows, buttons, keys', async () => {
    stubApi({ [chapterPath]: { status: 403, body: { error: 'Membership required', code: 'MEMBERSHIP_REQUIRED', ...lockedPlace } } });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Locked Door' })).toBeTruthy();
    for (const name of ['Previous chapter', 'Next chapter']) {
      expect(screen.getAllByRole<HTMLButtonElement>('button', { name }).every((button) => !button.disabled)).toBe(true);
    }
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/reader/book/chapter/${BOOK}/${PREVIOUS}/1`));
    cleanup();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Locked Door' });
    fireEvent.click(bottomBar().getByRole('button', { name: 'Next chapter' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/reader/book/chapter/${BOOK}/${NEXT}/3`));
  });

  it('asks a logged-in non-member to buy, not to log in, and names novels on a novel', async () => {
    localStorage.setItem('X-API-TOKEN', 'token');
    localStorage.setItem('USER_UUID', '55555555-5555-4555-8555-555555555555');
    localStorage.setItem('USERNAME', 'reader1');
    const novel = { ...lockedPlace, book_type: 'novel' };
    stubApi({ [chapterPath]: { status: 403, body: { error: 'Membership required', code: 'MEMBERSHIP_REQUIRED', ...novel } } });
    open();
    expect(await screen.findByRole('heading', { name: 'This chapter is only open to members' })).toBeTruthy();
    expect(screen.getByText('Buy a monthly membership card to read all novels')).toBeTruthy();
    expect(screen.queryByText(/Please log in/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Log in/ })).toBeNull();
  });

  it('tells a visitor who likes why they must log in, and brings them back to the chapter', async () => {
    stubApi({ [chapterPath]: { status: 200, body: { data: { result: content } } } });
    open();
    fireEvent.click(await bottomBar().findByRole('button', { name: /Like/ }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByTestId('location-search').textContent).toBe(
      `?return=${encodeURIComponent(`/reader/book/chapter/${BOOK}/${CHAPTER}/2`)}`,
    );
    expect(screen.getByTestId('location-state').textContent).toBe(JSON.stringify({ reason: 'like' }));
  });

  it('goes back to the chapter list in the order and page it was left, as the browser Back does', async () => {
    sessionStorage.clear();
    stubApi({ [chapterPath]: { status: 200, body: { data: { result: content } } } });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Tom & Jerry' }, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Back to the chapter list' }).getAttribute('href')).toBe(`/book/chapters/${BOOK}`);
    cleanup();
    rememberChapterList(BOOK, { direction: 'desc', startPage: 2 });
    open();
    await waitFor(
      () =>
        expect(screen.getByRole('link', { name: 'Back to the chapter list' }).getAttribute('href')).toBe(
          `/book/chapters/${BOOK}?order=desc&page=3`,
        ),
      { timeout: 5000 },
    );
  }, 15_000);

  it('shows the expired notice asking to top up', async () => {
    stubApi({ [chapterPath]: { status: 403, body: { error: 'Membership expired', code: 'MEMBERSHIP_EXPIRED' } } });
    open();
    expect(await screen.findByRole('heading', { name: 'Your membership has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Top up now' }).getAttribute('href')).toMatch(/^\/profile\?return=%2Freader%2F[^#]*#top-up$/);
  });

  it('treats an address whose chapter belongs to another book as not found', async () => {
    stubApi({ [chapterPath]: { status: 200, body: { data: { result: content } } } });
    renderScreen(<ReadingPage />, `/reader/book/chapter/44444444-4444-4444-8444-444444444444/${CHAPTER}/2`, ROUTE);
    expect(await screen.findByRole('heading', { name: 'Chapter not found' })).toBeTruthy();
    expect(screen.queryAllByRole('img', { name: /^Page / })).toHaveLength(0);
  });

  it('falls back to the CSS immersive mode where the browser has no fullscreen', async () => {
    stubApi({ [chapterPath]: { status: 200, body: { data: { result: content } } } });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Tom & Jerry' });
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(await screen.findByRole('button', { name: 'Exit full screen' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Exit full screen' })).toBeNull());
  });
});
