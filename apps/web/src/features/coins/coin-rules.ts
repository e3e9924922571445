import type { CoinEntry, CoinPack, PublicConfig, UnlockOffer } from '@inkstream/contracts';
import { ErrorCode, type CoinOptionErrorCode, type UnlockErrorCode } from '@inkstream/contracts/error-codes';
import { intlLocale } from '@inkstream/contracts/formats';
import { ApiError } from '../../lib/api-client';
import type { Language } from '../../lib/language';

/** The "unlock the next N" choices beside "unlock this chapter" (the server takes at most 10). */
export const UNLOCK_BUNDLES = [5, 10] as const;

const isTimestampOrNull = (value: unknown) => value === null || (typeof value === 'string' && !Number.isNaN(Date.parse(value)));

/**
 * The coin offer a locked chapter's 403 carries (`unlock`) when its book sells chapters for coins;
 * undefined when it carries none (coins off, a membership-only book, an older server).
 */
export function unlockOfferOf(error: unknown): UnlockOffer | undefined {
  if (!(error instanceof ApiError) || error.status !== 403 || !error.body) return undefined;
  const offer = error.body.unlock as Record<string, unknown> | undefined;
  if (!offer || typeof offer !== 'object') return undefined;
  const { price, balance, free_unlock_at } = offer;
  if (typeof price !== 'number' || !(balance === null || typeof balance === 'number') || !isTimestampOrNull(free_unlock_at))
    return undefined;
  return { price, balance, free_unlock_at: free_unlock_at as string | null };
}

/** Wait-for-free: none offered, ready now (the moment is past), or ready later. */
export type FreeUnlockState = { kind: 'none' } | { kind: 'ready' } | { kind: 'waiting'; readyAt: number };

export function freeUnlockState(freeUnlockAt: string | null, now: number): FreeUnlockState {
  if (freeUnlockAt === null) return { kind: 'none' };
  const readyAt = Date.parse(freeUnlockAt);
  if (Number.isNaN(readyAt)) return { kind: 'none' };
  return readyAt <= now ? { kind: 'ready' } : { kind: 'waiting', readyAt };
}

/**
 * How long until a moment, as the language says it ("in 3 hours", "3小时后", "dans 3 heures"):
 * rounded up to the minute, the hour past 90 minutes, the day past 2 days, so it never says "now"
 * before it is.
 */
export function formatTimeUntil(readyAt: number, now: number, language: Language): string {
  const minutes = Math.max(1, Math.ceil((readyAt - now) / 60_000));
  // Latin digits in every language, as the shared formatters write them ("24", never "٢٤").
  const format = new Intl.RelativeTimeFormat(`${intlLocale(language)}-u-nu-latn`, { numeric: 'always', style: 'long' });
  if (minutes < 90) return format.format(minutes, 'minute');
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return format.format(hours, 'hour');
  return format.format(Math.ceil(hours / 24), 'day');
}

/** Why an unlock was refused, as the offer words it; the 402 says what the reader has and needs. */
export type UnlockFailure =
  | { kind: 'short'; balance: number | null; price: number | null }
  | { kind: 'notReady'; readyAt: string | null }
  | { kind: 'totalChanged'; total: number | null }
  | {
      kind: 'readable' | 'notOffered' | 'nothing' | 'otherChapter' | 'gone' | 'tooFast' | 'error' | 'owned' | 'rentalOff' | 'undoGone';
    };

/**
 * Issue 56: every code the unlock calls can refuse with has its own words (`coins:problem.*`). The
 * contract lists them (UNLOCK_ERROR_CODES, FREE_UNLOCK_ERROR_CODES): a code added there stops this
 * from compiling until it has a case.
 */
const FAILURE_OF_CODE = {
  [ErrorCode.INSUFFICIENT_COINS]: (body) => ({
    kind: 'short',
    balance: typeof body.balance === 'number' ? body.balance : null,
    price: typeof body.price === 'number' ? body.price : null,
  }),
  [ErrorCode.ALREADY_READABLE]: () => ({ kind: 'readable' }),
  [ErrorCode.UNLOCK_NOT_OFFERED]: () => ({ kind: 'notOffered' }),
  [ErrorCode.FREE_UNLOCK_NOT_READY]: (body) => ({
    kind: 'notReady',
    readyAt: typeof body.free_unlock_at === 'string' ? body.free_unlock_at : null,
  }),
  [ErrorCode.FREE_UNLOCK_OTHER_CHAPTER]: () => ({ kind: 'otherChapter' }),
  [ErrorCode.NOTHING_TO_UNLOCK]: () => ({ kind: 'nothing' }),
  [ErrorCode.CHAPTER_NOT_FOUND]: () => ({ kind: 'gone' }),
  [ErrorCode.BOOK_NOT_FOUND]: () => ({ kind: 'gone' }),
  [ErrorCode.RATE_LIMITED]: () => ({ kind: 'tooFast' }),
  // Issue 59: rentals, auto-unlock's undo, unlock all.
  [ErrorCode.ALREADY_OWNED]: () => ({ kind: 'owned' }),
  [ErrorCode.RENTAL_NOT_OFFERED]: () => ({ kind: 'rentalOff' }),
  [ErrorCode.UNDO_NOT_AVAILABLE]: () => ({ kind: 'undoGone' }),
  [ErrorCode.UNLOCK_ALL_TOTAL_CHANGED]: (body) => ({ kind: 'totalChanged', total: typeof body.total === 'number' ? body.total : null }),
} satisfies Record<UnlockErrorCode | CoinOptionErrorCode, (body: Readonly<Record<string, unknown>>) => UnlockFailure>;

const isUnlockCode = (code: string): code is UnlockErrorCode | CoinOptionErrorCode => Object.hasOwn(FAILURE_OF_CODE, code);

export function unlockFailure(error: unknown): UnlockFailure {
  if (!(error instanceof ApiError) || !isUnlockCode(error.code)) return { kind: 'error' };
  return FAILURE_OF_CODE[error.code](error.body ?? {});
}

/**
 * How a pack is paid by card: Stripe's buy button when live Stripe is set up and the pack has a
 * button, the sandbox checkout in sandbox mode, else not by card.
 */
export type PackCard = { kind: 'stripe'; buyButtonId: string; publishableKey: string } | { kind: 'sandbox' } | { kind: 'off' };

export function packCard(config: PublicConfig | undefined, pack: CoinPack): PackCard {
  const stripe = config?.payments.stripe;
  if (!stripe?.enabled) return { kind: 'off' };
  if (stripe.sandbox) return { kind: 'sandbox' };
  if (!stripe.publishable_key || !pack.stripe_buy_button) return { kind: 'off' };
  return { kind: 'stripe', buyButtonId: pack.stripe_buy_button, publishableKey: stripe.publishable_key };
}

/** All of a pack's coins: what the reader gets (the bonus may expire). */
export const packTotal = (pack: Pick<CoinPack, 'coins' | 'bonus_coins'>) => pack.coins + pack.bonus_coins;

/**
 * One wallet entry in words: the key under `coins:history.kind` and what it names. An unlock
 * without its book (the book was deleted) says only that coins were spent.
 */
export function entryDescription(entry: CoinEntry): { key: string; values: Record<string, string | number> } {
  switch (entry.kind) {
    case 'unlock':
      return entry.book_title && entry.chapter_number !== null
        ? { key: 'history.kind.unlock', values: { book: entry.book_title, number: entry.chapter_number } }
        : { key: 'history.kind.unlockUnknown', values: {} };
    // Issue 59: each way of spending names its chapter; an undo names the chapter locked again.
    case 'rental':
    case 'auto_unlock':
    case 'bulk_unlock':
    case 'undo_refund':
      return entry.book_title && entry.chapter_number !== null
        ? { key: `history.kind.${entry.kind}`, values: { book: entry.book_title, number: entry.chapter_number } }
        : { key: 'history.kind.unlockUnknown', values: {} };
    case 'reversal':
      // A refund undid this unlock: the row names the chapter locked again (issue 56).
      return entry.book_title && entry.chapter_number !== null
        ? { key: 'history.kind.reversalChapter', values: { book: entry.book_title, number: entry.chapter_number } }
        : { key: 'history.kind.reversal', values: {} };
    case 'grant':
      return entry.reason
        ? { key: 'history.kind.grantReason', values: { reason: entry.reason } }
        : { key: 'history.kind.grant', values: {} };
    default:
      return { key: `history.kind.${entry.kind}`, values: {} };
  }
}

/** Coins with their sign, as a bank statement writes them ("+500", "−30"): a real minus sign, digits left to right. */
export function signedCoins(coins: number, language: Language): string {
  const digits = new Intl.NumberFormat(intlLocale(language), { numberingSystem: 'latn' }).format(Math.abs(coins));
  return `${coins < 0 ? '\u2212' : '+'}${digits}`;
}
