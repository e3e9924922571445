import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, setUpSignedInScreenTests, stubApi } from '../../test-support/render-screen';
import { ListsTab } from './ListsTab';

setUpSignedInScreenTests();

const LIST = '22222222-2222-4333-8444-555555555555';
const summary = {
  list_uuid: LIST,
  name: 'Favourite wuxia',
  description: '',
  visibility: 'private',
  owner_username: 'alice',
  book_count: 2,
  follower_count: 0,
  hidden: false,
  hidden_reason: null,
  featured: false,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
const book = (n: number) => ({
  book_uuid: `00000000-0000-4000-8000-00000000000${n}`,
  book_title: `Book ${n}`,
  book_type: 'comic',
  cover_image: null,
  total_chapters: 3,
  position: n,
  note: null,
  added_at: '2026-11-01T00:00:00.000Z',
});
const full = { ...summary, mine: true, following: false, books: [book(1), book(2)] };

describe('the library’s Lists tab', () => {
  it('lists the reader’s lists, opens one and moves a book up with its own button', async () => {
    const fetch = stubApi({
      'GET /user/lists': { status: 200, body: { data: { result: [summary] } } },
      [`GET /lists/${LIST}`]: { status: 200, body: { data: { result: full } } },
      [`PUT /user/lists/${LIST}/books/${book(2).book_uuid}`]: { status: 200, body: { data: { result: full } } },
    });
    renderScreen(<ListsTab isLoggedIn />, '/library?tab=lists', '/library');
    expect(await screen.findByText('Favourite wuxia')).toBeTruthy();
    expect(screen.getByText(/Only me · 2 books/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const up = await screen.findByRole('button', { name: 'Move Book 2 up' });
    expect((screen.getByRole('button', { name: 'Move Book 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(up);
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url, init]) => String(url).includes(`/books/${book(2).book_uuid}`) && init?.method === 'PUT')).toBe(
        true,
      ),
    );
    const sent = fetch.mock.calls.find(([url, init]) => String(url).includes(`/books/${book(2).book_uuid}`) && init?.method === 'PUT')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ position: 1 });
  });

  it('says in its own words that the reader has too many lists', async () => {
    stubApi({
      'GET /user/lists': { status: 200, body: { data: { result: [] } } },
      'POST /user/lists': { status: 409, body: { error: 'too many', code: 'LIST_LIMIT_REACHED' } },
    });
    renderScreen(<ListsTab isLoggedIn />, '/library?tab=lists', '/library');
    expect(await screen.findByText(/You have no list yet/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create a list' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'One more' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create a list' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already have 100 lists. Delete one to make another.');
  });
});
