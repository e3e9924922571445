import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  type AdminCoinPack,
  type AdminCoinPackCreateBody,
  type AdminCoinPackUpdateBody,
  type BookUnlockSettings,
  type BookUnlockSettingsBody,
  type CoinReport,
  type CoinReportQuery,
} from '@inkstream/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import type { CoinPacksTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { DAY_MS, fromIsoOrNull, toIso } from '../../lib/time.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { consoleTitles } from '../catalogue/console-titles.js';
import type { CoinLedger } from './coin-ledger.js';
import { findUserByUuid } from '../users/users.repository.js';
import { allPacks, findPackWithSold, insertPack, updatePack } from './coin-packs.repository.js';
import * as report from './coin-report.repository.js';
import * as repo from './coins-admin.repository.js';

/** The report's default period: the 30 days up to now. */
export const REPORT_DEFAULT_DAYS = 30;
/** The report's list of books, most coins spent first. */
export const REPORT_TOP_BOOKS = 20;

const bookNotFound = () => notFound(ErrorCode.BOOK_NOT_FOUND, 'Book not found');
const chapterNotFound = () => notFound(ErrorCode.CHAPTER_NOT_FOUND, 'Chapter not found');
const packNotFound = () => notFound(ErrorCode.COIN_PACK_NOT_FOUND, 'No such coin pack');
const userNotFound = () => notFound(ErrorCode.USER_NOT_FOUND, 'No such user');
const linkTaken = () =>
  new AppError(ErrorCode.PAYMENT_LINK_TAKEN, 409, 'Another coin pack sells through this Stripe payment link', [
    { field: 'stripe_payment_link', message: 'is used by another pack' },
  ]);

/**
 * Both databases' refusal of a second pack with the same payment link (the unique index
 * coin_packs_payment_link_key), when two operators save one at the same moment and the check
 * before the write saw neither.
 */
function isPaymentLinkConflict(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (e.code === '23505') return e.constraint === 'coin_packs_payment_link_key';
  return (
    typeof e.code === 'string' &&
    e.code.startsWith('SQLITE_CONSTRAINT') &&
    typeof e.message === 'string' &&
    e.message.includes('coin_packs.stripe_payment_link')
  );
}

const toAdminPack = (pack: Selectable<CoinPacksTable> & { sold: number | string | null }): AdminCoinPack => ({
  id: Number(pack.id),
  coins: pack.coins,
  bonus_coins: pack.bonus_coins,
  price_fen: pack.price_fen,
  bonus_expiry_days: pack.bonus_expiry_days,
  stripe_payment_link: pack.stripe_payment_link,
  stripe_buy_button: pack.stripe_buy_button,
  is_active: Number(pack.is_active) === 1,
  sort_order: pack.sort_order,
  sold: Number(pack.sold ?? 0),
});

/** The fields of a pack as the audit log keeps them (the public shape, without the count). */
const packFields = (pack: AdminCoinPack) => {
  const { sold: _sold, id: _id, ...fields } = pack;
  return fields;
};

/**
 * Coins in the operator's console and command line (docs/ADMIN.md "Coins"): how each book sells
 * its chapters, chapter prices, the packs, gifts of coins, and the report. Every change is audited
 * in its own transaction.
 */
/** Issue 59: a book's rentals last this many days until the operator says otherwise. */
const DEFAULT_RENTAL_DAYS = 7;

const settingsOf = (book: {
  coin_price: number | null;
  wait_free_hours: number | null;
  early_access_count: number;
  early_access_hours: number;
  early_access_members: number;
  rental_price: number | null;
  rental_days: number | null;
}): BookUnlockSettings => ({
  coin_price: book.coin_price,
  wait_free_hours: book.wait_free_hours,
  early_access_count: book.early_access_count,
  early_access_hours: book.early_access_hours,
  early_access_members: book.early_access_members === 1,
  rental_price: book.rental_price,
  rental_days: book.rental_days,
});

export function createCoinsAdminService(deps: {
  db: Db;
  domainEvents: DomainEvents;
  audit: AuditService;
  ledger: CoinLedger;
  now?: () => number;
}) {
  const { db, domainEvents, audit, ledger } = deps;
  const now = deps.now ?? Date.now;

  async function bookUnlocks(bookUuid: string): Promise<BookUnlockSettings> {
    const book = await repo.findBookUnlocks(db, bookUuid.toLowerCase());
    if (!book) throw bookNotFound();
    return settingsOf(book);
  }

  /**
   * Prices are read fresh by every unlock and offer, but the locked chapter's refusal carries the
   * offer and a visitor's rendered page of it is kept per catalogue version: a change is a `book-changed`.
   */
  async function setBookUnlocks(actor: Actor, bookUuid: string, body: BookUnlockSettingsBody): Promise<BookUnlockSettings> {
    return domainEvents.transact(async (trx) => {
      const book = await repo.findBookUnlocks(trx, bookUuid.toLowerCase());
      if (!book) throw bookNotFound();
      const before = settingsOf(book);
      const after: BookUnlockSettings = {
        coin_price: body.coin_price === undefined ? before.coin_price : body.coin_price,
        wait_free_hours: body.wait_free_hours === undefined ? before.wait_free_hours : body.wait_free_hours,
        early_access_count: body.early_access_count ?? before.early_access_count,
        early_access_hours: body.early_access_hours ?? before.early_access_hours,
        early_access_members: body.early_access_members ?? before.early_access_members,
        rental_price: body.rental_price === undefined ? before.rental_price : body.rental_price,
        // Issue 59: a rental needs its days; a price set without them ever given rents for a week.
        rental_days:
          body.rental_days !== undefined
            ? body.rental_days
            : (before.rental_days ?? ((body.rental_price ?? null) !== null ? DEFAULT_RENTAL_DAYS : null)),
      };
      if ((Object.keys(after) as (keyof BookUnlockSettings)[]).every((key) => after[key] === before[key])) return before;
      // Chapters already out keep their early access as it was set when they came out.
      await repo.setBookUnlocks(trx, book.id, { ...after, early_access_members: after.early_access_members ? 1 : 0 });
      await audit.recordWithin(trx, actor, { action: 'book.unlocks', targetType: 'book', targetId: book.uuid, before, after });
      await domainEvents.raise(trx, { type: 'book-changed', bookId: book.id });
      return after;
    });
  }

  async function setChapterPrice(actor: Actor, chapterUuid: string, coinPrice: number | null): Promise<{ coin_price: number | null }> {
    return domainEvents.transact(async (trx) => {
      const chapter = await repo.findChapterPrice(trx, chapterUuid.toLowerCase());
      if (!chapter) throw chapterNotFound();
      if (chapter.coin_price === coinPrice) return { coin_price: coinPrice };
      await repo.setChapterPrice(trx, chapter.id, coinPrice);
      await audit.recordWithin(trx, actor, {
        action: 'chapter.price',
        targetType: 'chapter',
        targetId: chapter.uuid,
        before: { coin_price: chapter.coin_price },
        after: { coin_price: coinPrice },
      });
      await domainEvents.raise(trx, { type: 'chapter-changed', bookId: chapter.book_id });
      return { coin_price: coinPrice };
    });
  }

  const listPacks = async (): Promise<AdminCoinPack[]> => (await allPacks(db)).map(toAdminPack);

  /** Runs a pack write, answering a payment link another pack has (checked first, or refused by the index) with 409. */
  async function packWrite<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isPaymentLinkConflict(error)) throw linkTaken();
      throw error;
    }
  }

  function createPack(actor: Actor, body: AdminCoinPackCreateBody): Promise<AdminCoinPack> {
    return packWrite(() =>
      db.transaction().execute(async (trx) => {
        const link = body.stripe_payment_link ?? null;
        if (link !== null && (await repo.packWithPaymentLink(trx, link, null))) throw linkTaken();
        const at = now();
        const id = await insertPack(trx, {
          coins: body.coins,
          bonus_coins: body.bonus_coins ?? 0,
          price_fen: body.price_fen,
          bonus_expiry_days: body.bonus_expiry_days ?? null,
          stripe_payment_link: link,
          stripe_buy_button: body.stripe_buy_button ?? null,
          is_active: body.is_active === false ? 0 : 1,
          sort_order: body.sort_order ?? 0,
          created_at: at,
          updated_at: at,
        });
        const pack = toAdminPack((await findPackWithSold(trx, id))!);
        await audit.recordWithin(trx, actor, {
          action: 'coin_pack.create',
          targetType: 'coin_pack',
          targetId: id,
          before: null,
          after: packFields(pack),
        });
        return pack;
      }),
    );
  }

  /** Changes the given fields; a pack is never deleted (paid orders keep naming it): is_active false withdraws it. */
  function updatePackFields(actor: Actor, id: number, body: AdminCoinPackUpdateBody): Promise<AdminCoinPack> {
    return packWrite(() =>
      db.transaction().execute(async (trx) => {
        const found = await findPackWithSold(trx, id);
        if (!found) throw packNotFound();
        const current = toAdminPack(found);
        const link = body.stripe_payment_link;
        if (link !== undefined && link !== null && (await repo.packWithPaymentLink(trx, link, id))) throw linkTaken();
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(body) as [keyof typeof body, unknown][]) {
          if (value === undefined || current[field] === value) continue;
          before[field] = current[field];
          after[field] = value;
        }
        if (Object.keys(after).length === 0) return current;
        const { is_active, ...rest } = body;
        await updatePack(trx, id, { ...rest, ...(is_active === undefined ? {} : { is_active: is_active ? 1 : 0 }), updated_at: now() });
        await audit.recordWithin(trx, actor, { action: 'coin_pack.update', targetType: 'coin_pack', targetId: id, before, after });
        return toAdminPack((await findPackWithSold(trx, id))!);
      }),
    );
  }

  /** An operator's gift of coins, with the reason the reader's history and the audit log keep. */
  async function grantCoins(actor: Actor, userUuid: string, coins: number, reason: string): Promise<{ balance: number }> {
    const user = await findUserByUuid(db, userUuid.toLowerCase());
    if (!user) throw userNotFound();
    const sourceRef = randomUUID();
    return domainEvents.transact(async (trx) => {
      const before = await ledger.balanceWithin(trx, user.id);
      const balance = await ledger.grantWithin(trx, user.id, coins, reason, sourceRef);
      if (balance === null) throw new AppError(ErrorCode.CONFLICT, 409, 'This grant was made already');
      await audit.recordWithin(trx, actor, {
        action: 'coins.grant',
        targetType: 'user',
        targetId: user.uuid,
        before: { balance: before },
        after: { balance, coins, reason, source_ref: sourceRef },
      });
      return { balance };
    });
  }

  /** The period asked for: [from, to), by default the 30 days up to now. */
  function periodOf(query: Pick<CoinReportQuery, 'from' | 'to'>): report.Period {
    const to = fromIsoOrNull(query.to) ?? now();
    const from = fromIsoOrNull(query.from) ?? to - REPORT_DEFAULT_DAYS * DAY_MS;
    if (!(from < to)) {
      const message = 'The period must start before it ends';
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, message, [{ field: 'from', message }]);
    }
    return { from, to };
  }

  async function coinReport(query: CoinReportQuery): Promise<CoinReport> {
    const period = periodOf(query);
    const [sums, outstanding, grants, spent, paid, refunded] = await Promise.all([
      report.entrySumsByKind(db, period),
      report.outstandingBySource(db, now()),
      report.unlocksByBook(db, period),
      report.spentByBook(db, period),
      report.paidOrders(db, period),
      report.refundedOrders(db, period),
    ]);
    const sum = (kind: Parameters<typeof sums.get>[0]) => sums.get(kind) ?? 0;

    const revenue = new Map<string, CoinReport['revenue'][number]>();
    const line = (row: { provider: string; plan: string; currency: string }) => {
      const model = row.plan === 'coins' ? ('coins' as const) : ('membership' as const);
      const key = `${row.provider}|${model}|${row.currency}`;
      const found = revenue.get(key) ?? { provider: row.provider, model, currency: row.currency, amount: 0, orders: 0 };
      revenue.set(key, found);
      return found;
    };
    for (const row of paid) {
      const entry = line(row);
      entry.amount += Number(row.amount);
      entry.orders += Number(row.n);
    }
    for (const row of refunded) line(row).amount -= Number(row.amount);

    const perBook = new Map<number, { unlocks: number; free_unlocks: number; coins_spent: number }>();
    const bookLine = (bookId: number) => {
      const found = perBook.get(bookId) ?? { unlocks: 0, free_unlocks: 0, coins_spent: 0 };
      perBook.set(bookId, found);
      return found;
    };
    for (const row of grants) bookLine(row.bookId)[row.kind === 'wait_free' ? 'free_unlocks' : 'unlocks'] += row.count;
    for (const row of spent) bookLine(row.bookId).coins_spent += row.coins;
    const top = [...perBook.entries()]
      .sort(([idA, a], [idB, b]) => b.coins_spent - a.coins_spent || b.unlocks - a.unlocks || b.free_unlocks - a.free_unlocks || idA - idB)
      .slice(0, REPORT_TOP_BOOKS);
    const books = await report.booksByIds(
      db,
      top.map(([id]) => id),
    );
    const byId = new Map(books.map((book) => [book.id, book]));
    const titles = await consoleTitles(db, books, query.language);

    return {
      from: toIso(period.from),
      to: toIso(period.to),
      coins_sold: sum('purchase'),
      bonus_coins: sum('bonus'),
      coins_granted: sum('grant'),
      // Unlocks less what refunds gave back to the other lots (reversal): the coins that stayed spent.
      // Issue 59: rentals, auto-unlocks and unlock-all spend too; an auto-unlock undone gives back.
      coins_spent: -(sum('unlock') + sum('rental') + sum('auto_unlock') + sum('bulk_unlock') + sum('undo_refund') + sum('reversal')),
      coins_refunded: -sum('refund'),
      coins_expired: -sum('expiry'),
      outstanding: [...outstanding.values()].reduce((total, coins) => total + coins, 0),
      outstanding_paid: outstanding.get('purchase') ?? 0,
      unlocks: grants.filter((row) => row.kind !== 'wait_free').reduce((total, row) => total + row.count, 0),
      free_unlocks: grants.filter((row) => row.kind === 'wait_free').reduce((total, row) => total + row.count, 0),
      revenue: [...revenue.values()].sort(
        (a, b) => a.provider.localeCompare(b.provider) || a.model.localeCompare(b.model) || a.currency.localeCompare(b.currency),
      ),
      books: top.flatMap(([id, figures]) => {
        const book = byId.get(id);
        return book ? [{ book_uuid: book.uuid, title: titles.get(id)?.title ?? '', ...figures }] : [];
      }),
    };
  }

  return {
    bookUnlocks,
    setBookUnlocks,
    setChapterPrice,
    listPacks,
    createPack,
    updatePack: updatePackFields,
    grantCoins,
    report: coinReport,
  };
}

export type CoinsAdminService = ReturnType<typeof createCoinsAdminService>;
