import { Type, type Static } from 'typebox';
import { ClosedObject, Data, Nullable, PlainText, Timestamp, Uuid } from '../common.js';
import { ConsoleLanguage } from './common.js';

/**
 * Coins in the operator's console (issue 42, docs/ADMIN.md "Coins"): each book's way of selling
 * chapters, the coin packs, grants to a reader, and the reports.
 */
export const COIN_PRICE_MAX = 10_000;
export const COIN_GRANT_MAX = 1_000_000;
export const WAIT_FREE_HOURS_MAX = 24 * 30;
export const EARLY_ACCESS_COUNT_MAX = 50;
export const EARLY_ACCESS_HOURS_MAX = 24 * 365;
export const RENTAL_DAYS_MAX = 365;

const Price = Type.Integer({ minimum: 1, maximum: COIN_PRICE_MAX });

/** A book's chapters beyond the free ones: membership only (today's), or membership or coins. */
export const BookUnlockSettings = Type.Object({
  coin_price: Nullable(Type.Integer({ description: 'Coins per chapter; null: membership only (no coins for this book)' })),
  wait_free_hours: Nullable(Type.Integer({ description: 'One free unlock every this many hours; null: none' })),
  early_access_count: Type.Integer({
    description: 'Each paid chapter published starts in early access; at most this many at once (0: none)',
  }),
  early_access_hours: Type.Integer({ description: 'How long a chapter stays in early access after it comes out' }),
  early_access_members: Type.Boolean({ description: 'Members read early-access chapters too (else only coin unlocks)' }),
  rental_price: Nullable(Type.Integer({ description: 'Issue 59: coins to rent a chapter; null: no rentals' })),
  rental_days: Nullable(Type.Integer({ description: 'Issue 59: how many days a rental lasts' })),
});
export type BookUnlockSettings = Static<typeof BookUnlockSettings>;
export const BookUnlockSettingsResponse = Data(BookUnlockSettings);
export const BookUnlockSettingsBody = ClosedObject(
  {
    coin_price: Type.Optional(Nullable(Price)),
    wait_free_hours: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: WAIT_FREE_HOURS_MAX }))),
    early_access_count: Type.Optional(Type.Integer({ minimum: 0, maximum: EARLY_ACCESS_COUNT_MAX })),
    early_access_hours: Type.Optional(Type.Integer({ minimum: 1, maximum: EARLY_ACCESS_HOURS_MAX })),
    early_access_members: Type.Optional(Type.Boolean()),
    rental_price: Type.Optional(Nullable(Price)),
    rental_days: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: RENTAL_DAYS_MAX }))),
  },
  { minProperties: 1 },
);
export type BookUnlockSettingsBody = Static<typeof BookUnlockSettingsBody>;

/** A chapter's own price; null: the book's. */
export const ChapterPriceBody = ClosedObject({ coin_price: Nullable(Price) });
export type ChapterPriceBody = Static<typeof ChapterPriceBody>;
export const ChapterPriceResponse = Data(Type.Object({ coin_price: Nullable(Type.Integer()) }));

export const AdminCoinPack = Type.Object({
  id: Type.Integer(),
  coins: Type.Integer(),
  bonus_coins: Type.Integer(),
  price_fen: Type.Integer(),
  bonus_expiry_days: Nullable(Type.Integer()),
  stripe_payment_link: Nullable(Type.String()),
  stripe_buy_button: Nullable(Type.String()),
  is_active: Type.Boolean(),
  sort_order: Type.Integer(),
  sold: Type.Integer({ description: 'Paid orders of this pack' }),
});
export type AdminCoinPack = Static<typeof AdminCoinPack>;
export const AdminCoinPackListResponse = Data(Type.Object({ items: Type.Array(AdminCoinPack) }));
export const AdminCoinPackResponse = Data(AdminCoinPack);
const PackFields = {
  coins: Type.Integer({ minimum: 1, maximum: COIN_GRANT_MAX }),
  bonus_coins: Type.Integer({ minimum: 0, maximum: COIN_GRANT_MAX }),
  price_fen: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  bonus_expiry_days: Nullable(Type.Integer({ minimum: 1, maximum: 3650 })),
  stripe_payment_link: Nullable(Type.String({ pattern: '^plink_[A-Za-z0-9_]{1,120}$' })),
  stripe_buy_button: Nullable(Type.String({ pattern: '^buy_btn_[A-Za-z0-9_]{1,120}$' })),
  is_active: Type.Boolean(),
  sort_order: Type.Integer({ minimum: 0, maximum: 1000 }),
};
export const AdminCoinPackCreateBody = ClosedObject({
  coins: PackFields.coins,
  price_fen: PackFields.price_fen,
  bonus_coins: Type.Optional(PackFields.bonus_coins),
  bonus_expiry_days: Type.Optional(PackFields.bonus_expiry_days),
  stripe_payment_link: Type.Optional(PackFields.stripe_payment_link),
  stripe_buy_button: Type.Optional(PackFields.stripe_buy_button),
  is_active: Type.Optional(PackFields.is_active),
  sort_order: Type.Optional(PackFields.sort_order),
});
export type AdminCoinPackCreateBody = Static<typeof AdminCoinPackCreateBody>;
export const AdminCoinPackUpdateBody = ClosedObject(
  Object.fromEntries(Object.entries(PackFields).map(([key, schema]) => [key, Type.Optional(schema)])) as {
    [K in keyof typeof PackFields]: ReturnType<typeof Type.Optional<(typeof PackFields)[K]>>;
  },
  { minProperties: 1 },
);
export type AdminCoinPackUpdateBody = Static<typeof AdminCoinPackUpdateBody>;
export const CoinPackIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** An operator gives coins to a reader (support, compensation); the reason is kept in the history and the audit log. */
export const AdminCoinGrantBody = ClosedObject({
  coins: Type.Integer({ minimum: 1, maximum: COIN_GRANT_MAX }),
  reason: PlainText({ minLength: 1, maxLength: 200 }),
});
export type AdminCoinGrantBody = Static<typeof AdminCoinGrantBody>;
export const AdminCoinGrantResponse = Data(Type.Object({ balance: Type.Integer() }));

/** The coin economy in a period: what the operator owes readers (outstanding coins) and what was sold and spent. */
export const CoinReport = Type.Object({
  from: Timestamp(),
  to: Timestamp(),
  coins_sold: Type.Integer({ description: 'Paid coins credited by pack purchases in the period' }),
  bonus_coins: Type.Integer(),
  coins_granted: Type.Integer({ description: 'By operators' }),
  coins_spent: Type.Integer({ description: 'On unlocks, less the unlocks refunds undid' }),
  coins_refunded: Type.Integer({ description: 'Removed by refunds of packs: each pack’s coins and bonus not expired' }),
  coins_expired: Type.Integer(),
  outstanding: Type.Integer({ description: 'Coins readers hold now, unexpired: a liability' }),
  outstanding_paid: Type.Integer({ description: 'Of those, bought coins (not bonus or granted)' }),
  unlocks: Type.Integer(),
  free_unlocks: Type.Integer(),
  revenue: Type.Array(
    Type.Object({
      provider: Type.String(),
      model: Type.Union([Type.Literal('membership'), Type.Literal('coins')]),
      currency: Type.String(),
      amount: Type.Integer({ description: "In the currency's smallest unit, refunds deducted" }),
      orders: Type.Integer(),
    }),
  ),
  books: Type.Array(
    Type.Object({
      book_uuid: Uuid(),
      title: Type.String(),
      unlocks: Type.Integer(),
      free_unlocks: Type.Integer(),
      coins_spent: Type.Integer(),
    }),
    { description: 'Books by coins spent in the period, most first (at most 20)' },
  ),
});
export type CoinReport = Static<typeof CoinReport>;
export const CoinReportResponse = Data(CoinReport);
/** The period is [from, to): by default the 30 days up to now. `language`: the books' titles, as the console's other lists. */
export const CoinReportQuery = Type.Object(
  { from: Type.Optional(Timestamp()), to: Type.Optional(Timestamp()), language: ConsoleLanguage },
  { additionalProperties: false },
);
export type CoinReportQuery = Static<typeof CoinReportQuery>;
