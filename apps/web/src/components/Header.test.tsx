import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../test-support/render-screen';
import { Header } from './Header';

const STORM = '7740b33e-9d64-5d69-aa6c-928c382935c4';
const suggestions = (url: URL) => ({
  status: 200,
  body: {
    data: url.searchParams.get('q')?.startsWith('storm')
      ? {
          books: [
            { book_uuid: STORM, book_title: 'The Storm Gate', author: 'Mara Quill', cover_image: null, book_type: 'comic' },
            {
              book_uuid: '3a409a35-0554-55ed-af32-08ccdd1e0868',
              book_title: 'Storm Riders',
              author: null,
              cover_image: null,
              book_type: 'novel',
            },
          ],
          authors: ['Stormy Kim', 'Stormy & Lee'],
          tags: ['悬疑推理'],
        }
      : { books: [], authors: [], tags: [] },
  },
});

beforeAll(setUpI18n);
afterEach(cleanUpScreen);

/**
 * Keys typed in one burst, with no turn of the event loop between them (delay: null): the
 * popup's 150 ms debounce can then only fire once the word is typed, however slow the machine
 * (with a turn between keys, a loaded machine made a pause of the typing and asked twice).
 */
const typist = () => userEvent.setup({ delay: null });

function setUp() {
  const api = stubApi({ 'GET /comics/book/suggest': suggestions });
  renderScreen(<Header />, '/', '*');
  return { api, user: typist(), input: screen.getByRole('combobox', { name: 'Search titles' }) };
}
const suggestCalls = (api: ReturnType<typeof stubApi>) => api.mock.calls.filter(([url]) => String(url).includes('/suggest'));
const where = () => screen.getByTestId('location').textContent! + screen.getByTestId('location-search').textContent!;

describe('header search suggestions', () => {
  it('asks once per pause in typing, lists books, authors and tags, and tells how many', async () => {
    const { api, user, input } = setUp();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.type(input, 'storm');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    // Five keystrokes, one request (150 ms of quiet), anonymous so it may be shared.
    expect(suggestCalls(api)).toHaveLength(1);
    expect(String(suggestCalls(api)[0]![0])).toContain('q=storm');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'The Storm GateMara Quill',
      'Storm Riders',
      'Stormy Kim',
      'Stormy & Lee',
      '#Mystery', // the mark is hidden from screen readers: the option's name is "Mystery"
    ]);
    expect(screen.getByRole('group', { name: 'Authors' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('5 suggestions'));
  });

  it('ArrowDown highlights through aria-activedescendant; Enter opens the book', async () => {
    const { user, input } = setUp();
    await user.type(input, 'storm');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const first = screen.getAllByRole('option')[0]!;
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(input);
    await user.keyboard('{Enter}');
    expect(where()).toBe(`/book/chapters/${STORM}`);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('an author leads to their page (issue 46)', async () => {
    const { user, input } = setUp();
    await user.type(input, 'storm');
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('option', { name: 'Stormy Kim' }));
    expect(where()).toBe('/author/stormy-kim');
  });

  it("a credit of several people leads to the search by it, where the header's box steps aside for the page's own", async () => {
    const { user, input } = setUp();
    await user.type(input, 'storm');
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('option', { name: 'Stormy & Lee' }));
    expect(where()).toBe('/search?q=Stormy%20%26%20Lee');
    // One search box on the search page (issue 40): the page's, which holds the query and filters.
    expect(input.closest('form')!.hidden).toBe(true);
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('a tag leads to the list of that tag', async () => {
    const { user, input } = setUp();
    expect(input.closest('form')!.hidden).toBe(false);
    await user.type(input, 'storm');
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('option', { name: 'Mystery' }));
    expect(where()).toBe(`/?tag=${encodeURIComponent('悬疑推理')}`);
  });

  it('Escape closes, then clears; Enter with nothing highlighted submits the search', async () => {
    const { user, input } = setUp();
    await user.type(input, 'storm');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('storm');
    await user.keyboard('{Escape}');
    expect((input as HTMLInputElement).value).toBe('');
    await user.type(input, 'storm');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(where()).toBe('/search?q=storm');
  });

  it('cancels the request of text the reader has typed past', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.searchParams.get('q') === 'slow') {
          signals.push(init!.signal!);
          return new Promise<Response>((_, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)));
        }
        return Promise.resolve(new Response(JSON.stringify(suggestions(url).body), { headers: { 'Content-Type': 'application/json' } }));
      }),
    );
    renderScreen(<Header />, '/', '*');
    const user = typist();
    const input = screen.getByRole('combobox', { name: 'Search titles' });
    await user.type(input, 'slow');
    await waitFor(() => expect(signals).toHaveLength(1));
    await user.clear(input);
    await user.type(input, 'storm');
    await screen.findByRole('listbox');
    expect(signals[0]!.aborted).toBe(true);
  });

  it('nothing found: no popup, and the count says so', async () => {
    const { user, input } = setUp();
    await user.type(input, 'zzz');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No suggestions'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
