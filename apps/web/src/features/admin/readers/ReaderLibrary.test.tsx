import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { ReaderLibrary } from './ReaderLibrary';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const UUID = '11111111-2222-4333-8444-555555555555';
const path = `GET /admin/users/${UUID}/library`;
const list = (changes: object) => ({
  list_uuid: '22222222-2222-4333-8444-555555555555',
  name: 'Favourite wuxia',
  description: '',
  visibility: 'public',
  owner_username: 'reader',
  book_count: 3,
  follower_count: 0,
  hidden: false,
  hidden_reason: null,
  featured: false,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...changes,
});
const statuses = { reading: 4, plan_to_read: 2, on_hold: 0, re_reading: 0, completed: 9, dropped: 1 };

describe("a reader's library in the console", () => {
  it('shows the status counts and every list with its visibility, count and moderation', async () => {
    stubApi({
      [path]: () => ({
        status: 200,
        body: {
          data: {
            result: {
              statuses,
              lists: [
                list({}),
                list({
                  list_uuid: '33333333-2222-4333-8444-555555555555',
                  name: 'Spam',
                  visibility: 'unlisted',
                  hidden: true,
                  hidden_reason: 'Links',
                  book_count: 1,
                }),
              ],
            },
          },
        },
      }),
    });
    renderScreen(<ReaderLibrary userUuid={UUID} />, '/admin/readers/x');
    expect(await screen.findByRole('heading', { name: 'Library' })).toBeTruthy();
    expect((await screen.findByText('Completed')).nextElementSibling?.textContent).toBe('9');
    const table = screen.getByRole('table', { name: 'Lists' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Favourite wuxia')).toBeTruthy();
    expect(within(rows[1]!).getByText('Public')).toBeTruthy();
    expect(within(rows[2]!).getByText('Unlisted (link)')).toBeTruthy();
    expect(within(rows[2]!).getByText('Hidden: Links')).toBeTruthy();
  });

  it('says when the reader has no list', async () => {
    stubApi({ [path]: () => ({ status: 200, body: { data: { result: { statuses, lists: [] } } } }) });
    renderScreen(<ReaderLibrary userUuid={UUID} />, '/admin/readers/x');
    expect(await screen.findByText('No list.')).toBeTruthy();
  });

  it('features a public list and shows a hidden one again, each read back from the server', async () => {
    let featured = false;
    let hidden = true;
    const fetch = stubApi({
      [path]: () => ({
        status: 200,
        body: {
          data: {
            result: {
              statuses,
              lists: [
                list({ featured }),
                list({ list_uuid: '33333333-2222-4333-8444-555555555555', name: 'Spam', hidden, hidden_reason: hidden ? 'Links' : null }),
              ],
            },
          },
        },
      }),
      'PUT /admin/lists/22222222-2222-4333-8444-555555555555/featured': () => {
        featured = true;
        return { status: 200, body: { data: { result: list({ featured: true }) } } };
      },
      'DELETE /admin/lists/33333333-2222-4333-8444-555555555555/hidden': () => {
        hidden = false;
        return { status: 200, body: { data: { result: list({}) } } };
      },
    });
    renderScreen(<ReaderLibrary userUuid={UUID} />, '/admin/readers/x');
    fireEvent.click(await screen.findByRole('button', { name: 'Feature (staff pick)' }));
    expect(await screen.findByRole('button', { name: 'Stop featuring' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show again' }));
    await waitFor(() => expect(screen.queryByText('Hidden: Links')).toBeNull());
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT' || init?.method === 'DELETE')).toHaveLength(2);
  });
});
