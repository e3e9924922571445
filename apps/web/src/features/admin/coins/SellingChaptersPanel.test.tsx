import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { SellingChaptersPanel } from './SellingChaptersPanel';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const BOOK = '11111111-1111-4111-8111-111111111111';
const settings = {
  site_name: 'Ink',
  contact_email: 'a@example.com',
  default_free_chapters: 3,
  comment_links_min_age_hours: 24,
  coins_enabled: true,
  default_chapter_price: 65,
};

const NO_EARLY_ACCESS = {
  early_access_count: 0,
  early_access_hours: 168,
  early_access_members: false,
  rental_price: null,
  rental_days: null,
};

describe('selling chapters panel', () => {
  it("offers the site's default price when a membership-only book is put on coins, and sends it", async () => {
    const fetch = stubApi({
      [`GET /admin/books/${BOOK}/unlocks`]: {
        status: 200,
        body: { data: { coin_price: null, wait_free_hours: null, ...NO_EARLY_ACCESS } },
      },
      'GET /admin/settings': { status: 200, body: { data: settings } },
      [`PATCH /admin/books/${BOOK}/unlocks`]: { status: 200, body: { data: { coin_price: 65, wait_free_hours: 24, ...NO_EARLY_ACCESS } } },
    });
    renderScreen(<SellingChaptersPanel bookUuid={BOOK} />, '/admin/books');
    const coins = await screen.findByLabelText<HTMLInputElement>('Membership or coins');
    expect(screen.getByLabelText<HTMLInputElement>('Membership only').checked).toBe(true);
    expect(screen.queryByLabelText('Coins per chapter')).toBeNull();
    fireEvent.click(coins);
    expect(screen.getByLabelText<HTMLInputElement>('Coins per chapter').value).toBe('65');
    fireEvent.change(screen.getByLabelText('Wait for free: hours between free unlocks'), { target: { value: '24' } });
    // Issue 59: rentals, 10 coins for 3 days.
    fireEvent.change(screen.getByLabelText('Rental price (coins)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Rental days'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      coin_price: 65,
      wait_free_hours: 24,
      early_access_count: 0,
      early_access_hours: 168,
      early_access_members: false,
      rental_price: 10,
      rental_days: 3,
    });
  });

  it('asks the hours and whether members are included only once chapters are put in early access', async () => {
    const fetch = stubApi({
      [`GET /admin/books/${BOOK}/unlocks`]: { status: 200, body: { data: { coin_price: 40, wait_free_hours: null, ...NO_EARLY_ACCESS } } },
      'GET /admin/settings': { status: 200, body: { data: settings } },
      [`PATCH /admin/books/${BOOK}/unlocks`]: {
        status: 200,
        body: {
          data: { coin_price: 40, wait_free_hours: null, early_access_count: 2, early_access_hours: 48, early_access_members: true },
        },
      },
    });
    renderScreen(<SellingChaptersPanel bookUuid={BOOK} />, '/admin/books');
    const ahead = await screen.findByLabelText('Early access: chapters ahead');
    expect(screen.queryByLabelText('Early access: hours')).toBeNull();
    fireEvent.change(ahead, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Early access: hours'), { target: { value: '48' } });
    fireEvent.click(screen.getByLabelText('Members may read early-access chapters too'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      coin_price: 40,
      wait_free_hours: null,
      early_access_count: 2,
      early_access_hours: 48,
      early_access_members: true,
      rental_price: null,
    });
  });
});
