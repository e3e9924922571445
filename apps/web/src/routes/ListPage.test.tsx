import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, setUpSignedInScreenTests, stubApi } from '../test-support/render-screen';
import ListPage from './ListPage';

setUpSignedInScreenTests();

const LIST = '22222222-2222-4222-8222-222222222222';
const BOOK = '11111111-1111-4111-8111-111111111111';
const list = (following: boolean) => ({
  status: 200,
  body: {
    data: {
      result: {
        list_uuid: LIST,
        name: 'Ten wuxia novels',
        description: 'The ones I reread.',
        visibility: 'public',
        owner_username: 'mei',
        book_count: 1,
        follower_count: following ? 4 : 3,
        hidden: false,
        hidden_reason: null,
        featured: false,
        created_at: '2026-11-28T10:00:00.000Z',
        updated_at: '2026-11-28T10:00:00.000Z',
        mine: false,
        following,
        books: [
          {
            book_uuid: BOOK,
            book_title: 'Sword Song of Nine Provinces',
            book_type: 'novel',
            cover_image: null,
            total_chapters: 40,
            position: 1,
            note: 'Start here.',
            added_at: '2026-11-28T10:00:00.000Z',
          },
        ],
      },
    },
  },
});

describe('a shared reader list (issue 61)', () => {
  it('shows the list as the server answers it, and follows it', async () => {
    let following = false;
    const api = stubApi({
      [`GET /lists/${LIST}`]: () => list(following),
      [`PUT /user/lists/${LIST}/follow`]: () => {
        following = true;
        return { status: 200, body: { data: { result: { following: true } } } };
      },
    });
    renderScreen(<ListPage />, `/lists/${LIST}`, '/lists/:uuid');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Ten wuxia novels');
    expect(screen.getByText('A list by mei · 1 book · 3 followers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sword Song of Nine Provinces' }).getAttribute('href')).toBe(`/book/chapters/${BOOK}`);
    expect(screen.getByText('Start here.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Follow this list' }));
    await waitFor(() => expect(api.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy();
  });

  it('says "not found" for a list the server does not show this reader', async () => {
    stubApi({ [`GET /lists/${LIST}`]: { status: 404, body: { error: 'gone', code: 'LIST_NOT_FOUND' } } });
    renderScreen(<ListPage />, `/lists/${LIST}`, '/lists/:uuid');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('List not found');
  });
});
