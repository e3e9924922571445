import {
  AUTO_UNLOCK_UNDO_SECONDS,
  ErrorCode,
  type AutoUnlockResult,
  type AutoUnlockSettings,
  type AutoUnlockUndoResult,
  type RentResult,
  type UnlockAllPreview,
  type UnlockAllResult,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import { mayRead } from '../access/chapter-access.js';
import type { AccessService } from '../access/access.service.js';
import type { SiteSettingsService } from '../settings/site-settings.service.js';
import type { AuthUser } from '../users/auth-user.js';
import type { CoinLedger } from './coin-ledger.js';
import * as ledgerRepo from './coin-ledger.repository.js';
import * as repo from './coin-options.repository.js';
import * as unlocksRepo from './unlocks.repository.js';

const DAY_MS = 86_400_000;
const UNDO_MS = AUTO_UNLOCK_UNDO_SECONDS * 1000;

const chapterNotFound = () => notFound(ErrorCode.CHAPTER_NOT_FOUND, 'Chapter not found');
const bookNotFound = () => notFound(ErrorCode.BOOK_NOT_FOUND, 'Book not found');
const notOffered = () => new AppError(ErrorCode.UNLOCK_NOT_OFFERED, 400, 'This book is not sold chapter by chapter');
const alreadyReadable = () => new AppError(ErrorCode.ALREADY_READABLE, 409, 'You can read this chapter already; no coins were spent');

type Offer = NonNullable<Awaited<ReturnType<typeof unlocksRepo.findBookOffer>>>;

/**
 * Issue 59: coins the way Kakao and Tapas readers use them (docs/PAYMENTS.md "Rentals, auto-unlock
 * and unlock all"): renting a chapter for some days, auto-unlocking the next chapter on reaching
 * the end of one (under the reader's cap, undone within a minute), and unlocking every chapter still
 * locked at the total shown. Each writes chapter grants, so the access rule (modules/access) is the
 * only door; each reads what is locked after the reader's lock, in the transaction that spends.
 */
export function createCoinOptionsService(deps: {
  db: Db;
  domainEvents: DomainEvents;
  access: AccessService;
  settings: Pick<SiteSettingsService, 'get'>;
  ledger: CoinLedger;
  now?: () => number;
}) {
  const { db, domainEvents, access, ledger } = deps;
  const now = deps.now ?? Date.now;
  const sells = async (book: Offer) => book.coin_price !== null && (await deps.settings.get()).coins_enabled;

  async function offeredBook(bookUuid: string): Promise<Offer> {
    const book = await unlocksRepo.findBookOffer(db, bookUuid);
    if (!book) throw bookNotFound();
    if (!(await sells(book))) throw notOffered();
    return book;
  }

  /** Each chapter's price: its own, else the book's. */
  async function pricesOf(executor: DbExecutor, book: Offer, chapterIds: number[]): Promise<number[]> {
    const own = await unlocksRepo.chapterPrices(executor, chapterIds);
    return chapterIds.map((id) => own.get(id) ?? book.coin_price!);
  }

  /** Rents a paid chapter for the book's rental days at its rental price: a grant with an end. */
  async function rent(user: AuthUser, chapterUuid: string): Promise<RentResult> {
    const chapter = await unlocksRepo.findChapterOffer(db, chapterUuid);
    if (!chapter) throw chapterNotFound();
    const { book } = chapter;
    const price = book.rental_price;
    const days = book.rental_days;
    if (price === null || days === null || !(await sells({ ...book }))) {
      throw new AppError(ErrorCode.RENTAL_NOT_OFFERED, 400, 'This book rents no chapters');
    }
    return domainEvents.transact(async (trx) => {
      await ledger.lockWithin(trx, user.id);
      const row = (await access.bookChaptersAccessWithin(trx, user, book.id)).find((one) => one.id === chapter.id);
      if (!row) throw chapterNotFound();
      if (row.grantKind !== null && row.grantUntil === null) {
        throw new AppError(ErrorCode.ALREADY_OWNED, 409, 'You own this chapter for good; there is nothing to rent');
      }
      if (mayRead(row.access)) throw alreadyReadable();
      const until = now() + days * DAY_MS;
      const { balance } = await ledger.spendAsWithin(trx, user.id, [{ chapterId: chapter.id, bookId: book.id, price }], {
        entryKind: 'rental',
        grantKind: 'rental',
        expiresAt: until,
      });
      return { chapter_uuid: row.uuid, rented_until: toIso(until), balance };
    });
  }

  const settingsOf = (row: { cap: number; spent: number } | undefined): AutoUnlockSettings =>
    row ? { enabled: true, cap: row.cap, spent: row.spent } : { enabled: false, cap: null, spent: 0 };

  /** Turns the reader's auto-unlock of a book on (with a cap; a new opt-in starts at 0 spent), changes the cap, or turns it off. */
  async function setAutoUnlock(user: AuthUser, bookUuid: string, enabled: boolean, cap: number | undefined): Promise<AutoUnlockSettings> {
    const book = await offeredBook(bookUuid);
    if (enabled && cap === undefined) {
      throw badRequest(ErrorCode.VALIDATION_FAILED, 'Give a spending cap to turn auto-unlock on', [
        { field: 'cap', message: 'required when enabled' },
      ]);
    }
    return domainEvents.transact(async (trx) => {
      await ledger.lockWithin(trx, user.id);
      const current = await unlocksRepo.findAutoUnlock(trx, user.id, book.id);
      if (!enabled) {
        await repo.deleteAutoUnlock(trx, user.id, book.id);
        return settingsOf(undefined);
      }
      if (current) {
        await repo.setAutoUnlockCap(trx, current.id, cap!);
        return settingsOf({ cap: cap!, spent: current.spent });
      }
      await repo.insertAutoUnlock(trx, { user_id: user.id, book_id: book.id, cap: cap!, enabled_at: now() });
      return settingsOf({ cap: cap!, spent: 0 });
    });
  }

  /**
   * The reader reached the end of `chapterUuid`: where they opted in and the next chapter is locked,
   * it is unlocked with coins if their cap allows (counting what this opt-in spent). Never an error
   * for a reason not to: `skipped` says which, and the reader screen says it in words.
   */
  async function autoUnlock(user: AuthUser, chapterUuid: string): Promise<AutoUnlockResult> {
    const chapter = await unlocksRepo.findChapterOffer(db, chapterUuid);
    if (!chapter) throw chapterNotFound();
    const { book } = chapter;
    const enabled = await sells({ ...book });
    return domainEvents.transact(async (trx) => {
      await ledger.lockWithin(trx, user.id);
      const at = now();
      const balanceNow = () => ledgerRepo.balanceOf(trx, user.id, at);
      const skip = async (skipped: NonNullable<AutoUnlockResult['skipped']>): Promise<AutoUnlockResult> => ({
        unlocked: null,
        skipped,
        balance: await balanceNow(),
      });
      const auto = await unlocksRepo.findAutoUnlock(trx, user.id, book.id);
      if (!auto || !enabled) return skip('off');
      const chapters = await access.bookChaptersAccessWithin(trx, user, book.id);
      const index = chapters.findIndex((row) => row.id === chapter.id);
      if (index < 0) throw chapterNotFound();
      const next = chapters[index + 1];
      if (!next) return skip('no_next');
      if (mayRead(next.access)) return skip('readable');
      const [price] = await pricesOf(trx, book, [next.id]);
      if (auto.spent + price! > auto.cap) return skip('over_cap');
      if ((await balanceNow()) < price!) return skip('insufficient_coins');
      const { balance } = await ledger.spendAsWithin(trx, user.id, [{ chapterId: next.id, bookId: book.id, price: price! }], {
        entryKind: 'auto_unlock',
        grantKind: 'auto_unlock',
        expiresAt: null,
      });
      await repo.addAutoUnlockSpent(trx, auto.id, price!);
      return {
        unlocked: { chapter_uuid: next.uuid, chapter_number: next.number, coins: price!, undo_until: toIso(at + UNDO_MS) },
        skipped: null,
        balance,
      };
    });
  }

  /** Undoes the auto-unlock of `chapterUuid` within its minute: the chapter locks again, the coins go back, once. */
  async function undoAutoUnlock(user: AuthUser, chapterUuid: string): Promise<AutoUnlockUndoResult> {
    const chapter = await unlocksRepo.findChapterOffer(db, chapterUuid);
    if (!chapter) throw chapterNotFound();
    const unavailable = () =>
      new AppError(
        ErrorCode.UNDO_NOT_AVAILABLE,
        409,
        'There is no auto-unlock of this chapter to undo (undone already, or its minute has passed)',
      );
    return domainEvents.transact(async (trx) => {
      await ledger.lockWithin(trx, user.id);
      const grant = await repo.undoableGrant(trx, user.id, chapter.id, now() - UNDO_MS);
      if (!grant) throw unavailable();
      const undone = await ledger.undoSpendWithin(trx, user.id, grant.id);
      if (!undone) throw unavailable();
      const auto = await unlocksRepo.findAutoUnlock(trx, user.id, chapter.book.id);
      // What this opt-in spent no longer counts it (an earlier opt-in's spending was never counted here).
      if (auto && grant.granted_at >= auto.enabled_at) await repo.addAutoUnlockSpent(trx, auto.id, -Math.min(auto.spent, undone.refunded));
      return undone;
    });
  }

  /** The chapters of the book still locked for the reader, in reading order, with their prices. */
  async function lockedOf(executor: DbExecutor, user: AuthUser, book: Offer) {
    const locked = (await access.bookChaptersAccessWithin(executor, user, book.id)).filter((row) => !mayRead(row.access));
    const prices = await pricesOf(
      executor,
      book,
      locked.map((row) => row.id),
    );
    const chapters = locked.map((row, i) => ({ ...row, price: prices[i]! }));
    return { chapters, total: chapters.reduce((sum, row) => sum + row.price, 0) };
  }

  /** What unlocking every chapter still locked would cost now (confirm with its total). */
  async function unlockAllPreview(user: AuthUser, bookUuid: string): Promise<UnlockAllPreview> {
    const book = await offeredBook(bookUuid);
    const [{ chapters, total }, balance] = await Promise.all([lockedOf(db, user, book), ledgerRepo.balanceOf(db, user.id, now())]);
    return {
      chapters: chapters.map((row) => ({ chapter_uuid: row.uuid, chapter_number: row.number, price: row.price })),
      total,
      balance,
    };
  }

  /** Unlocks every chapter still locked, all or none, at the total the reader confirmed (refused if it changed). */
  async function unlockAll(user: AuthUser, bookUuid: string, confirmed: number): Promise<UnlockAllResult> {
    const book = await offeredBook(bookUuid);
    return domainEvents.transact(async (trx) => {
      await ledger.lockWithin(trx, user.id);
      const { chapters, total } = await lockedOf(trx, user, book);
      if (chapters.length === 0) throw new AppError(ErrorCode.NOTHING_TO_UNLOCK, 409, 'You can read every chapter of this book already');
      if (total !== confirmed) {
        throw new AppError(
          ErrorCode.UNLOCK_ALL_TOTAL_CHANGED,
          409,
          `Unlocking them all now costs ${total} coins, not ${confirmed}; nothing was spent`,
          undefined,
          undefined,
          { total },
        );
      }
      const { balance } = await ledger.spendAsWithin(
        trx,
        user.id,
        chapters.map((row) => ({ chapterId: row.id, bookId: book.id, price: row.price })),
        { entryKind: 'bulk_unlock', grantKind: 'coins', expiresAt: null },
      );
      return { unlocked: chapters.map((row) => row.uuid), total, balance };
    });
  }

  return { rent, setAutoUnlock, autoUnlock, undoAutoUnlock, unlockAllPreview, unlockAll };
}

export type CoinOptionsService = ReturnType<typeof createCoinOptionsService>;
