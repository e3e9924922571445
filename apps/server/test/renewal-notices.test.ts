import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHousekeeping } from '../src/modules/housekeeping/housekeeping.js';
import { renewalTermsOf } from '../src/modules/payments/subscriptions/subscriptions.service.js';
import { authHeader, createUserWithEmail, nextClientIp, type TestUser } from './helpers/factories.js';
import { sandboxPay } from './helpers/payment-flows.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Issue 59: what a renewing membership sends. A renewal that fails: a notice with the last day of
 * grace and the link to fix the card, once. Before a renewal of a season plan: a reminder saying
 * when it renews and for how much (not "top up"); a month plan just renews; a stopped renewal gets
 * the ordinary "your membership ends" reminder.
 */

const PUBLIC_URL = 'https://ink.example';
const DAY = 86_400_000;
let ctx: TestContext;
const log = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
});
afterAll(() => ctx.close());

const post = (user: TestUser, url: string, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: authHeader(user),
    remoteAddress: nextClientIp(),
    ...(payload ? { payload } : {}),
  });

async function subscribed(months: 1 | 3, language = 'en-us') {
  const user = await createUserWithEmail(ctx, { language });
  const created = await post(user, '/payment/wechat/payment/china_book_membership/create', { months, renewing: true });
  await sandboxPay(ctx, user, created.json().data.order_id as string);
  return user;
}

const outbox = async (user: TestUser, kind: string) =>
  (
    await ctx.db
      .selectFrom('mail_outbox')
      .select(['kind', 'list', 'language', 'data'])
      .where('user_id', '=', user.id)
      .where('kind', '=', kind)
      .execute()
  ).map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, string> }));
const memberUntil = async (user: TestUser) =>
  Number((await ctx.db.selectFrom('users').select('member_until').where('id', '=', user.id).executeTakeFirstOrThrow()).member_until);

/** One housekeeping pass as the site runs it (with the renewals' terms), as if the clock said `at`. */
async function runAt(at: number) {
  const housekeeping = createHousekeeping({
    db: ctx.db,
    domainEvents: ctx.app.domainEvents,
    log,
    now: () => at,
    publicUrl: PUBLIC_URL,
    renewalOf: renewalTermsOf,
  });
  try {
    await housekeeping.runOnce();
  } finally {
    await housekeeping.stop();
  }
}

describe('a failed renewal', () => {
  it('sends one notice with the plan, the amount, the last day of reading and the link to the renewal section', async () => {
    const user = await subscribed(1, 'zh-cn');
    await post(user, '/payment/sandbox/subscription/simulate', { event: 'renewal_failed' });
    const notices = await outbox(user, 'renewal-failed');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ list: null, language: 'zh-cn' });
    expect(notices[0]!.data).toMatchObject({ renewal: `${PUBLIC_URL}/profile#renewal`, amount: '¥10' });
    expect(notices[0]!.data.grace_until).toContain(String(new Date(await memberUntil(user)).getUTCFullYear()));
  });
});

describe('reminders of a renewing membership', () => {
  it('tells a season subscriber when it renews and for how much, once', async () => {
    const user = await subscribed(3);
    const end = await memberUntil(user);
    await runAt(end - 3 * DAY + 60_000);
    await runAt(end - 2 * DAY);
    const reminders = await outbox(user, 'renewal-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ list: 'reminders' });
    expect(reminders[0]!.data).toMatchObject({ renewal: `${PUBLIC_URL}/profile#renewal`, amount: 'CN¥27' });
    expect(await outbox(user, 'membership-reminder')).toEqual([]);
  });

  it('lets a month subscription renew without a message, and tells a stopped one that it ends', async () => {
    const monthly = await subscribed(1);
    const stopped = await subscribed(3);
    await post(stopped, '/user/membership/subscription/cancel', {});
    await runAt(Math.max(await memberUntil(monthly), await memberUntil(stopped)) - 3 * DAY + 60_000);
    expect(await outbox(monthly, 'renewal-reminder')).toEqual([]);
    expect(await outbox(monthly, 'membership-reminder')).toEqual([]);
    expect(await outbox(stopped, 'renewal-reminder')).toEqual([]);
    expect(await outbox(stopped, 'membership-reminder')).toHaveLength(1);
  });
});
