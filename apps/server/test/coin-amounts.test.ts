import { COIN_GRANT_MAX, COIN_PRICE_MAX } from '@inkstream/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, type TestUser } from './helpers/factories.js';
import { buyPack, createPack, sellChapters, turnCoinsOn, unlock, walletOf } from './helpers/coin-flows.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Coin amounts at their limits (issue 56 item 14): a wallet past 2,147,483,647 coins (32 bits) keeps
 * taking credits and spending on both databases, and no amount anyone can type into the console's
 * coin forms answers a 5xx.
 */
let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
  await turnCoinsOn(ctx, admin);
});
afterAll(() => ctx.close());

const INT32_MAX = 2_147_483_647;

const admin$ = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: authHeader(admin), payload: payload as object });

/** A reader already holding `coins` (an earlier grant, written as the ledger writes one). */
async function readerHolding(coins: number): Promise<TestUser> {
  const reader = await createUser(ctx);
  const at = Date.now();
  const lot = await ctx.db
    .insertInto('coin_lots')
    .values({
      user_id: reader.id,
      source: 'grant',
      source_ref: `seed-${reader.id}`,
      coins,
      remaining: coins,
      expires_at: null,
      created_at: at,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('coin_entries')
    .values({
      user_id: reader.id,
      kind: 'grant',
      coins,
      balance_after: coins,
      order_id: null,
      chapter_id: null,
      book_id: null,
      lot_id: Number(lot.id),
      reason: 'seed',
      created_at: at,
    })
    .execute();
  return reader;
}

describe(`coin amounts past 32 bits on ${TEST_DIALECT}`, () => {
  it('credits a grant and a paid pack past 2,147,483,647 coins, and spends from there', async () => {
    const start = INT32_MAX - 483_647; // 2,147,000,000: one largest grant short of the 32-bit limit
    const reader = await readerHolding(start);

    const granted = await admin$('POST', `/users/${reader.uuid}/coins`, { coins: 1_000_000, reason: 'past the limit' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data.balance).toBe(2_148_000_000);

    await buyPack(ctx, reader, await createPack(ctx, { coins: 1_000_000, bonus: 1_000_000, priceFen: 100_000_000 }));
    expect((await walletOf(ctx, reader)).balance).toBe(2_150_000_000);

    const book = await createBook(ctx, { chapters: 2, freeChapters: 1 });
    await sellChapters(ctx, book, { price: COIN_PRICE_MAX });
    const unlocked = await unlock(ctx, reader, { chapter_uuid: book.chapters[1]!.uuid });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().data.result.balance).toBe(2_150_000_000 - 10_000);

    const wallet = await walletOf(ctx, reader);
    expect(wallet.balance).toBe(2_149_990_000);
    expect(wallet.history.map((entry) => [entry.kind, entry.coins, entry.balance_after])).toEqual([
      ['unlock', -10_000, 2_149_990_000],
      ['bonus', 1_000_000, 2_150_000_000],
      ['purchase', 1_000_000, 2_149_000_000],
      ['grant', 1_000_000, 2_148_000_000],
      ['grant', start, start],
    ]);
  });

  it('answers 4xx, never 5xx, to any amount typed into the coin forms', async () => {
    const reader = await createUser(ctx);
    const book = await createBook(ctx, { chapters: 2, freeChapters: 1 });
    const amounts = [0, -1, 1.5, COIN_GRANT_MAX + 1, INT32_MAX, INT32_MAX + 1, Number.MAX_SAFE_INTEGER, 1e300, '12', null];
    for (const amount of amounts) {
      const answers = [
        await admin$('POST', `/users/${reader.uuid}/coins`, { coins: amount, reason: 'fuzz' }),
        await admin$('POST', '/coin-packs', { coins: amount, price_fen: 100 }),
        await admin$('POST', '/coin-packs', { coins: 10, price_fen: amount }),
        await admin$('POST', '/coin-packs', { coins: 10, price_fen: 100, bonus_coins: amount }),
        await admin$('PATCH', `/books/${book.uuid}/unlocks`, { coin_price: amount }),
        await admin$('PATCH', `/chapters/${book.chapters[1]!.uuid}/price`, { coin_price: amount }),
        await admin$('PATCH', `/coin-packs/${INT32_MAX}`, { coins: amount }),
      ];
      for (const answer of answers) expect(answer.statusCode, `${String(amount)}: ${answer.body}`).toBeLessThan(500);
      // A grant takes 1 to 1,000,000 coins, nothing else.
      expect(answers[0]!.statusCode, String(amount)).toBe(400);
    }
    // The largest amounts the forms take are accepted and shown as given.
    const pack = await admin$('POST', '/coin-packs', { coins: COIN_GRANT_MAX, bonus_coins: COIN_GRANT_MAX, price_fen: 100_000_000 });
    expect(pack.statusCode, pack.body).toBe(200);
    expect(pack.json().data).toMatchObject({ coins: 1_000_000, bonus_coins: 1_000_000, price_fen: 100_000_000 });
  });
});
