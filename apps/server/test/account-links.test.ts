import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUsersService } from '../src/modules/users/users.service.js';
import type { TokenService } from '../src/modules/users/tokens.js';
import type { TotpCipher } from '../src/modules/users/totp-crypto.js';
import { authHeader, createUserWithEmail, postApi } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { enableTwoStep } from './helpers/two-step.js';

/**
 * Issue 40, item 2: every single-use link or code kind of an account (reset link, confirmation
 * link, recovery codes) works only in its newest issue: a newer one voids the older unused ones,
 * also when two are asked for at the same moment (two nodes, two tabs).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://books.example' });
});
afterAll(() => ctx.close());

const post = (url: string, payload: Record<string, unknown>, headers?: Record<string, string>) => postApi(ctx, url, payload, headers);

const outbox = (to: string, kind: string) =>
  ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient_key', '=', to.toLowerCase())
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
const tokenOf = (row: { data: string }) => new URL((JSON.parse(row.data) as { link: string }).link).searchParams.get('token')!;
const unusedTokens = (userId: number, purpose: 'password-reset' | 'email-confirm') =>
  ctx.db
    .selectFrom('account_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();

/** A second node's users service on the same database (its own forgotten-password queue). */
const otherNode = () =>
  createUsersService({
    db: ctx.db,
    domainEvents: ctx.app.domainEvents,
    tokens: {} as TokenService,
    totpCipher: {} as TotpCipher,
    publicUrl: 'https://books.example',
  });

describe('a newer link voids the older unused ones', () => {
  it('reset: of links A then B only B works (A is refused, B sets the password)', async () => {
    const reader = await createUserWithEmail(ctx);
    expect((await post('/user/password/forgot', { login: reader.username })).statusCode).toBe(202);
    await vi.waitFor(async () => expect(await outbox(reader.email, 'password-reset')).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect((await post('/user/password/forgot', { login: reader.email })).statusCode).toBe(202);
    await vi.waitFor(async () => expect(await outbox(reader.email, 'password-reset')).toHaveLength(2), { timeout: 5000, interval: 20 });
    const [a, b] = await outbox(reader.email, 'password-reset');

    const withA = await post('/user/password/reset', { token: tokenOf(a!), new_password: 'taken-over-1' });
    expect(withA.statusCode, withA.body).toBe(400);
    expect(withA.json().code).toBe('INVALID_RESET_TOKEN');
    const withB = await post('/user/password/reset', { token: tokenOf(b!), new_password: 'owner-pass-2' });
    expect(withB.statusCode, withB.body).toBe(200);
    expect((await post('/user/login', { username: reader.username, password: 'owner-pass-2' })).statusCode).toBe(200);
  });

  it('reset: two nodes asking at the same moment leave one working link', async () => {
    for (let round = 0; round < 3; round += 1) {
      const reader = await createUserWithEmail(ctx);
      const nodes = [otherNode(), otherNode(), otherNode()];
      for (const node of nodes) node.forgotPassword(reader.username);
      await Promise.all(nodes.map((node) => node.forgotIdle()));
      expect(await outbox(reader.email, 'password-reset')).toHaveLength(3);
      expect(await unusedTokens(reader.id, 'password-reset')).toHaveLength(1);
    }
  });

  it('confirmation: resending at the same moment leaves one working link, the last one sent', async () => {
    for (let round = 0; round < 3; round += 1) {
      const reader = await createUserWithEmail(ctx, { confirmed: false });
      const sends = await Promise.all([1, 2, 3].map(() => post('/user/email', { email: reader.email }, authHeader(reader))));
      expect(sends.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(await outbox(reader.email, 'email-confirm')).toHaveLength(3);
      expect(await unusedTokens(reader.id, 'email-confirm')).toHaveLength(1);
    }
  });

  it(`recovery codes: two new sets asked for at the same moment leave ten working codes (${TEST_DIALECT})`, async () => {
    for (let round = 0; round < 3; round += 1) {
      const reader = await createUserWithEmail(ctx);
      const { recoveryCodes } = await enableTwoStep(ctx, reader);
      const sets = await Promise.all(
        recoveryCodes.slice(0, 3).map((code) => post('/user/totp/recovery_codes', { code }, authHeader(reader))),
      );
      const given = sets.filter((r) => r.statusCode === 200).map((r) => r.json().data.result.recovery_codes as string[]);
      expect(given.length).toBeGreaterThan(0);
      const unused = await ctx.db
        .selectFrom('user_recovery_codes')
        .select('id')
        .where('user_id', '=', reader.id)
        .where('used_at', 'is', null)
        .execute();
      expect(unused).toHaveLength(10);
    }
  });
});
