import type { AdminCoinPack } from '@inkstream/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_PACK, packBodyOf, packChanges, packDraftOf, priceToFen, unlocksBodyOf, unlocksDraftOf } from './coin-drafts';

const pack: AdminCoinPack = {
  id: 3,
  coins: 600,
  bonus_coins: 60,
  price_fen: 6000,
  bonus_expiry_days: 30,
  stripe_payment_link: 'plink_600',
  stripe_buy_button: null,
  is_active: true,
  sort_order: 1,
  sold: 12,
};

describe('selling chapters', () => {
  it("offers the site's default price for a book on membership only", () => {
    const early = { early_access_count: 0, early_access_hours: 168, early_access_members: false, rental_price: null, rental_days: null };
    expect(unlocksDraftOf({ coin_price: null, wait_free_hours: null, ...early }, 50)).toEqual({
      model: 'membership',
      price: '50',
      waitFreeHours: '',
      earlyCount: '0',
      earlyHours: '168',
      earlyMembers: false,
      rentalPrice: '',
      rentalDays: '',
    });
    expect(
      unlocksDraftOf({ coin_price: 80, wait_free_hours: 24, ...early, early_access_count: 3, rental_price: 10, rental_days: 3 }, 50),
    ).toEqual({
      model: 'coins',
      price: '80',
      waitFreeHours: '24',
      earlyCount: '3',
      earlyHours: '168',
      earlyMembers: false,
      rentalPrice: '10',
      rentalDays: '3',
    });
  });

  it('sends null for membership only, and the price with the hours (empty: none) for coins', () => {
    const early = { earlyCount: '2', earlyHours: '72', earlyMembers: true, rentalPrice: '', rentalDays: '' };
    expect(unlocksBodyOf({ model: 'membership', price: '80', waitFreeHours: '24', ...early })).toEqual({
      coin_price: null,
      early_access_count: 0,
    });
    expect(unlocksBodyOf({ model: 'coins', price: '80', waitFreeHours: '24', ...early })).toEqual({
      coin_price: 80,
      wait_free_hours: 24,
      early_access_count: 2,
      early_access_hours: 72,
      early_access_members: true,
      rental_price: null,
    });
    expect(
      unlocksBodyOf({
        model: 'coins',
        price: '80',
        waitFreeHours: ' ',
        earlyCount: '',
        earlyHours: '168',
        earlyMembers: false,
        rentalPrice: '10',
        rentalDays: '3',
      }),
    ).toEqual({
      coin_price: 80,
      wait_free_hours: null,
      early_access_count: 0,
      early_access_hours: 168,
      early_access_members: false,
      rental_price: 10,
      rental_days: 3,
    });
  });
});

describe('coin packs', () => {
  it('turns the typed price into fen without float drift', () => {
    expect(priceToFen('19.99')).toBe(1999);
    expect(priceToFen('0,3')).toBe(30);
    expect(priceToFen('60')).toBe(6000);
  });

  it('sends empty optional fields as none', () => {
    expect(packBodyOf({ ...EMPTY_PACK, coins: '100', price: '6' })).toEqual({
      coins: 100,
      bonus_coins: 0,
      price_fen: 600,
      bonus_expiry_days: null,
      stripe_payment_link: null,
      stripe_buy_button: null,
      sort_order: 0,
    });
  });

  it('an edit sends only what changed', () => {
    const draft = packDraftOf(pack);
    expect(packChanges(pack, draft)).toEqual({});
    expect(packChanges(pack, { ...draft, price: '55', stripe_payment_link: '' })).toEqual({ price_fen: 5500, stripe_payment_link: null });
  });
});
