import { Type, type Static } from 'typebox';
import { ClosedObject, Nullable, Result, Timestamp, Uuid } from './common.js';

/**
 * Coins (issue 42, docs/PAYMENTS.md "Coins"): a second way to pay, beside memberships, on the same
 * ledger. A reader buys a coin pack, unlocks single paid chapters with coins for good, and, where a
 * book offers it, unlocks one chapter free every few hours ("wait for free"). The operator turns it
 * on (site setting `coins_enabled`, off by default) and offers it per book.
 */

/** The most chapters one unlock call opens ("unlock the next 10"). */
export const UNLOCK_COUNT_MAX = 10;
/** The history entries `GET /user/wallet` returns, newest first. */
export const WALLET_HISTORY_MAX = 100;

/** What moved coins, as the wallet history explains it. */
export const CoinEntryKind = Type.Union([
  Type.Literal('purchase'),
  Type.Literal('bonus'),
  Type.Literal('grant'),
  Type.Literal('unlock'),
  Type.Literal('refund'),
  Type.Literal('reversal'),
  Type.Literal('expiry'),
  // Issue 59: a rental, an auto-unlock, an unlock of all remaining chapters, an auto-unlock undone.
  Type.Literal('rental'),
  Type.Literal('auto_unlock'),
  Type.Literal('bulk_unlock'),
  Type.Literal('undo_refund'),
]);
export type CoinEntryKind = Static<typeof CoinEntryKind>;

export const CoinEntry = Type.Object({
  kind: CoinEntryKind,
  coins: Type.Integer({ description: 'Signed: credits are positive, spending, refunds and expiry negative' }),
  balance_after: Type.Integer(),
  at: Timestamp(),
  order_id: Nullable(Type.String({ description: 'The coin pack order (purchase, bonus, refund)' })),
  chapter_uuid: Nullable(Uuid()),
  book_uuid: Nullable(Uuid()),
  book_title: Nullable(Type.String()),
  chapter_number: Nullable(Type.Integer()),
  reason: Nullable(Type.String({ description: "An operator's grant: why; a reversal: which refund" })),
});
export type CoinEntry = Static<typeof CoinEntry>;

export const Wallet = Type.Object({
  balance: Type.Integer({ minimum: 0 }),
  history: Type.Array(CoinEntry, { description: `The latest ${WALLET_HISTORY_MAX} entries, newest first` }),
  expiring: Type.Array(Type.Object({ coins: Type.Integer(), expires_at: Timestamp() }), {
    description: 'Bonus coins that will expire, soonest first',
  }),
});
export type Wallet = Static<typeof Wallet>;
export const WalletResponse = Result(Wallet);

export const UnlockBody = ClosedObject({
  chapter_uuid: Uuid(),
  count: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: UNLOCK_COUNT_MAX,
      description: 'This chapter and the next locked ones after it, in reading order (default 1); all or none',
    }),
  ),
});
export type UnlockBody = Static<typeof UnlockBody>;
export const UnlockResult = Type.Object({ unlocked: Type.Array(Uuid()), balance: Type.Integer({ minimum: 0 }) });
export type UnlockResult = Static<typeof UnlockResult>;
export const UnlockResponse = Result(UnlockResult);
/** 402 INSUFFICIENT_COINS: what the unlock costs and what the wallet holds, so a client can offer the right pack. */
export const InsufficientCoinsError = Type.Object({
  error: Type.String(),
  code: Type.String(),
  balance: Type.Optional(Type.Integer()),
  price: Type.Optional(Type.Integer()),
});

export const FreeUnlockBody = ClosedObject({
  book_uuid: Uuid(),
  chapter_uuid: Type.Optional(
    Uuid(
      'Ext (issue 56): the chapter the reader means to open; refused (409 FREE_UNLOCK_OTHER_CHAPTER, nothing unlocked) unless it is the one a free unlock opens now',
    ),
  ),
});
export type FreeUnlockBody = Static<typeof FreeUnlockBody>;
export const FreeUnlockResult = Type.Object({ chapter_uuid: Uuid(), next_free_at: Timestamp() });
export type FreeUnlockResult = Static<typeof FreeUnlockResult>;
export const FreeUnlockResponse = Result(FreeUnlockResult);
/** 429 FREE_UNLOCK_NOT_READY: when it will be (also as Retry-After). */
export const FreeUnlockNotReadyError = Type.Object({
  error: Type.String(),
  code: Type.String(),
  free_unlock_at: Type.Optional(Timestamp()),
});

/**
 * How the reader may unlock chapters of one paid chapter or book: the 403 of a locked chapter
 * carries it as `unlock` when the book offers coins, and `GET /user/book/unlocks` answers it per book.
 */
export const UnlockOffer = Type.Object({
  price: Type.Integer({ description: 'Coins for this chapter (the book page: the book’s price)' }),
  balance: Nullable(Type.Integer({ description: 'The reader’s coins; null for a visitor' })),
  free_unlock_at: Nullable(
    Timestamp(
      'Wait-for-free: when the reader’s next free unlock of this book is ready (now or past: ready); null when the book offers none or when a free unlock would not open this chapter (it opens the first locked chapter in reading order, never one in early access)',
    ),
  ),
});
export type UnlockOffer = Static<typeof UnlockOffer>;

export const BookUnlocksQuery = Type.Object({ book_uuid: Uuid() });
export const BookUnlocks = Type.Object({
  offered: Type.Boolean({ description: 'The book can be unlocked chapter by chapter with coins' }),
  price: Nullable(Type.Integer({ description: "The book's price per chapter (a chapter may differ: the chapter list says)" })),
  balance: Type.Integer(),
  wait_free_hours: Nullable(Type.Integer()),
  free_unlock_at: Nullable(Timestamp('When the next free unlock is ready (past: ready now)')),
  free_unlock_chapter_uuid: Nullable(Uuid('The chapter a free unlock would open now: the first locked one in reading order')),
  unlocked: Type.Array(Uuid(), { description: 'Chapters of this book the reader holds for good (coins, free unlocks, gifts)' }),
  chapter_prices: Type.Record(Type.String(), Type.Integer(), {
    description: 'Chapters whose price differs from the book’s, by chapter uuid',
  }),
  // Issue 59.
  rental_price: Nullable(Type.Integer({ description: 'Coins to rent one chapter; null: the book rents none' })),
  rental_days: Nullable(Type.Integer({ description: 'How many days a rental opens a chapter for' })),
  rented: Type.Record(Type.String(), Timestamp(), {
    description: 'Chapters the reader reads by a rental, by chapter uuid: until when (server-decided)',
  }),
  auto_unlock: Nullable(
    Type.Object(
      { cap: Type.Integer(), spent: Type.Integer() },
      { description: "The reader's auto-unlock of this book: their cap and what it spent under this opt-in; null: off" },
    ),
  ),
});
export type BookUnlocks = Static<typeof BookUnlocks>;
export const BookUnlocksResponse = Result(BookUnlocks);

/** A coin pack as readers see it (public config). */
export const CoinPack = Type.Object({
  id: Type.Integer(),
  coins: Type.Integer(),
  bonus_coins: Type.Integer(),
  price_fen: Type.Integer({ description: 'In fen (hundredths of a yuan), as the membership plans' }),
  bonus_expiry_days: Nullable(Type.Integer()),
  stripe_buy_button: Nullable(Type.String()),
});
export type CoinPack = Static<typeof CoinPack>;
