import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminBookDetail } from '@inkstream/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { BookPublishingSettings, changedSettings, draftOf, isKnownZone, weekdayNames } from './BookPublishingSettings';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const UUID = '44444444-4444-4444-8444-444444444444';
const book = {
  book_uuid: UUID,
  book_type: 'comic',
  publishing: { days: [2], time: '10:00', time_zone: 'Asia/Shanghai' },
  ranking_excluded: false,
} as unknown as AdminBookDetail;
const PUT = `PUT /admin/books/${UUID}`;
const sentBodies = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('publishing settings, the pieces', () => {
  it('names the weekdays in the operator language, in the order of their week', () => {
    expect(weekdayNames('fr-fr').map((day) => day.name)).toEqual(['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']);
    expect(weekdayNames('fr-fr').map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const english = weekdayNames('en-us');
    expect(english.find((day) => day.day === 2)?.name).toBe('Tuesday');
    expect(english).toHaveLength(7);
  });

  it('sends the schedule only when it changed, days in order, no time as null', () => {
    expect(changedSettings(book, draftOf(book))).toBeNull();
    expect(changedSettings(book, { ...draftOf(book), days: [5, 2] })).toEqual({
      publishing: { days: [2, 5], time: '10:00', time_zone: 'Asia/Shanghai' },
    });
    expect(changedSettings(book, { ...draftOf(book), time: '' })).toEqual({
      publishing: { days: [2], time: null, time_zone: 'Asia/Shanghai' },
    });
    expect(changedSettings(book, { ...draftOf(book), rankingExcluded: true })).toEqual({ ranking_excluded: true });
  });

  it('knows a real zone from a made-up one', () => {
    expect(isKnownZone('Europe/Paris')).toBe(true);
    expect(isKnownZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownZone('')).toBe(false);
  });
});

describe("a book's publishing settings in the console", () => {
  it('shows the saved days, and saves a new day and the exclusion', async () => {
    const saved = { ...book, publishing: { days: [2, 5], time: '10:00', time_zone: 'Asia/Shanghai' }, ranking_excluded: true };
    const fetch = stubApi({ [PUT]: { status: 200, body: { data: saved } } });
    const onSaved = vi.fn();
    renderScreen(<BookPublishingSettings book={book} onSaved={onSaved} />, '/admin/books');

    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Tuesday' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Friday' }).checked).toBe(false);
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Friday' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Exclude from rankings' }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(sentBodies(fetch)).toEqual([
      { publishing: { days: [2, 5], time: '10:00', time_zone: 'Asia/Shanghai' }, ranking_excluded: true },
    ]);
    expect(onSaved).toHaveBeenCalledWith(saved);
  });

  it('holds back an unknown zone, and says the server refusing one in the console language', async () => {
    const fetch = stubApi({
      [PUT]: {
        status: 400,
        body: { error: 'Unknown time zone', code: 'INVALID_TIME_ZONE', details: [{ field: 'publishing.time_zone', message: 'bad' }] },
      },
    });
    renderScreen(<BookPublishingSettings book={book} onSaved={vi.fn()} />, '/admin/books');
    const zone = screen.getByRole<HTMLInputElement>('combobox', { name: 'Time zone' });
    fireEvent.change(zone, { target: { value: 'Mars/Olympus_Mons' } });
    expect(screen.getByText('Choose a time zone from the list, e.g. Asia/Shanghai.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    expect(sentBodies(fetch)).toEqual([]);

    // A zone this browser knows that the server does not (older ICU there): the server's code, translated.
    fireEvent.change(zone, { target: { value: 'Europe/Paris' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Choose a time zone from the list, e.g. Asia/Shanghai.')).toBeTruthy());
    expect(sentBodies(fetch)).toEqual([{ publishing: { days: [2], time: '10:00', time_zone: 'Europe/Paris' } }]);
  });
});
