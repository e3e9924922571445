import { expect } from 'vitest';
import { authHeader, createUser, nextClientIp, type TestBook, type TestUser } from './factories.js';
import { sandboxPay } from './payment-flows.js';
import type { TestContext } from './test-context.js';

/** Coins on for the site, as an administrator turns them on in the console. */
export async function turnCoinsOn(ctx: TestContext, admin: TestUser, on = true): Promise<void> {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    headers: authHeader(admin),
    payload: { coins_enabled: on },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A coin pack on sale (the console's packs screen writes the same row). */
export async function createPack(
  ctx: TestContext,
  pack: { coins: number; bonus?: number; priceFen: number; bonusExpiryDays?: number | null; paymentLink?: string | null },
): Promise<number> {
  const now = Date.now();
  const row = await ctx.db
    .insertInto('coin_packs')
    .values({
      coins: pack.coins,
      bonus_coins: pack.bonus ?? 0,
      price_fen: pack.priceFen,
      bonus_expiry_days: pack.bonusExpiryDays ?? null,
      stripe_payment_link: pack.paymentLink ?? null,
      stripe_buy_button: null,
      is_active: 1,
      sort_order: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A book sold chapter by chapter (the console's "Selling chapters" panel and `book unlocks` write the same columns). */
export async function sellChapters(
  ctx: TestContext,
  book: TestBook,
  options: { price: number; waitFreeHours?: number | null; chapterPrices?: Record<number, number> },
): Promise<void> {
  await ctx.db
    .updateTable('books')
    .set({ coin_price: options.price, wait_free_hours: options.waitFreeHours ?? null })
    .where('id', '=', book.id)
    .execute();
  for (const [number, price] of Object.entries(options.chapterPrices ?? {})) {
    await ctx.db
      .updateTable('chapters')
      .set({ coin_price: price })
      .where('id', '=', book.chapters[Number(number) - 1]!.id)
      .execute();
  }
}

/** Buys a pack through the sandbox rail: the order call with `pack`, then the payer confirms. */
export async function buyPack(ctx: TestContext, user: TestUser, packId: number): Promise<string> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/wechat/payment/china_book_membership/create',
    headers: authHeader(user),
    payload: { pack: packId },
    remoteAddress: nextClientIp(),
  });
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().data.order_id as string;
  const paid = await sandboxPay(ctx, user, orderId);
  expect(paid.json().data.result).toEqual({ completed: true, status: 'succeeded' });
  return orderId;
}

export const unlock = (ctx: TestContext, user: TestUser | null, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/comics/chapter/unlock',
    headers: user ? authHeader(user) : {},
    payload: payload as object,
    remoteAddress: nextClientIp(),
  });

export const unlockFree = (ctx: TestContext, user: TestUser, bookUuid: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/comics/chapter/unlock_free',
    headers: authHeader(user),
    payload: { book_uuid: bookUuid },
    remoteAddress: nextClientIp(),
  });

export async function walletOf(ctx: TestContext, user: TestUser) {
  const response = await ctx.app.inject({ url: '/api/v1/user/wallet', headers: authHeader(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.result as {
    balance: number;
    history: {
      kind: string;
      coins: number;
      balance_after: number;
      chapter_uuid: string | null;
      order_id: string | null;
      reason: string | null;
    }[];
    expiring: { coins: number; expires_at: string }[];
  };
}

export const readChapter = (ctx: TestContext, user: TestUser | null, chapterUuid: string) =>
  ctx.app.inject({ url: `/api/v1/comics/chapter_comics/${chapterUuid}/en-us`, headers: user ? authHeader(user) : {} });

/** A reader holding `coins` coins bought through the sandbox (a pack of exactly that many, made for them). */
export async function readerWithCoins(ctx: TestContext, coins: number): Promise<TestUser> {
  const user = await createUser(ctx);
  if (coins > 0) await buyPack(ctx, user, await createPack(ctx, { coins, priceFen: coins * 10 }));
  return user;
}
