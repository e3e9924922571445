import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../auth/AuthContext';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { READING_STORAGE_KEYS } from '../reading-storage-keys';
import { cleanUpScreen, stubApi } from '../../../test-support/render-screen';
import { EMPTY_DEFAULTS } from './reading-settings';
import { useReadingSettings, type ReadingSettings } from './use-reading-settings';

const BOOK = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const MANGA = { direction: 'rtl', mode: 'single' } as const;
const PREFERENCES = 'GET /user/reading_preferences';
const SAVE = 'PUT /user/reading_preferences';
const ok = (result: unknown) => ({ status: 200, body: { data: { result } } });
const account = (books: unknown[] = [], defaults = {}) => ({ defaults: { ...EMPTY_DEFAULTS, ...defaults }, books });

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
const settingsOf = (bookUuid = BOOK) => renderHook(() => useReadingSettings(bookUuid, MANGA), { wrapper });
const logIn = () => {
  localStorage.setItem(STORAGE_KEYS.token, 'reader-token');
  localStorage.setItem(STORAGE_KEYS.userUuid, 'user-1');
};
const putBodies = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)) as unknown);

beforeEach(() => localStorage.clear());
afterEach(cleanUpScreen);

describe('useReadingSettings', () => {
  it('is not known on the server: the book’s own settings apply, so the server’s markup and the first render agree', () => {
    localStorage.setItem(
      READING_STORAGE_KEYS.readingPreferences,
      JSON.stringify({ books: [{ book_uuid: BOOK, mode: 'double', updated_at: '2026-01-01T00:00:00Z' }] }),
    );
    let seen: ReadingSettings | undefined;
    function Probe() {
      seen = useReadingSettings(BOOK, MANGA);
      return null;
    }
    renderToString(wrapper({ children: <Probe /> }));
    expect(seen!.isKnown).toBe(false);
    expect(seen!.comic.mode).toBe('single');
  });

  it("keeps a visitor's choices in this browser, for this book only, and forgets them on reset", () => {
    stubApi({});
    const { result } = settingsOf();
    expect(result.current.isKnown).toBe(true);
    act(() => result.current.chooseForBook({ mode: 'double', direction: 'ltr' }));
    expect(result.current.comic).toMatchObject({ mode: 'double', direction: 'ltr' });
    expect(result.current.choice).toMatchObject({ mode: 'double', direction: 'ltr', fit: null });
    expect(renderHook(() => useReadingSettings(OTHER, MANGA), { wrapper }).result.current.comic.mode).toBe('single');

    act(() => result.current.chooseDefaults({ theme: 'sepia', font_family: 'serif' }));
    expect(result.current.novel).toMatchObject({ theme: 'sepia', fontFamily: 'serif', fontSize: 18, lineSpacing: 1.8 });
    act(() => result.current.resetBook());
    expect(result.current.comic).toMatchObject({ mode: 'single', direction: 'rtl' });
    expect(JSON.parse(localStorage.getItem(READING_STORAGE_KEYS.readingPreferences)!)).toMatchObject({
      books: [],
      defaults: { theme: 'sepia' },
    });
  });

  it("applies a member's account preferences once they are known", async () => {
    logIn();
    const fetch = stubApi({
      [PREFERENCES]: ok(
        account(
          [{ book_uuid: BOOK, mode: 'double', direction: null, fit: 'height', cover_alone: true, updated_at: '2026-01-01T00:00:00Z' }],
          { theme: 'dark' },
        ),
      ),
    });
    const { result } = settingsOf();
    expect(result.current.isKnown).toBe(false);
    expect(result.current.comic.mode).toBe('single');
    await waitFor(() => expect(result.current.isKnown).toBe(true));
    expect(result.current.comic).toEqual({ mode: 'double', direction: 'rtl', fit: 'height', coverAlone: true });
    expect(result.current.novel.theme).toBe('dark');
    // Asked once a session: another screen (the next book) reads the same answer.
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('reading_preferences'))).toHaveLength(1);
  });

  it("shows a member's changes at once and sends quick successive ones as one call", async () => {
    logIn();
    const fetch = stubApi({
      [PREFERENCES]: ok(account()),
      [SAVE]: ok(
        account([{ book_uuid: BOOK, mode: 'double', direction: 'ltr', fit: null, cover_alone: null, updated_at: '2026-03-01T00:00:00Z' }], {
          line_spacing: 2,
        }),
      ),
    });
    const { result } = settingsOf();
    await waitFor(() => expect(result.current.isKnown).toBe(true));
    act(() => {
      result.current.chooseForBook({ mode: 'double' });
      result.current.chooseForBook({ direction: 'ltr' });
      result.current.chooseDefaults({ line_spacing: 1.9 });
      result.current.chooseDefaults({ line_spacing: 2 });
    });
    // Shown before anything is sent (the cache tells its readers on the next tick).
    await waitFor(() => expect(result.current.comic).toMatchObject({ mode: 'double', direction: 'ltr' }));
    expect(result.current.novel.lineSpacing).toBe(2);
    expect(putBodies(fetch)).toHaveLength(0);
    await waitFor(() => expect(putBodies(fetch)).toHaveLength(1));
    expect(putBodies(fetch)[0]).toEqual({ books: [{ book_uuid: BOOK, mode: 'double', direction: 'ltr' }], defaults: { line_spacing: 2 } });
    expect(result.current.saveFailed).toBe(false);
  });

  it('keeps a choice made while the account was still being asked for (its answer does not undo it)', async () => {
    logIn();
    let answer: (() => void) | undefined;
    const asked = new Promise<void>((resolve) => (answer = resolve));
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = account([
          { book_uuid: BOOK, mode: 'double', direction: null, fit: null, cover_alone: null, updated_at: '2026-03-01T00:00:00Z' },
        ]);
        return new Response(JSON.stringify({ data: { result: body } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      await asked;
      expect(String(input)).toContain('reading_preferences');
      return new Response(JSON.stringify({ data: { result: account([], { theme: 'dark' }) } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    const { result } = settingsOf();
    act(() => result.current.chooseForBook({ mode: 'double' }));
    await waitFor(() => expect(result.current.comic.mode).toBe('double'));
    answer!();
    await waitFor(() => expect(result.current.novel.theme).toBe('dark'));
    expect(result.current.comic.mode).toBe('double');
    await waitFor(() => expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1));
    expect(result.current.comic.mode).toBe('double');
    vi.unstubAllGlobals();
  });

  it('takes back a change the server refused, says so, and stays usable', async () => {
    logIn();
    let refuse = true;
    const fetch = stubApi({
      [PREFERENCES]: ok(account()),
      [SAVE]: () => (refuse ? { status: 503, body: { error: 'Unavailable', code: 'UNAVAILABLE' } } : ok(account([], { theme: 'light' }))),
    });
    const { result } = settingsOf();
    await waitFor(() => expect(result.current.isKnown).toBe(true));
    act(() => result.current.chooseDefaults({ theme: 'sepia' }));
    await waitFor(() => expect(result.current.novel.theme).toBe('sepia'));
    await waitFor(() => expect(result.current.saveFailed).toBe(true));
    expect(result.current.novel.theme).toBe('system');

    refuse = false;
    act(() => result.current.chooseDefaults({ theme: 'light' }));
    await waitFor(() => expect(result.current.saveFailed).toBe(false));
    expect(result.current.novel.theme).toBe('light');
    expect(putBodies(fetch)).toEqual([{ defaults: { theme: 'sepia' } }, { defaults: { theme: 'light' } }]);
  });

  it("moves a visitor's choices into the account at login, in one call, then keeps them no more", async () => {
    const stored = {
      defaults: { theme: 'sepia', font_size: 22 },
      books: [
        { book_uuid: BOOK, mode: 'double', updated_at: '2026-01-02T00:00:00Z' },
        { book_uuid: OTHER, fit: 'height', updated_at: '2026-01-01T00:00:00Z' },
      ],
    };
    localStorage.setItem(READING_STORAGE_KEYS.readingPreferences, JSON.stringify(stored));
    logIn();
    const had = { book_uuid: OTHER, mode: 'strip', direction: null, fit: null, cover_alone: null, updated_at: '2025-12-01T00:00:00Z' };
    const after = account([{ ...had, book_uuid: BOOK, mode: 'double' }, had], { font_size: 16, theme: 'sepia' });
    const fetch = stubApi({ [PREFERENCES]: ok(account([had], { font_size: 16 })), [SAVE]: ok(after) });
    const { result } = settingsOf();
    await waitFor(() => expect(result.current.isKnown).toBe(true));
    expect(putBodies(fetch)).toEqual([
      { books: [{ book_uuid: BOOK, mode: 'double', direction: null, fit: null, cover_alone: null }], defaults: { theme: 'sepia' } },
    ]);
    expect(result.current.comic.mode).toBe('double');
    expect(localStorage.getItem(READING_STORAGE_KEYS.readingPreferences)).toBeNull();
  });

  it('leaves out a book no longer published and moves the rest', async () => {
    localStorage.setItem(
      READING_STORAGE_KEYS.readingPreferences,
      JSON.stringify({
        books: [
          { book_uuid: BOOK, mode: 'double', updated_at: '2026-01-02T00:00:00Z' },
          { book_uuid: OTHER, mode: 'single', updated_at: '2026-01-01T00:00:00Z' },
        ],
      }),
    );
    logIn();
    const gone = {
      status: 404,
      body: { error: 'No book', code: 'BOOK_NOT_FOUND', details: [{ field: 'books.0.book_uuid', message: 'gone' }] },
    };
    let calls = 0;
    const fetch = stubApi({ [PREFERENCES]: ok(account()), [SAVE]: () => (calls++ === 0 ? gone : ok(account())) });
    const { result } = settingsOf();
    await waitFor(() => expect(result.current.isKnown).toBe(true));
    expect(putBodies(fetch).map((body) => (body as { books: { book_uuid: string }[] }).books.map((book) => book.book_uuid))).toEqual([
      [BOOK, OTHER],
      [OTHER],
    ]);
    expect(localStorage.getItem(READING_STORAGE_KEYS.readingPreferences)).toBeNull();
    vi.restoreAllMocks();
  });
});
