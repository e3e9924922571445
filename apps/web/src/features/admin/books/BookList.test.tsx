import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { BookList } from './BookList';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const book = (title: string, rating: string) => ({
  book_uuid: `00000000-0000-4000-8000-00000000000${title.length}`,
  title,
  language: 'en-us',
  book_type: 'novel',
  author: null,
  status: 'ongoing',
  chapter_count: 3,
  public_free_chapters: 3,
  is_published: true,
  import_pending: false,
  recommendation_rank: null,
  cover_image: null,
  updated_at: '2026-11-01T00:00:00.000Z',
  reading: { direction: 'ltr', mode: 'strip' },
  content_rating: rating,
});

describe('book list: content ratings (issue 61)', () => {
  it('shows each book’s rating in its own column and filters by rating through the address', async () => {
    const fetch = stubApi({
      'GET /admin/books': { status: 200, body: { data: { items: [book('Dawn', 'all_ages'), book('Night Rain', 'adult')], total: 2 } } },
      'GET /admin/recommendations': { status: 200, body: { data: { items: [] } } },
    });
    renderScreen(<BookList />, '/admin/books');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Rating' })).toBeTruthy();
    const adultRow = (await within(table).findByText('Night Rain')).closest('tr')!;
    const adult = within(adultRow).getByText('Adult');
    const allAges = within(within(table).getByText('Dawn').closest('tr')!).getByText('All ages');
    // Adult stands out from the other ratings.
    expect(adult.className).not.toBe(allAges.className);

    const filter = screen.getByLabelText<HTMLSelectElement>('Rating');
    expect(filter.value).toBe('');
    expect([...filter.options].map((option) => option.text)).toEqual(['Any rating', 'All ages', 'Teen', 'Mature', 'Adult']);
    fireEvent.change(filter, { target: { value: 'adult' } });
    fireEvent.submit(filter.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('location-search').textContent).toBe('?content_rating=adult'));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url]) => new URL(String(url), 'http://localhost').searchParams.get('content_rating') === 'adult'),
      ).toBe(true),
    );
  });

  it('reads the rating filter from the address, and ignores a rating it does not know', async () => {
    const fetch = stubApi({
      'GET /admin/books': { status: 200, body: { data: { items: [], total: 0 } } },
      'GET /admin/recommendations': { status: 200, body: { data: { items: [] } } },
    });
    renderScreen(<BookList />, '/admin/books?content_rating=mature', '/admin/books');
    expect((await screen.findByLabelText<HTMLSelectElement>('Rating')).value).toBe('mature');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const listCall = fetch.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((url) => url.pathname.endsWith('/admin/books'));
    expect(listCall?.searchParams.get('content_rating')).toBe('mature');
    cleanUpScreen();

    const again = stubApi({
      'GET /admin/books': { status: 200, body: { data: { items: [], total: 0 } } },
      'GET /admin/recommendations': { status: 200, body: { data: { items: [] } } },
    });
    renderScreen(<BookList />, '/admin/books?content_rating=spicy', '/admin/books');
    expect((await screen.findByLabelText<HTMLSelectElement>('Rating')).value).toBe('');
    await waitFor(() => expect(again).toHaveBeenCalled());
    const call = again.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((url) => url.pathname.endsWith('/admin/books'));
    expect(call?.searchParams.has('content_rating')).toBe(false);
  });
});
