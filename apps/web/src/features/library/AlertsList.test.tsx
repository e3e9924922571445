import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReplyAlert } from '@inkstream/contracts';
import LibraryPage from '../../routes/LibraryPage';
import { LibraryLink } from '../../components/LibraryLink';
import { writeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';

beforeAll(setUpI18n);
beforeEach(() => {
  writeStorage(STORAGE_KEYS.token, 'token-1');
  writeStorage(STORAGE_KEYS.userUuid, '0b8f6a3e-1c1d-4c55-9f5e-2a1a1b2c3d4e');
  writeStorage(STORAGE_KEYS.username, 'alice');
});
afterEach(() => {
  cleanUpScreen();
  localStorage.clear();
});

const BOOK = '6f1c3c4e-8a55-4a2f-9d49-1f0b5f3f8a11';
const CHAPTER = '2d8e9b1a-7c44-4e0a-8a6f-3b2c1d0e9f12';
const alert = (id: number, overrides: Partial<ReplyAlert> = {}): ReplyAlert => ({
  alert_id: id,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  read: false,
  reply: {
    comment_uuid: `00000000-0000-4000-8000-00000000000${id}`,
    body: `reply ${id}`,
    spoiler: false,
    user: { uuid: '11111111-1111-4111-8111-111111111111', username: 'bob' },
  },
  parent: { comment_uuid: '22222222-2222-4222-8222-222222222222', body: 'my comment' },
  chapter: { chapter_uuid: CHAPTER, chapter_number: 3, title: 'The Flood' },
  book: { book_uuid: BOOK, title: 'Harbour Lights' },
  ...overrides,
});
const config = (community: boolean) => ({ status: 200, body: { data: { result: { community } } } });

describe('the Alerts tab', () => {
  it('lists who replied, the reply as text, the chapter link to its comments; marks the shown ones read and the header count clears', async () => {
    let unread = 2;
    const api = stubApi({
      'GET /config/public': config(true),
      'GET /user/library/summary': () => ({ status: 200, body: { data: { result: { unread_books: 0, unread_alerts: unread } } } }),
      'GET /user/alerts': {
        status: 200,
        body: {
          data: {
            result: [
              alert(2, { reply: { ...alert(2).reply, body: '<img src=x onerror=alert(1)> <b>bold</b>' } }),
              alert(1, { read: true, reply: { ...alert(1).reply, spoiler: true, body: 'the ending' } }),
            ],
            total: 2,
            unread: 1,
          },
        },
      },
      'POST /user/alerts/read': () => {
        unread = 0;
        return { status: 200, body: { data: { result: { unread: 0 } } } };
      },
    });
    const { container } = renderScreen(
      <>
        <LibraryLink isLoggedIn />
        <LibraryPage />
      </>,
      '/library?tab=alerts',
      '/library',
    );
    const items = await screen.findAllByTestId('reply-alert');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByText(/bob.*replied to your comment/)).toBeTruthy();
    // The reply is text: the markup shows as characters, no element is made of it.
    expect(first.getByText('<img src=x onerror=alert(1)> <b>bold</b>')).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(first.getByText('New')).toBeTruthy();
    expect(first.getByRole('link', { name: /Harbour Lights · Chapter 3/ }).getAttribute('href')).toBe(
      `/reader/book/chapter/${BOOK}/${CHAPTER}/3#comments`,
    );
    // A spoiler waits for a tap.
    const second = within(items[1]!);
    expect(second.queryByText('the ending')).toBeNull();
    fireEvent.click(second.getByRole('button', { name: 'Spoiler: tap to show' }));
    expect(second.getByText('the ending')).toBeTruthy();

    // Only the unread one shown is marked, by id; the header's count goes.
    await waitFor(() => expect(api.mock.calls.some(([url]) => String(url).includes('/user/alerts/read'))).toBe(true));
    const post = api.mock.calls.find(([url]) => String(url).includes('/user/alerts/read'))!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ alert_ids: [2] });
    await waitFor(() => expect(screen.queryByTestId('library-alerts')).toBeNull());
    expect(screen.getByRole('link', { name: 'Library' })).toBeTruthy();
  });

  it('names a reply an erased reader kept “a deleted reader”, never their pseudonym (issue 43)', async () => {
    const erased = { uuid: '33333333-3333-4333-8333-333333333333', username: 'deleted-0123456789ab', deleted_reader: true as const };
    stubApi({
      'GET /config/public': config(true),
      'GET /user/library/summary': { status: 200, body: { data: { result: { unread_books: 0, unread_alerts: 0 } } } },
      'GET /user/alerts': {
        status: 200,
        body: { data: { result: [alert(1, { read: true, reply: { ...alert(1).reply, user: erased } })], total: 1, unread: 0 } },
      },
    });
    renderScreen(<LibraryPage />, '/library?tab=alerts', '/library');
    const [item] = await screen.findAllByTestId('reply-alert');
    expect(within(item!).getByText('A deleted reader replied to your comment')).toBeTruthy();
    expect(item!.textContent).not.toContain('deleted-0123456789ab');
  });

  it('shows the count in the header link and the tab, in words for screen readers', async () => {
    stubApi({
      'GET /config/public': config(true),
      'GET /user/library/summary': { status: 200, body: { data: { result: { unread_books: 1, unread_alerts: 3 } } } },
      'GET /user/alerts': { status: 200, body: { data: { result: [], total: 0, unread: 0 } } },
    });
    renderScreen(
      <>
        <LibraryLink isLoggedIn />
        <LibraryPage />
      </>,
      '/library',
    );
    expect((await screen.findByTestId('library-alerts')).textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Library, New chapters in books you follow, 3 unread replies to your comments' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Alerts, 3 unread' })).toBeTruthy();
  });

  it('is not there with the community off, nor for visitors', async () => {
    stubApi({
      'GET /config/public': config(false),
      'GET /user/library/summary': { status: 200, body: { data: { result: { unread_books: 0 } } } },
      'GET /user/library': { status: 200, body: { data: { result: [] } } },
    });
    renderScreen(<LibraryPage />, '/library?tab=alerts', '/library');
    expect(await screen.findByRole('link', { name: 'History' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('location')).toBeTruthy());
    expect(screen.queryByRole('link', { name: /Alerts/ })).toBeNull();
    expect(screen.queryByTestId('reply-alert')).toBeNull();
  });
});
