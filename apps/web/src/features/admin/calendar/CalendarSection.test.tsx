import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import CalendarSection, { dayLabel, timeLabel } from './CalendarSection';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const BOOK = '55555555-5555-4555-8555-555555555555';
const day = (date: string, weekday: number, books: object[] = []) => ({ date, weekday, is_today: false, books });
const weekOf = (first: string) => ({
  time_zone: 'UTC',
  week_start: 'monday',
  days: [
    day(first, 1),
    day('2026-12-01', 2, [{ book_uuid: BOOK, book_title: 'Night Market', release: 'scheduled', release_at: '2026-12-01T02:00:00.000Z' }]),
    day('2026-12-02', 3),
    day('2026-12-03', 4),
    day('2026-12-04', 5),
    day('2026-12-05', 6),
    day('2026-12-06', 7),
  ],
  previous_week: '2026-11-23',
  next_week: '2026-12-07',
  completed: [],
});

describe('the console calendar', () => {
  it('names days and times in the console language and zone', () => {
    expect(dayLabel('2026-12-01', 'en-us')).toBe('Tuesday, December 1');
    expect(dayLabel('2026-12-01', 'fr-fr')).toBe('mardi 1 décembre');
    expect(timeLabel('2026-12-01T02:00:00.000Z', 'en-us', 'Europe/Paris')).toBe('03:00 AM');
  });

  it('lists the week from the public calendar, each book linking to its console page, and pages to the next week', async () => {
    const asked: string[] = [];
    stubApi({
      'GET /comics/schedule': (url) => {
        asked.push(url.searchParams.get('week') ?? 'this');
        return { status: 200, body: { data: weekOf('2026-11-30') } };
      },
    });
    renderScreen(<CalendarSection />, '/admin/calendar');
    const link = await screen.findByRole('link', { name: 'Night Market' });
    expect(link.getAttribute('href')).toBe(`/admin/books/${BOOK}`);
    expect(screen.getByText('scheduled')).toBeTruthy();
    expect(screen.getAllByText('Nothing this day.')).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(asked).toEqual(['this', '2026-12-07']));
  });
});
