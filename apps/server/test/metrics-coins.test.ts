import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoinLedger } from '../src/modules/coins/coin-ledger.js';
import { buyPack, createPack, readerWithCoins, sellChapters, turnCoinsOn, unlock, unlockFree } from './helpers/coin-flows.js';
import { createBook, createUser } from './helpers/factories.js';
import { parseSamples, sampleValue } from './helpers/prometheus-text.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Coins on /metrics (issue 56 item 27, docs/OPERATIONS.md "Families"): coins held (the liability)
 * by source, standing unlocks with coins and free (wait-for-free), and coins expired, as the ledger
 * holds them after a day of a reader's coins.
 */
const TOKEN = randomBytes(24).toString('hex');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
  await turnCoinsOn(ctx, await createUser(ctx, { role: 'admin' }));
});
afterAll(() => ctx?.close());

async function scrape() {
  const response = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  const samples = parseSamples(response.body);
  return (name: string, labels: Record<string, string> = {}) => sampleValue(samples, name, labels);
}

describe(`coin metrics (${TEST_DIALECT})`, () => {
  it('shows coins held by source, unlocks with coins and free, and coins expired', async () => {
    const book = await createBook(ctx, { chapters: 4, freeChapters: 1 });
    await sellChapters(ctx, book, { price: 30, waitFreeHours: 24 });
    // 100 paid coins; one chapter for 30, one free unlock.
    const reader = await readerWithCoins(ctx, 100);
    expect((await unlock(ctx, reader, { chapter_uuid: book.chapters[1]!.uuid })).statusCode).toBe(200);
    expect((await unlockFree(ctx, reader, book.uuid)).statusCode).toBe(200);
    // A second pack of 50 with 20 bonus coins that lapse unspent.
    const orderId = await buyPack(ctx, reader, await createPack(ctx, { coins: 50, bonus: 20, priceFen: 500, bonusExpiryDays: 1 }));
    await ctx.db
      .updateTable('coin_lots')
      .set({ expires_at: Date.now() - 1 })
      .where('source', '=', 'bonus')
      .where('source_ref', '=', orderId)
      .execute();
    expect(await createCoinLedger().expireDue(ctx.db)).toBe(1);

    const value = await scrape();
    expect(value('inkstream_coins_outstanding', { source: 'purchase' })).toBe(120);
    expect(value('inkstream_coins_outstanding', { source: 'bonus' })).toBe(0);
    expect(value('inkstream_coins_outstanding', { source: 'grant' })).toBe(0);
    expect(value('inkstream_coin_unlocks', { kind: 'coins' })).toBe(1);
    expect(value('inkstream_coin_unlocks', { kind: 'wait_free' })).toBe(1);
    expect(value('inkstream_coins_expired')).toBe(20);
  });
});
