import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { ReaderList } from './ReaderList';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const reader = (n: number) => ({
  uuid: `11111111-2222-4333-8444-${String(n).padStart(12, '0')}`,
  username: `reader${n}`,
  role: 'user',
  created_at: '2026-01-01T00:00:00.000Z',
  disabled_at: null,
  membership: null,
  invited_by: null,
});
const ok = (data: unknown) => ({ status: 200, body: { data } });
const lastQuery = (fetch: ReturnType<typeof stubApi>) => new URL(String(fetch.mock.calls.at(-1)![0]), 'http://localhost').searchParams;

describe('reader list', () => {
  it('pages by cursor through short pages: positions follow the rows shown, the capped count reads "+"', async () => {
    const pages: Record<string, unknown> = {
      first: { items: [reader(1), reader(2)], total: 1002, total_is_lower_bound: true, next_cursor: 'C2' },
      // A filtered page can come back short (the server read a bounded window of readers).
      C2: { items: [reader(3)], total: 3, total_is_lower_bound: true, next_cursor: 'C3' },
      C3: { items: [reader(4)], total: 4, total_is_lower_bound: false, next_cursor: null },
    };
    const fetch = stubApi({ 'GET /admin/users': (url) => ok(pages[url.searchParams.get('cursor') ?? 'first']) });
    renderScreen(<ReaderList />, '/admin/readers?member=yes', '/admin/readers');
    expect(await screen.findByRole('link', { name: 'reader1' })).toBeTruthy();
    expect(screen.getByText('1–2 of 1,002+')).toBeTruthy();
    expect(lastQuery(fetch).get('member')).toBe('yes');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'reader3' })).toBeTruthy();
    expect(lastQuery(fetch).get('cursor')).toBe('C2');
    expect(lastQuery(fetch).get('member')).toBe('yes');
    expect(screen.getByText('3–3 of 3+')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'reader4' })).toBeTruthy();
    expect(screen.getByText('4–4 of 4')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'reader3' })).toBeTruthy();
    expect(lastQuery(fetch).get('cursor')).toBe('C2');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'reader1' })).toBeTruthy();
    expect(lastQuery(fetch).get('cursor')).toBeNull();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts again at the first page when the search changes', async () => {
    const fetch = stubApi({
      'GET /admin/users': (url) =>
        ok(
          url.searchParams.get('cursor')
            ? { items: [reader(9)], total: 2, total_is_lower_bound: false, next_cursor: null }
            : { items: [reader(url.searchParams.get('q') ? 5 : 1)], total: 2, total_is_lower_bound: false, next_cursor: 'C2' },
        ),
    });
    renderScreen(<ReaderList />, '/admin/readers', '/admin/readers');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'reader9' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name starts with, or uuid'), { target: { value: 'rea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByRole('link', { name: 'reader5' })).toBeTruthy();
    expect(lastQuery(fetch).get('q')).toBe('rea');
    expect(lastQuery(fetch).get('cursor')).toBeNull();
  });
});
