import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ReadingPage from '../../routes/ReadingPage';
import { activeTranslator, setActiveTranslator } from '../../i18n/active';
import arSa from '../../i18n/locales/ar-sa/index';
import { createTranslator } from '../../i18n/translator';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { READING_STORAGE_KEYS } from './reading-storage-keys';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';

/** The reader's bottom bar (the end-of-chapter card has its own like button). */
const bottomBar = () => within(screen.getByRole('navigation', { name: 'Chapter navigation' }));

const BOOK = '11111111-1111-4111-8111-111111111111';
const CHAPTER = '22222222-2222-4222-8222-222222222222';
const NEXT = '33333333-3333-4333-8333-333333333333';
const ROUTE = 'reader/book/chapter/:bookid/:chapter_uuid/:chapter_number';
const TEXT =
  '<p>The first paragraph.</p><h1>A turn</h1><p>The <em>second</em> paragraph.</p><blockquote><p>A quote.</p></blockquote><hr><p>The end.</p>';

const novel = (overrides: Record<string, unknown> = {}) => ({
  chapter_number: 1,
  chapter_title: 'Chapter 1: The Beginning',
  title: 'Return to the Tang',
  images: [],
  pages: [],
  prev_chapter_uuid: null,
  next_chapter_uuid: NEXT,
  already_favor: false,
  total_likes: 3,
  book_uuid: BOOK,
  chapter_uuid: CHAPTER,
  book_type: 'novel',
  text: TEXT,
  text_language: 'en-us',
  text_languages: ['en-us'],
  ...overrides,
});
const ok = (result: unknown) => ({ status: 200, body: { data: { result } } });
const path = (language = 'en-us') => `GET /comics/chapter_comics/${CHAPTER}/${language}`;
const open = () => renderScreen(<ReadingPage />, `/reader/book/chapter/${BOOK}/${CHAPTER}/1`, ROUTE);
const article = () => screen.getByRole('article');

beforeAll(setUpI18n);
beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(cleanUpScreen);

describe('novel reader', () => {
  it('shows the chapter as text, with no page images, in the text language', async () => {
    stubApi({ [path()]: ok(novel()) });
    open();
    expect(await screen.findByText('The first paragraph.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Chapter 1: The Beginning' })).toBeTruthy();
    // The text's own heading sits under the page's h1.
    expect(screen.getByRole('heading', { level: 2, name: 'A turn' })).toBeTruthy();
    expect(article().querySelector('em')!.textContent).toBe('second');
    expect(article().querySelector('blockquote')).toBeTruthy();
    expect(screen.queryAllByRole('img')).toHaveLength(0);
    expect(article().getAttribute('lang')).toBe('en-US');
    expect(article().getAttribute('dir')).toBe('ltr');
  });

  it('changes the text size in steps, remembers it and keeps the buttons focusable at the ends', async () => {
    stubApi({ [path()]: ok(novel()) });
    open();
    await screen.findByText('The first paragraph.');
    const group = screen.getByRole('group', { name: 'Text size' });
    const larger = screen.getByRole('button', { name: 'Larger text' });
    const smaller = screen.getByRole('button', { name: 'Smaller text' });
    const size = () => article().closest<HTMLElement>('[style]')!.style.getPropertyValue('--novel-font-size');
    const stored = () =>
      JSON.parse(localStorage.getItem(READING_STORAGE_KEYS.readingPreferences) ?? '{}') as { defaults?: { font_size?: number } };
    expect(group.textContent).toContain('18 px');
    expect(size()).toBe('18');
    fireEvent.click(larger);
    expect(size()).toBe('20');
    expect(group.textContent).toContain('20 px');
    expect(stored().defaults?.font_size).toBe(20);
    for (let i = 0; i < 10; i++) fireEvent.click(larger);
    expect(larger.getAttribute('aria-disabled')).toBe('true');
    expect(smaller.getAttribute('aria-disabled')).toBe('false');
    expect(size()).toBe('32');

    // A new visit starts at the remembered size.
    cleanup();
    open();
    await screen.findByText('The first paragraph.');
    expect(screen.getByRole('group', { name: 'Text size' }).textContent).toContain('32 px');
    expect(size()).toBe('32');
  });

  it('takes the text size chosen before the reading settings (a percentage) once, as a size in px', async () => {
    localStorage.setItem(STORAGE_KEYS.readerTextSize, '130');
    stubApi({ [path()]: ok(novel()) });
    open();
    await screen.findByText('The first paragraph.');
    expect(screen.getByRole('group', { name: 'Text size' }).textContent).toContain('23 px');
    expect(localStorage.getItem(STORAGE_KEYS.readerTextSize)).toBeNull();
  });

  it('runs Arabic text right to left, and a Chinese fallback left to right in the Arabic interface', async () => {
    stubApi({ [path()]: ok(novel({ text: '<p>نص عربي</p>', text_language: 'ar-sa' })) });
    open();
    await screen.findByText('نص عربي');
    expect(article().getAttribute('dir')).toBe('rtl');
    expect(article().getAttribute('lang')).toBe('ar-SA');
    cleanup();

    // The interface in Arabic (main.tsx starts the translator in the reader's language; screens ask in it).
    localStorage.setItem(STORAGE_KEYS.language, 'ar-sa');
    const english = activeTranslator();
    setActiveTranslator(createTranslator('ar-sa', arSa));
    try {
      stubApi({ [path('ar-sa')]: ok(novel({ text: '<p>中文正文</p>', text_language: 'zh-cn' })) });
      open();
      await screen.findByText('中文正文');
      expect(article().getAttribute('dir')).toBe('ltr');
      expect(article().getAttribute('lang')).toBe('zh-CN');
    } finally {
      setActiveTranslator(english);
    }
  });

  it('says in which language a fallback text is shown and switches to another language the chapter has', async () => {
    stubApi({
      [path()]: ok(novel({ text: '<p>中文正文</p>', text_language: 'zh-cn', text_languages: ['fr-fr', 'zh-cn'] })),
      [path('fr-fr')]: ok(novel({ text: '<p>Texte français</p>', text_language: 'fr-fr', text_languages: ['fr-fr', 'zh-cn'] })),
    });
    open();
    await screen.findByText('中文正文');
    expect(screen.getByText(/Not yet translated into your language/).textContent).toContain('简体中文');
    const others = screen.getByRole('group', { name: 'Also available in:' });
    expect(within(others).queryByRole('button', { name: '简体中文' })).toBeNull();
    fireEvent.click(within(others).getByRole('button', { name: 'Français' }));
    await screen.findByText('Texte français');
    expect(article().getAttribute('lang')).toBe('fr-FR');
    expect(within(screen.getByRole('group', { name: 'Also available in:' })).getByRole('button', { name: '简体中文' })).toBeTruthy();
  });

  it('says nothing about languages when the text is in the reader’s and there is no other', async () => {
    stubApi({ [path()]: ok(novel()) });
    open();
    await screen.findByText('The first paragraph.');
    expect(screen.queryByText(/Text shown in/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Also available in:' })).toBeNull();
  });

  it('renders only the allowed markup: no script, no image with onerror, no javascript: link', async () => {
    const hostile =
      '<p>Safe text</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">' +
      '<p><a href="javascript:window.__pwned=3">click me</a></p><p onmouseover="window.__pwned=4">hover</p><iframe src="https://evil.example"></iframe>';
    stubApi({ [path()]: ok(novel({ text: hostile })) });
    open();
    await screen.findByText('Safe text');
    const markup = article().innerHTML;
    expect(article().querySelectorAll('script, img, a, iframe, [onerror], [onmouseover], [href]')).toHaveLength(0);
    expect(markup).not.toContain('javascript:');
    expect(screen.getByText('click me').tagName).toBe('P');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('shows illustrations in the flow, the first before the text', async () => {
    const pages = [
      { url: '/i0.jpg', width: 600, height: 400, sources: [{ type: 'image/avif', url: '/i0.avif' }] },
      { url: '/i1.jpg', width: 600, height: 900 },
    ];
    stubApi({ [path()]: ok(novel({ pages, images: pages.map((page) => page.url) })) });
    open();
    await screen.findByText('The first paragraph.');
    const illustrations = screen.getAllByRole<HTMLImageElement>('img');
    expect(illustrations.map((image) => image.alt)).toEqual(['Illustration 1 of 2', 'Illustration 2 of 2']);
    const children = [...article().children].map((child) => child.tagName.toLowerCase());
    expect(children[0]).toBe('picture');
    expect(children.indexOf('picture', 1)).toBeGreaterThan(1);
    expect(illustrations[0]!.getAttribute('width')).toBe('600');
    expect(illustrations[0]!.parentElement!.querySelector('source')!.getAttribute('srcset')).toBe('/i0.avif');
  });

  it('keeps the navigation, likes and gating of the comic reader', async () => {
    stubApi({ [path()]: ok(novel()) });
    open();
    await screen.findByText('The first paragraph.');
    expect(screen.getAllByRole<HTMLButtonElement>('button', { name: 'Previous chapter' }).every((button) => button.disabled)).toBe(true);
    expect(bottomBar().getByRole('button', { name: /Like/ })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByTestId('location').textContent).toBe(`/reader/book/chapter/${BOOK}/${NEXT}/2`);
    cleanup();

    stubApi({ [path()]: { status: 403, body: { error: 'Membership required', code: 'MEMBERSHIP_REQUIRED' } } });
    open();
    expect(await screen.findByRole('heading', { name: 'This chapter is only open to members' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('sends start reading on arrival and finish reading at the end of the text', async () => {
    const observers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    localStorage.setItem(STORAGE_KEYS.token, 'reader-token');
    const fetch = stubApi({ [path()]: ok(novel()), 'POST /events': { status: 202, body: { data: { accepted: 1 } } } });
    open();
    await screen.findByText('The first paragraph.');
    const eventCalls = () => fetch.mock.calls.filter(([input]) => String(input).endsWith('/api/v1/events'));
    const sent = () => eventCalls().map(([, init]) => JSON.parse(String(init?.body)).events[0].type);
    await waitFor(() => expect(sent()).toEqual(['start_reading']));
    // The install offer hears of it too (lib/chapter-finished.ts).
    const finished = vi.fn();
    window.addEventListener('inkstream:chapter-finished', finished);
    observers.forEach((callback) => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    await waitFor(() => expect(sent()).toEqual(['start_reading', 'finish_reading']));
    window.removeEventListener('inkstream:chapter-finished', finished);
    expect(finished).toHaveBeenCalledTimes(1);
    // Sent like every other call: with the reader's token, and kept alive past the tab closing.
    for (const [, init] of eventCalls()) {
      expect(init?.keepalive).toBe(true);
      expect((init?.headers as Record<string, string>).Authorization).toBe('Token reader-token');
    }
  });
});
