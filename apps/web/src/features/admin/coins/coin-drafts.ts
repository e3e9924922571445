import type { AdminCoinPack, AdminCoinPackCreateBody, BookUnlockSettings, BookUnlockSettingsBody } from '@inkstream/contracts';

/** The "Selling chapters" panel's form: text fields as typed, the model as chosen. */
export interface UnlocksDraft {
  model: 'membership' | 'coins';
  price: string;
  waitFreeHours: string;
  /** Early access: how many chapters at once, for how many hours, members included or not. */
  earlyCount: string;
  earlyHours: string;
  earlyMembers: boolean;
  /** Issue 59: rentals: coins for a chapter opened for some days (empty price: none). */
  rentalPrice: string;
  rentalDays: string;
}

/** The form for a book's settings; a book on membership only offers the site's default price when coins are chosen. */
export function unlocksDraftOf(settings: BookUnlockSettings, defaultPrice: number): UnlocksDraft {
  return {
    model: settings.coin_price === null ? 'membership' : 'coins',
    price: String(settings.coin_price ?? defaultPrice),
    waitFreeHours: settings.wait_free_hours === null ? '' : String(settings.wait_free_hours),
    earlyCount: String(settings.early_access_count),
    earlyHours: String(settings.early_access_hours),
    earlyMembers: settings.early_access_members,
    rentalPrice: settings.rental_price === null ? '' : String(settings.rental_price),
    rentalDays: settings.rental_days === null ? '' : String(settings.rental_days),
  };
}

const wholeOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * What the panel sends: membership only sets the price to null (the wait-for-free hours are kept
 * for when coins come back); coins send the price and the hours (empty: no wait-for-free).
 */
export function unlocksBodyOf(draft: UnlocksDraft): BookUnlockSettingsBody {
  if (draft.model === 'membership') return { coin_price: null, early_access_count: 0 };
  return {
    coin_price: Number(draft.price),
    wait_free_hours: wholeOrNull(draft.waitFreeHours),
    early_access_count: Number(draft.earlyCount || '0'),
    early_access_hours: Number(draft.earlyHours),
    early_access_members: draft.earlyMembers,
    rental_price: wholeOrNull(draft.rentalPrice),
    ...(draft.rentalDays.trim() === '' ? {} : { rental_days: Number(draft.rentalDays) }),
  };
}

/** The pack form: text fields as typed. */
export interface PackDraft {
  coins: string;
  bonus_coins: string;
  price: string;
  bonus_expiry_days: string;
  stripe_payment_link: string;
  stripe_buy_button: string;
  sort_order: string;
}

export const EMPTY_PACK: PackDraft = {
  coins: '',
  bonus_coins: '0',
  price: '',
  bonus_expiry_days: '',
  stripe_payment_link: '',
  stripe_buy_button: '',
  sort_order: '0',
};

/** Prices are typed in the currency's main unit (yuan) and sent in fen. */
export const priceToFen = (text: string): number => Math.round(Number(text.replace(',', '.')) * 100);
export const fenToPrice = (fen: number): string => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));

export function packDraftOf(pack: AdminCoinPack): PackDraft {
  return {
    coins: String(pack.coins),
    bonus_coins: String(pack.bonus_coins),
    price: fenToPrice(pack.price_fen),
    bonus_expiry_days: pack.bonus_expiry_days === null ? '' : String(pack.bonus_expiry_days),
    stripe_payment_link: pack.stripe_payment_link ?? '',
    stripe_buy_button: pack.stripe_buy_button ?? '',
    sort_order: String(pack.sort_order),
  };
}

const textOrNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The pack the form describes (empty optional fields: none). */
export function packBodyOf(draft: PackDraft): Required<Omit<AdminCoinPackCreateBody, 'is_active'>> {
  return {
    coins: Number(draft.coins),
    bonus_coins: Number(draft.bonus_coins || 0),
    price_fen: priceToFen(draft.price),
    bonus_expiry_days: wholeOrNull(draft.bonus_expiry_days),
    stripe_payment_link: textOrNull(draft.stripe_payment_link),
    stripe_buy_button: textOrNull(draft.stripe_buy_button),
    sort_order: Number(draft.sort_order || 0),
  };
}

/** Only the fields an edit changed (the server audits what it is sent; nothing changed sends nothing). */
export function packChanges(pack: AdminCoinPack, draft: PackDraft): Partial<ReturnType<typeof packBodyOf>> {
  const next = packBodyOf(draft);
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => pack[key as keyof AdminCoinPack] !== value));
}
