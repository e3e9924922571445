import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, setUpSignedInScreenTests, stubApi } from '../../test-support/render-screen';
import { StatusesList } from '../library/StatusesList';
import { MarkCompleted, StatusPicker } from './StatusPicker';

setUpSignedInScreenTests();

const BOOK = '11111111-1111-4111-8111-111111111111';
const answer = (status: string | null, chosen = true) => ({
  status: 200,
  body: { data: { result: { status, chosen, updated_at: status ? '2026-11-28T10:00:00.000Z' : null } } },
});

describe('reading statuses in the web app (issue 61)', () => {
  it('the book page’s picker shows the server’s status and saves a change', async () => {
    const api = stubApi({ [`GET /user/statuses/${BOOK}`]: answer('reading', false), [`PUT /user/statuses/${BOOK}`]: answer('on_hold') });
    renderScreen(<StatusPicker bookUuid={BOOK} />, '/book');
    const picker = (await screen.findByLabelText('Reading status')) as HTMLSelectElement;
    await waitFor(() => expect(picker.value).toBe('reading'));
    fireEvent.change(picker, { target: { value: 'on_hold' } });
    await waitFor(() => expect(api.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ status: 'on_hold' });
    await waitFor(() => expect(picker.value).toBe('on_hold'));
  });

  it('says when the library is full, in its own words', async () => {
    stubApi({
      [`GET /user/statuses/${BOOK}`]: answer(null),
      [`PUT /user/statuses/${BOOK}`]: { status: 409, body: { error: 'full', code: 'STATUS_LIMIT_REACHED' } },
    });
    renderScreen(<StatusPicker bookUuid={BOOK} />, '/book');
    const picker = (await screen.findByLabelText('Reading status')) as HTMLSelectElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'completed' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^You have filed as many books as a library can hold/);
  });

  it('the last chapter’s "Mark as completed" files the book, then says so', async () => {
    stubApi({ [`GET /user/statuses/${BOOK}`]: answer('reading', false), [`PUT /user/statuses/${BOOK}`]: answer('completed') });
    renderScreen(<MarkCompleted bookUuid={BOOK} isEnabled />, '/reader');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as completed' }));
    expect((await screen.findByRole('status')).textContent).toBe('Filed under Completed in your library.');
  });

  it('the library’s statuses tab lists a status’s books with every count, and says when one is empty', async () => {
    const counts = { reading: 1, plan_to_read: 0, on_hold: 0, re_reading: 0, completed: 4, dropped: 2 };
    stubApi({
      'GET /user/statuses': (url) =>
        url.searchParams.get('status') === 'reading'
          ? {
              status: 200,
              body: {
                data: {
                  result: {
                    total: 1,
                    counts,
                    items: [
                      {
                        book_uuid: BOOK,
                        book_title: 'Night Market',
                        book_type: 'comic',
                        cover_image: null,
                        total_chapters: 12,
                        status: 'reading',
                        status_changed_at: '2026-11-28T10:00:00.000Z',
                        updated_at: '2026-11-27T10:00:00.000Z',
                        resume: null,
                      },
                    ],
                  },
                },
              },
            }
          : { status: 200, body: { data: { result: { total: 0, counts, items: [] } } } },
    });
    renderScreen(<StatusesList isLoggedIn status="reading" />, '/library');
    await screen.findByText('Night Market');
    const tabs = screen.getByRole('navigation', { name: 'Books by status' });
    expect(tabs.textContent).toBe('Reading1Plan to read0On hold0Re-reading0Completed4Dropped2');
    // Another status, empty: its own words.
    renderScreen(<StatusesList isLoggedIn status="plan_to_read" />, '/library');
    expect(await screen.findByText("No book is filed under Plan to read. Choose a status on a book's page.")).toBeTruthy();
  });
});
