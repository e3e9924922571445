import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  WALLET_HISTORY_MAX,
  type BookUnlocks,
  type FreeUnlockResult,
  type UnlockOffer,
  type UnlockResult,
  type Wallet,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import { mayRead, type ChapterAccess } from '../access/chapter-access.js';
import type { AccessService } from '../access/access.service.js';
import type { SiteSettingsService } from '../settings/site-settings.service.js';
import type { AuthUser } from '../users/auth-user.js';
import type { CoinLedger } from './coin-ledger.js';
import * as ledgerRepo from './coin-ledger.repository.js';
import * as repo from './unlocks.repository.js';

const HOUR_MS = 3_600_000;

/** Wait-for-free opens a locked chapter, never one in early access (that is what coins buy ahead). */
const isFreeUnlockable = (row: { access: ChapterAccess }) => !mayRead(row.access) && row.access !== 'early_access';

/** Issue 59: read by a rental and nothing else (not free, not a membership): buying it for good is offered. */
export const isRentedOnly = (row: { access: ChapterAccess; grantUntil: number | null }) =>
  row.access === 'granted' && row.grantUntil !== null;

const chapterNotFound = () => notFound(ErrorCode.CHAPTER_NOT_FOUND, 'Chapter not found');
const bookNotFound = () => notFound(ErrorCode.BOOK_NOT_FOUND, 'Book not found');
const notOffered = () => new AppError(ErrorCode.UNLOCK_NOT_OFFERED, 400, 'This book is not sold chapter by chapter');
const notThisChapter = () =>
  new AppError(
    ErrorCode.FREE_UNLOCK_OTHER_CHAPTER,
    409,
    'A free unlock opens your first locked chapter in reading order (never one in early access), not this one; nothing was unlocked',
  );
const alreadyReadable = () => new AppError(ErrorCode.ALREADY_READABLE, 409, 'You can read this chapter already; no coins were spent');

/** A book's offer: its price per chapter when coins are on for the site and the book; null otherwise. */
type BookOffer = {
  id: number;
  uuid: string;
  coin_price: number | null;
  wait_free_hours: number | null;
  rental_price: number | null;
  rental_days: number | null;
};

/**
 * What readers do with coins (docs/PAYMENTS.md "Coins"): see their wallet, unlock chapters, take
 * a book's free unlock when it is ready. Whether a chapter is locked is the access rule's answer
 * (modules/access), read after the reader's lock in the same transaction as the spending: two
 * devices unlocking at once spend once, and the second is told the chapter is readable already.
 */
export function createUnlocksService(deps: {
  db: Db;
  domainEvents: DomainEvents;
  access: AccessService;
  settings: Pick<SiteSettingsService, 'get'>;
  ledger: CoinLedger;
  /** Tells a follower when their next free unlock is ready (free-unlock-notice.ts). */
  readyNotice?: { scheduleWithin(trx: DbExecutor, userId: number, bookId: number, readyAt: number): Promise<void> };
  now?: () => number;
}) {
  const { db, domainEvents, access, ledger } = deps;
  const now = deps.now ?? Date.now;

  const coinsEnabled = async () => (await deps.settings.get()).coins_enabled;
  const sellsChapters = (book: BookOffer, enabled: boolean) => enabled && book.coin_price !== null;
  const waitFreeOf = (book: BookOffer, enabled: boolean) => (sellsChapters(book, enabled) ? book.wait_free_hours : null);

  async function wallet(userId: number): Promise<Wallet> {
    const at = now();
    const [balance, history, expiring] = await Promise.all([
      ledgerRepo.balanceOf(db, userId, at),
      ledgerRepo.historyOf(db, userId, WALLET_HISTORY_MAX),
      ledgerRepo.expiringLots(db, userId, at),
    ]);
    return {
      balance,
      history: history.map((row) => ({
        kind: row.kind,
        coins: row.coins,
        balance_after: row.balance_after,
        at: toIso(Number(row.created_at)),
        order_id: row.order_id,
        chapter_uuid: row.chapter_uuid ?? null,
        book_uuid: row.book_uuid ?? null,
        book_title: row.book_title ?? null,
        chapter_number: row.chapter_number ?? null,
        reason: row.reason,
      })),
      expiring: expiring.map((lot) => ({ coins: lot.remaining, expires_at: toIso(Number(lot.expires_at)) })),
    };
  }

  /**
   * Unlocks the chapter and, with `count`, the next locked ones after it in reading order (fewer
   * when the book has fewer), all or none. The first must be locked for the reader now.
   */
  async function unlock(user: AuthUser, chapterUuid: string, count = 1): Promise<UnlockResult> {
    const chapter = await repo.findChapterOffer(db, chapterUuid);
    if (!chapter) throw chapterNotFound();
    if (!sellsChapters(chapter.book, await coinsEnabled())) throw notOffered();
    return domainEvents.transact(async (trx) => {
      await ledger.lockWithin(trx, user.id);
      const chapters = await access.bookChaptersAccessWithin(trx, user, chapter.book.id);
      const at = chapters.findIndex((row) => row.id === chapter.id);
      if (at < 0) throw chapterNotFound();
      // Issue 59: a chapter read only by a rental can be bought for good.
      if (mayRead(chapters[at]!.access) && !isRentedOnly(chapters[at]!)) throw alreadyReadable();
      const chosen = [chapters[at]!, ...chapters.slice(at + 1).filter((row) => !mayRead(row.access))].slice(0, count);
      const prices = await repo.chapterPrices(
        trx,
        chosen.map((row) => row.id),
      );
      const balance = await ledger.spendWithin(
        trx,
        user.id,
        chosen.map((row) => ({ chapterId: row.id, bookId: chapter.book.id, price: prices.get(row.id) ?? chapter.book.coin_price! })),
      );
      return { unlocked: chosen.map((row) => row.uuid), balance };
    });
  }

  /** When the reader's next free unlock of the book is ready (null: the book offers none). */
  async function freeUnlockAtWithin(executor: DbExecutor, userId: number, book: BookOffer, enabled: boolean): Promise<number | null> {
    const hours = waitFreeOf(book, enabled);
    if (hours === null) return null;
    const last = await ledgerRepo.lastFreeUnlockAt(executor, userId, book.id);
    return last === null ? now() : Math.max(now(), last + hours * HOUR_MS);
  }

  /**
   * Wait-for-free: opens the reader's first locked chapter of the book in reading order (never one
   * past a chapter they cannot read yet, never one they hold), once every `wait_free_hours`. With
   * `chapterUuid` (the reader's screen names the chapter), only when that is the one.
   */
  async function unlockFree(user: AuthUser, bookUuid: string, chapterUuid?: string): Promise<FreeUnlockResult> {
    const book = await repo.findBookOffer(db, bookUuid);
    if (!book) throw bookNotFound();
    const enabled = await coinsEnabled();
    const hours = waitFreeOf(book, enabled);
    if (hours === null) throw new AppError(ErrorCode.UNLOCK_NOT_OFFERED, 400, 'This book offers no free unlocks');
    return domainEvents.transact(async (trx) => {
      await ledger.lockWithin(trx, user.id);
      const readyAt = (await freeUnlockAtWithin(trx, user.id, book, enabled))!;
      const at = now();
      if (readyAt > at) {
        const seconds = Math.ceil((readyAt - at) / 1000);
        throw new AppError(
          ErrorCode.FREE_UNLOCK_NOT_READY,
          429,
          'Your next free unlock of this book is not ready yet',
          undefined,
          seconds,
          {
            free_unlock_at: toIso(readyAt),
          },
        );
      }
      const chapters = await access.bookChaptersAccessWithin(trx, user, book.id);
      const next = chapters.find(isFreeUnlockable);
      // Issue 56: a free unlock asked from a chapter opens that chapter or nothing, never another one.
      if (chapterUuid !== undefined && next?.uuid.toLowerCase() !== chapterUuid.toLowerCase()) throw notThisChapter();
      if (!next) throw new AppError(ErrorCode.NOTHING_TO_UNLOCK, 409, 'You can read every chapter of this book already');
      await ledgerRepo.insertChapterGrant(trx, {
        user_id: user.id,
        chapter_id: next.id,
        kind: 'wait_free',
        source_ref: randomUUID(),
        granted_at: at,
      });
      await deps.readyNotice?.scheduleWithin(trx, user.id, book.id, at + hours * HOUR_MS);
      return { chapter_uuid: next.uuid, next_free_at: toIso(at + hours * HOUR_MS) };
    });
  }

  /** The reader's unlocks of one book: the book page's offer, countdown and marks. */
  async function bookUnlocks(user: AuthUser, bookUuid: string): Promise<BookUnlocks> {
    const book = await repo.findBookOffer(db, bookUuid);
    if (!book) throw bookNotFound();
    const enabled = await coinsEnabled();
    const offered = sellsChapters(book, enabled);
    const [balance, held, freeAt, chapters, auto] = await Promise.all([
      ledgerRepo.balanceOf(db, user.id, now()),
      repo.heldChapters(db, user.id, book.id),
      freeUnlockAtWithin(db, user.id, book, enabled),
      // Every chapter's access only for a book sold chapter by chapter (its rentals, its free unlock).
      offered ? access.bookChaptersAccessWithin(db, user, book.id) : Promise.resolve([]),
      offered ? repo.findAutoUnlock(db, user.id, book.id) : Promise.resolve(undefined),
    ]);
    const rentable = offered && book.rental_price !== null;
    const prices = offered ? await repo.bookChapterPrices(db, book.id) : [];
    return {
      offered,
      price: offered ? book.coin_price : null,
      balance,
      wait_free_hours: waitFreeOf(book, enabled),
      free_unlock_at: freeAt === null ? null : toIso(freeAt),
      free_unlock_chapter_uuid: waitFreeOf(book, enabled) !== null ? (chapters.find(isFreeUnlockable)?.uuid ?? null) : null,
      unlocked: held,
      chapter_prices: Object.fromEntries(prices.map((row) => [row.uuid, row.coin_price])),
      rental_price: rentable ? book.rental_price : null,
      rental_days: rentable ? book.rental_days : null,
      // Issue 59: what the access rule reads by a rental now, and until when.
      rented: Object.fromEntries(chapters.filter(isRentedOnly).map((row) => [row.uuid, toIso(row.grantUntil!)])),
      auto_unlock: auto ? { cap: auto.cap, spent: auto.spent } : null,
    };
  }

  /** Whether the reader's free unlock of the book would open this chapter (the first free-unlockable one). */
  async function freeUnlockOpens(user: AuthUser, book: BookOffer, chapterId: number, enabled: boolean): Promise<boolean> {
    if (waitFreeOf(book, enabled) === null) return false;
    const chapters = await access.bookChaptersAccessWithin(db, user, book.id);
    return chapters.find(isFreeUnlockable)?.id === chapterId;
  }

  /**
   * What a refused reader may do instead of a membership (the locked chapter's 403 `unlock`): the
   * price, their coins, their free unlock. Null when the book is not sold chapter by chapter.
   */
  async function offerFor(user: AuthUser | null, chapterUuid: string): Promise<UnlockOffer | null> {
    const chapter = await repo.findChapterOffer(db, chapterUuid);
    const enabled = await coinsEnabled();
    if (!chapter || !sellsChapters(chapter.book, enabled)) return null;
    const price = chapter.coin_price ?? chapter.book.coin_price!;
    if (!user) return { price, balance: null, free_unlock_at: null };
    const [balance, freeAt, opensThis] = await Promise.all([
      ledgerRepo.balanceOf(db, user.id, now()),
      freeUnlockAtWithin(db, user.id, chapter.book, enabled),
      freeUnlockOpens(user, chapter.book, chapter.id, enabled),
    ]);
    // Issue 56: the offer's free unlock is this chapter's, or none (it once opened another chapter).
    return { price, balance, free_unlock_at: freeAt === null || !opensThis ? null : toIso(freeAt) };
  }

  return { wallet, unlock, unlockFree, bookUnlocks, offerFor };
}

export type UnlocksService = ReturnType<typeof createUnlocksService>;
