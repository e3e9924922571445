import type { PublicConfig } from '@inkstream/contracts';
import { coinEntry } from '../../test-support/coin-entries';
import { describe, expect, it } from 'vitest';
import { COIN_OPTION_ERROR_CODES, FREE_UNLOCK_ERROR_CODES, UNLOCK_ERROR_CODES } from '@inkstream/contracts/error-codes';
import { ApiError } from '../../lib/api-client';
import enCoins from '../../i18n/locales/en-us/coins.json';
import { entryDescription, formatTimeUntil, freeUnlockState, packCard, signedCoins, unlockFailure, unlockOfferOf } from './coin-rules';

const locked = (body: Record<string, unknown>) => new ApiError(403, 'MEMBERSHIP_REQUIRED', 'Members only', [], body);
const NOW = Date.parse('2026-12-01T12:00:00Z');

describe('the locked chapter’s coin offer', () => {
  it('is read from the 403 only when it is whole', () => {
    expect(unlockOfferOf(locked({ unlock: { price: 30, balance: 12, free_unlock_at: null } }))).toEqual({
      price: 30,
      balance: 12,
      free_unlock_at: null,
    });
    expect(unlockOfferOf(locked({ unlock: { price: 30, balance: null, free_unlock_at: '2026-12-01T10:00:00.000Z' } }))?.balance).toBeNull();
    expect(unlockOfferOf(locked({}))).toBeUndefined();
    expect(unlockOfferOf(locked({ unlock: { price: '30', balance: 1, free_unlock_at: null } }))).toBeUndefined();
    expect(unlockOfferOf(locked({ unlock: { price: 30, balance: 1, free_unlock_at: 'soon' } }))).toBeUndefined();
    expect(unlockOfferOf(new ApiError(404, 'CHAPTER_NOT_FOUND', 'x', [], { unlock: { price: 1, balance: 1, free_unlock_at: null } }))).toBe(
      undefined,
    );
  });
});

describe('wait-for-free', () => {
  it('is ready once its moment has passed, waiting before, and absent when the book offers none', () => {
    expect(freeUnlockState(null, NOW)).toEqual({ kind: 'none' });
    expect(freeUnlockState('2026-12-01T12:00:00.000Z', NOW)).toEqual({ kind: 'ready' });
    expect(freeUnlockState('2026-12-01T11:00:00.000Z', NOW)).toEqual({ kind: 'ready' });
    expect(freeUnlockState('2026-12-01T15:00:00.000Z', NOW)).toEqual({ kind: 'waiting', readyAt: NOW + 3 * 3_600_000 });
  });

  it('says how long is left in the reader’s language, rounded up so it never says "now" too early', () => {
    expect(formatTimeUntil(NOW + 30_001, NOW, 'en-us')).toBe('in 1 minute');
    expect(formatTimeUntil(NOW + 45 * 60_000, NOW, 'en-us')).toBe('in 45 minutes');
    expect(formatTimeUntil(NOW + 3 * 3_600_000 - 60_000, NOW, 'en-us')).toBe('in 3 hours');
    expect(formatTimeUntil(NOW + 72 * 3_600_000, NOW, 'en-us')).toBe('in 3 days');
    expect(formatTimeUntil(NOW + 3 * 3_600_000, NOW, 'zh-cn')).toBe('3小时后');
    expect(formatTimeUntil(NOW + 3 * 3_600_000, NOW, 'fr-fr')).toBe('dans 3 heures');
    expect(formatTimeUntil(NOW + 24 * 3_600_000, NOW, 'ar-sa')).toContain('24');
  });
});

describe('a refused unlock', () => {
  it('says what the reader has and needs when coins are short, and names the other refusals', () => {
    expect(unlockFailure(new ApiError(402, 'INSUFFICIENT_COINS', 'x', [], { balance: 5, price: 30 }))).toEqual({
      kind: 'short',
      balance: 5,
      price: 30,
    });
    expect(unlockFailure(new ApiError(409, 'ALREADY_READABLE', 'x'))).toEqual({ kind: 'readable' });
    expect(unlockFailure(new ApiError(429, 'FREE_UNLOCK_NOT_READY', 'x', [], { free_unlock_at: '2026-12-02T00:00:00.000Z' }))).toEqual({
      kind: 'notReady',
      readyAt: '2026-12-02T00:00:00.000Z',
    });
    expect(unlockFailure(new ApiError(409, 'NOTHING_TO_UNLOCK', 'x'))).toEqual({ kind: 'nothing' });
    expect(unlockFailure(new ApiError(500, 'INTERNAL', 'x'))).toEqual({ kind: 'error' });
    expect(unlockFailure(new TypeError('offline'))).toEqual({ kind: 'error' });
  });

  it('has words of its own for every code the unlock calls can refuse with (issue 56)', () => {
    const words = enCoins.problem as Record<string, string>;
    for (const code of [...UNLOCK_ERROR_CODES, ...FREE_UNLOCK_ERROR_CODES, ...COIN_OPTION_ERROR_CODES]) {
      const failure = unlockFailure(new ApiError(400, code, 'x'));
      expect(failure.kind, code).not.toBe('error');
      // 'short' and 'notReady' are worded with their figures (problem.shortBy, offer.nextFree) or plainly.
      expect(words[failure.kind], code).toBeTruthy();
    }
  });
});

describe('paying a pack by card', () => {
  const config = (stripe: Partial<PublicConfig['payments']['stripe']>) =>
    ({
      payments: {
        wechat: { enabled: false, sandbox: false, renewing: false },
        stripe: { enabled: true, sandbox: false, publishable_key: 'pk_live_1', buy_buttons: { month: null, season: null }, ...stripe },
      },
    }) as PublicConfig;
  const pack = { id: 1, coins: 500, bonus_coins: 50, price_fen: 3000, bonus_expiry_days: 30, stripe_buy_button: 'buy_btn_1' };

  it('uses the pack’s Stripe button when live, the sandbox checkout in sandbox mode, and nothing without a button', () => {
    expect(packCard(config({}), pack)).toEqual({ kind: 'stripe', buyButtonId: 'buy_btn_1', publishableKey: 'pk_live_1' });
    expect(packCard(config({ sandbox: true }), pack)).toEqual({ kind: 'sandbox' });
    expect(packCard(config({}), { ...pack, stripe_buy_button: null })).toEqual({ kind: 'off' });
    expect(packCard(config({ enabled: false }), pack)).toEqual({ kind: 'off' });
    expect(packCard(undefined, pack)).toEqual({ kind: 'off' });
  });
});

describe('the wallet history', () => {
  it('names the book and chapter of an unlock, the reason of a gift, and each other kind', () => {
    expect(entryDescription(coinEntry({ kind: 'unlock', coins: -30, book_title: 'Moonlit Palace', chapter_number: 7 }))).toEqual({
      key: 'history.kind.unlock',
      values: { book: 'Moonlit Palace', number: 7 },
    });
    expect(entryDescription(coinEntry({ kind: 'unlock', coins: -30 })).key).toBe('history.kind.unlockUnknown');
    // Issue 56: the row of a refund that locked a chapter again names it.
    expect(entryDescription(coinEntry({ kind: 'reversal', coins: 30, book_title: 'Moonlit Palace', chapter_number: 7 }))).toEqual({
      key: 'history.kind.reversalChapter',
      values: { book: 'Moonlit Palace', number: 7 },
    });
    expect(entryDescription(coinEntry({ kind: 'grant', reason: 'Sorry for the outage' }))).toEqual({
      key: 'history.kind.grantReason',
      values: { reason: 'Sorry for the outage' },
    });
    expect(entryDescription(coinEntry({ kind: 'grant' })).key).toBe('history.kind.grant');
    for (const kind of ['purchase', 'bonus', 'refund', 'reversal', 'expiry'] as const) {
      expect(entryDescription(coinEntry({ kind })).key).toBe(`history.kind.${kind}`);
    }
  });

  it('names the book and chapter of a rental, an auto-unlock, an unlock of all and an undo (issue 59)', () => {
    const words = enCoins.history.kind as Record<string, string>;
    for (const kind of ['rental', 'auto_unlock', 'bulk_unlock', 'undo_refund'] as const) {
      const described = entryDescription(coinEntry({ kind, coins: -10, book_title: 'Moonlit Palace', chapter_number: 7 }));
      expect(described).toEqual({ key: `history.kind.${kind}`, values: { book: 'Moonlit Palace', number: 7 } });
      expect(words[kind], kind).toContain('{{number}}');
      expect(entryDescription(coinEntry({ kind, coins: -10 })).key).toBe('history.kind.unlockUnknown');
    }
    expect(unlockFailure(new ApiError(409, 'UNLOCK_ALL_TOTAL_CHANGED', 'x', [], { total: 140 }))).toEqual({
      kind: 'totalChanged',
      total: 140,
    });
  });

  it('writes amounts with their sign, grouped as the language groups', () => {
    expect(signedCoins(1500, 'en-us')).toBe('+1,500');
    expect(signedCoins(-30, 'ar-sa')).toBe('\u221230');
  });
});
