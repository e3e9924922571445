import { randomUUID } from 'node:crypto';
import { ErrorCode, type CoinRefund, type RelockedChapter } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { CoinEntryKindColumn, CoinLotSource } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { lockUserMembership } from '../membership/membership.repository.js';
import * as repo from './coin-ledger.repository.js';

const DAY_MS = 86_400_000;

export const insufficientCoins = (balance: number, price: number) =>
  new AppError(ErrorCode.INSUFFICIENT_COINS, 402, `This costs ${price} coins and the wallet holds ${balance}`, undefined, undefined, {
    balance,
    price,
  });

export interface Credit {
  userId: number;
  source: CoinLotSource;
  /** Unique per source: the same reference never credits twice. */
  sourceRef: string;
  coins: number;
  expiresAt?: number | null;
  orderId?: string | null;
  reason?: string | null;
}

/** A paid chapter to unlock: its id, its book and what it costs. */
export interface Purchase {
  chapterId: number;
  bookId: number;
  price: number;
}

/** An unlock a pack's refund undoes: its grant, its chapter, and what each lot paid of it. */
interface PackRefundUnlock {
  grantId: number;
  chapterId: number | null;
  bookId: number | null;
  shares: { lotId: number; coins: number }[];
}

type NamedChapterRow = Awaited<ReturnType<typeof repo.chaptersNamed>>[number];
const relocked = (row: NamedChapterRow, coins: number): RelockedChapter => ({
  book_uuid: row.book_uuid,
  book_title: row.book_title ?? null,
  chapter_uuid: row.chapter_uuid,
  chapter_number: row.chapter_number,
  coins,
});
/**
 * The coin ledger (docs/PAYMENTS.md "Coins"). Every change to a reader's coins runs in the caller's
 * transaction after the reader's membership lock (lockUserMembership: the same lock as their
 * membership time, so on PostgreSQL two devices, a refund and a purchase of one reader run one after
 * the other). Each change first empties the reader's lots past their expiry (an `expiry` entry),
 * then writes its entries with the balance after each: the history explains every coin.
 *
 * - Credits are lots, written once per (source, reference).
 * - Spending draws lots soonest-expiring first (bonus coins before they lapse), then oldest first;
 *   the balance never goes below zero (checked before, and by the table's CHECKs).
 * - An unlock is a chapter grant (kind `coins`) that the access rule reads like any other grant;
 *   coin_spends records which lots paid for it.
 * - Refunding a pack undoes the unlocks its coins paid for (a `reversal` entry per chapter, its
 *   price back to the lots that paid it), then takes what its lots hold (a `refund` entry).
 */
export function createCoinLedger(deps: { now?: () => number } = {}) {
  const now = deps.now ?? Date.now;

  async function entry(
    trx: DbExecutor,
    userId: number,
    kind: CoinEntryKindColumn,
    coins: number,
    balanceAfter: number,
    at: number,
    refs: {
      orderId?: string | null;
      chapterId?: number | null;
      bookId?: number | null;
      lotId?: number | null;
      reason?: string | null;
    } = {},
  ): Promise<number> {
    return repo.insertEntry(trx, {
      user_id: userId,
      kind,
      coins,
      balance_after: balanceAfter,
      order_id: refs.orderId ?? null,
      chapter_id: refs.chapterId ?? null,
      book_id: refs.bookId ?? null,
      lot_id: refs.lotId ?? null,
      reason: refs.reason ?? null,
      created_at: at,
    });
  }

  /**
   * Takes the reader's lock and writes the expiry of their lots past due; answers the balance.
   * Every other change starts here, so its entries' balances follow the expiry's.
   */
  async function openWithin(trx: DbExecutor, userId: number, at: number): Promise<number> {
    await lockUserMembership(trx, userId);
    const balance = await repo.balanceOf(trx, userId, at);
    const due = await repo.dueLots(trx, userId, at);
    // The balance never counted them; the entries say when they went, the balance unchanged.
    for (const lot of due) {
      await repo.setLotRemaining(trx, lot.id, 0);
      await entry(trx, userId, 'expiry', -lot.remaining, balance, at, { lotId: lot.id });
    }
    return balance;
  }

  /** The reader's balance now, with their lock (the console's grant records it before and after). */
  const balanceWithin = (trx: DbExecutor, userId: number) => openWithin(trx, userId, now());

  /**
   * Only the reader's lock, for a caller that must read what is locked for them before spending
   * (unlocks.service.ts): spendWithin then expires and reads the balance under the same lock.
   */
  const lockWithin = (trx: DbExecutor, userId: number) => lockUserMembership(trx, userId);

  /** Adds coins once per (source, reference); the balance after, or null when they had been credited before. */
  async function creditWithin(trx: DbExecutor, credit: Credit, kind: CoinEntryKindColumn): Promise<number | null> {
    if (credit.coins <= 0) return null;
    const at = now();
    const balance = await openWithin(trx, credit.userId, at);
    const lotId = await repo.insertLotOnce(trx, {
      user_id: credit.userId,
      source: credit.source,
      source_ref: credit.sourceRef,
      coins: credit.coins,
      remaining: credit.coins,
      expires_at: credit.expiresAt ?? null,
      created_at: at,
      revoked_at: null,
    });
    if (lotId === null) return null;
    const after = balance + credit.coins;
    await entry(trx, credit.userId, kind, credit.coins, after, at, { orderId: credit.orderId, lotId, reason: credit.reason });
    return after;
  }

  /** A paid pack order: its coins, and its bonus (with the expiry it was sold with). Once per order. */
  async function creditPackWithin(
    trx: DbExecutor,
    order: { order_id: string; user_id: number; coins: number; bonus_coins: number; bonus_expiry_days: number | null },
  ): Promise<void> {
    const base = { userId: order.user_id, sourceRef: order.order_id, orderId: order.order_id };
    await creditWithin(trx, { ...base, source: 'purchase', coins: order.coins }, 'purchase');
    const expiresAt = order.bonus_expiry_days === null ? null : now() + order.bonus_expiry_days * DAY_MS;
    await creditWithin(trx, { ...base, source: 'bonus', coins: order.bonus_coins, expiresAt }, 'bonus');
  }

  /** An operator's gift of coins (console, CLI); the reason stays in the history. */
  const grantWithin = (trx: DbExecutor, userId: number, coins: number, reason: string, sourceRef = randomUUID()) =>
    creditWithin(trx, { userId, source: 'grant', sourceRef, coins, reason }, 'grant');

  /**
   * Spends coins on chapters, all or none: one `unlock` entry and one grant per chapter. The caller
   * holds the reader's lock (lockWithin) and has checked that each chapter is locked for them.
   */
  const spendWithin = async (trx: DbExecutor, userId: number, purchases: readonly Purchase[]): Promise<number> =>
    (await spendAsWithin(trx, userId, purchases, { entryKind: 'unlock', grantKind: 'coins', expiresAt: null })).balance;

  /**
   * Issue 59: spendWithin for each way of spending: the entry's kind (`unlock`, `rental`,
   * `auto_unlock`, `bulk_unlock`), the grant's kind and its end (a rental's; null: for good).
   * Answers the balance after and each grant written, in the order of `purchases`.
   */
  async function spendAsWithin(
    trx: DbExecutor,
    userId: number,
    purchases: readonly Purchase[],
    how: { entryKind: CoinEntryKindColumn; grantKind: string; expiresAt: number | null },
  ): Promise<{ balance: number; grants: { grantId: number; chapterId: number; price: number }[] }> {
    const at = now();
    const grants: { grantId: number; chapterId: number; price: number }[] = [];
    let balance = await openWithin(trx, userId, at);
    const total = purchases.reduce((sum, purchase) => sum + purchase.price, 0);
    if (total > balance) throw insufficientCoins(balance, total);
    const lots = (await repo.spendableLots(trx, userId, at)).map((lot) => ({ ...lot, left: lot.remaining }));
    for (const purchase of purchases) {
      const shares: { lot_id: number; coins: number }[] = [];
      let owed = purchase.price;
      for (const lot of lots) {
        if (owed === 0) break;
        const take = Math.min(lot.left, owed);
        if (take === 0) continue;
        lot.left -= take;
        owed -= take;
        shares.push({ lot_id: lot.id, coins: take });
      }
      // Cannot happen after the check above; if it did, the transaction must not commit.
      if (owed > 0) throw new Error('coin lots do not add up to the balance');
      balance -= purchase.price;
      const entryId = await entry(trx, userId, how.entryKind, -purchase.price, balance, at, {
        chapterId: purchase.chapterId,
        bookId: purchase.bookId,
      });
      const grantId = await repo.insertChapterGrant(trx, {
        user_id: userId,
        chapter_id: purchase.chapterId,
        kind: how.grantKind,
        source_ref: `unlock:${entryId}`,
        granted_at: at,
        expires_at: how.expiresAt,
      });
      grants.push({ grantId, chapterId: purchase.chapterId, price: purchase.price });
      await repo.insertSpends(
        trx,
        shares.map((share) => ({ ...share, entry_id: entryId, grant_id: grantId })),
      );
    }
    for (const lot of lots) if (lot.left !== lot.remaining) await repo.setLotRemaining(trx, lot.id, lot.left);
    return { balance, grants };
  }

  /**
   * Issue 59: undoes one spend: its grant is revoked and its price goes back to the lots that paid
   * it (an `undo_refund` entry naming the chapter). Once: a grant revoked already (an undo that ran
   * first) gives back nothing and answers null. The caller holds the reader's lock.
   */
  async function undoSpendWithin(trx: DbExecutor, userId: number, grantId: number): Promise<{ refunded: number; balance: number } | null> {
    const at = now();
    await openWithin(trx, userId, at);
    if (!(await repo.revokeStandingGrant(trx, grantId, at))) return null;
    const shares = await repo.sharesOfGrant(trx, grantId);
    for (const share of shares) await repo.addToLot(trx, share.lot_id, share.coins);
    const refunded = shares.reduce((sum, share) => sum + share.coins, 0);
    const balance = await repo.balanceOf(trx, userId, at);
    const paid = shares[0];
    await entry(trx, userId, 'undo_refund', refunded, balance, at, { chapterId: paid?.chapter_id ?? null, bookId: paid?.book_id ?? null });
    return { refunded, balance };
  }

  /**
   * What refunding a pack takes: its lots not yet revoked, and the standing unlocks their coins
   * helped pay for, each with every lot's share of it. Read only: refundPackWithin carries it out
   * under the reader's lock, previewPackRefund tells the console beforehand.
   */
  async function packRefundPlan(db: DbExecutor, orderId: string) {
    const lots = (await repo.lotsOfOrder(db, orderId)).filter((lot) => lot.revoked_at === null);
    const shares = await repo.standingUnlocksPaidFrom(
      db,
      lots.map((lot) => lot.id),
      now(),
    );
    const unlocks = new Map<number, PackRefundUnlock>();
    for (const share of shares) {
      const unlock = unlocks.get(share.entry_id) ?? {
        grantId: Number(share.grant_id),
        chapterId: share.chapter_id,
        bookId: share.book_id,
        shares: [],
      };
      unlock.shares.push({ lotId: share.lot_id, coins: share.coins });
      unlocks.set(share.entry_id, unlock);
    }
    return { lots, unlocks: [...unlocks.values()] };
  }

  /**
   * The refund of a pack (its order became refunded, order-ledger.ts). Each unlock its coins paid
   * for is undone: the chapter is locked again and the whole price goes back to the lots that paid
   * it (a `reversal` entry naming the chapter, never a 0-coin row: issue 56); then what the pack's
   * lots hold, those coins included, goes (a `refund` entry per lot). The net: the other packs get
   * their share back, the pack's coins go. Runs once per order (the order is marked refunded once).
   */
  async function refundPackWithin(trx: DbExecutor, order: { order_id: string; user_id: number }): Promise<void> {
    const at = now();
    // Expires what is due first; each entry below then reads the balance it leaves.
    await openWithin(trx, order.user_id, at);
    const { lots, unlocks } = await packRefundPlan(trx, order.order_id);
    for (const unlock of unlocks) {
      await repo.revokeChapterGrant(trx, unlock.grantId, at);
      for (const share of unlock.shares) await repo.addToLot(trx, share.lotId, share.coins);
      // Coins given back to a lot that has since expired are not spendable: the balance says so.
      const balance = await repo.balanceOf(trx, order.user_id, at);
      const price = unlock.shares.reduce((sum, share) => sum + share.coins, 0);
      await entry(trx, order.user_id, 'reversal', price, balance, at, {
        orderId: order.order_id,
        chapterId: unlock.chapterId,
        bookId: unlock.bookId,
      });
    }
    for (const lot of lots) {
      const current = await repo.lotRemaining(trx, lot.id);
      await repo.revokeLot(trx, lot.id, at);
      const balance = await repo.balanceOf(trx, order.user_id, at);
      if (current > 0) await entry(trx, order.user_id, 'refund', -current, balance, at, { orderId: order.order_id, lotId: lot.id });
    }
  }

  /**
   * What refunding the pack now would do, changing nothing: the reader's balance before and after
   * (the other packs' spendable share back, the pack's spendable coins gone) and the chapters that
   * lock again with their prices. The console shows it in its confirmation (issue 56).
   */
  async function previewPackRefund(db: DbExecutor, order: { order_id: string; user_id: number }): Promise<CoinRefund> {
    const at = now();
    const { lots, unlocks } = await packRefundPlan(db, order.order_id);
    const packLots = new Set(lots.map((lot) => lot.id));
    const spendable = (lot: { revoked_at: number | null; expires_at: number | null }) =>
      lot.revoked_at === null && (lot.expires_at === null || lot.expires_at > at);
    const otherLots = await repo.lotsByIds(db, [...new Set(unlocks.flatMap((unlock) => unlock.shares.map((share) => share.lotId)))]);
    const otherSpendable = new Set(otherLots.filter((lot) => !packLots.has(lot.id) && spendable(lot)).map((lot) => lot.id));
    const before = await repo.balanceOf(db, order.user_id, at);
    const taken = lots.filter(spendable).reduce((sum, lot) => sum + lot.remaining, 0);
    const returned = unlocks
      .flatMap((unlock) => unlock.shares)
      .filter((share) => otherSpendable.has(share.lotId))
      .reduce((sum, share) => sum + share.coins, 0);
    const named = new Map(
      (
        await repo.chaptersNamed(
          db,
          unlocks.flatMap((unlock) => unlock.chapterId ?? []),
        )
      ).map((row) => [row.chapter_id, row]),
    );
    const chapters = unlocks.flatMap((unlock) => {
      const chapter = unlock.chapterId === null ? undefined : named.get(unlock.chapterId);
      return chapter
        ? [
            relocked(
              chapter,
              unlock.shares.reduce((sum, share) => sum + share.coins, 0),
            ),
          ]
        : [];
    });
    return { balance_before: before, balance_after: before - taken + returned, chapters };
  }

  /**
   * What a pack's refund did, from the entries it wrote: null when it wrote none (nothing was left
   * to take). The balance before is the first entry's balance less its coins.
   */
  async function packRefundDone(db: DbExecutor, orderId: string): Promise<CoinRefund | null> {
    const entries = await repo.refundEntriesOf(db, orderId);
    const first = entries[0];
    const last = entries.at(-1);
    if (!first || !last) return null;
    return {
      balance_before: first.balance_after - first.coins,
      balance_after: last.balance_after,
      // A chapter deleted since is left out.
      chapters: entries.flatMap((row) =>
        row.kind === 'reversal' && row.chapter_uuid !== null && row.book_uuid !== null && row.chapter_number !== null
          ? [
              {
                book_uuid: row.book_uuid,
                book_title: row.book_title ?? null,
                chapter_uuid: row.chapter_uuid,
                chapter_number: row.chapter_number,
                coins: row.coins,
              },
            ]
          : [],
      ),
    };
  }

  /** Empties lots past their expiry for up to `limit` readers (housekeeping); answers how many readers. */
  async function expireDue(db: Db, limit = 200): Promise<number> {
    const at = now();
    const users = await repo.usersWithDueLots(db, at, limit);
    for (const userId of users) await db.transaction().execute((trx) => openWithin(trx, userId, at));
    return users.length;
  }

  return {
    balanceWithin,
    lockWithin,
    creditWithin,
    creditPackWithin,
    grantWithin,
    spendWithin,
    spendAsWithin,
    undoSpendWithin,
    refundPackWithin,
    previewPackRefund,
    packRefundDone,
    expireDue,
  };
}

export type CoinLedger = ReturnType<typeof createCoinLedger>;
