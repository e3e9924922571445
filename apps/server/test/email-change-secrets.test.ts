import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, createUserWithEmail, type Injected, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { enableTwoStep, totpCodeAt } from './helpers/two-step.js';

/**
 * Issue 40, item 5: moving the account's address (how it is recovered) needs the current password,
 * and the two-step code when that is on, not only a session token. Wrong passwords count against
 * the failed-login throttle, as at login and on a password change.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://books.example' });
});
afterAll(() => ctx.close());

const setEmail = (user: TestUser, body: Record<string, unknown>, ip = nextClientIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/email',
    payload: body,
    headers: authHeader(user),
    remoteAddress: ip,
  }) as Promise<Injected>;
const addressOf = async (userId: number) =>
  (await ctx.db.selectFrom('users').select(['email', 'email_confirmed_at']).where('id', '=', userId).executeTakeFirstOrThrow()).email;
const sentTo = (address: string) =>
  ctx.db.selectFrom('mail_outbox').select('id').where('recipient_key', '=', address.toLowerCase()).execute();

function expectError(response: Injected, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().code).toBe(code);
}

let n = 0;
const attacker = () => `attacker.${Date.now().toString(36)}${(n += 1)}@example.net`;

describe('changing the address asks for the current password', () => {
  it('a session token alone cannot move a confirmed address: 403 WRONG_PASSWORD, nothing stored or sent', async () => {
    const reader = await createUserWithEmail(ctx);
    const theirs = attacker();
    expectError(await setEmail(reader, { email: theirs }), 403, 'WRONG_PASSWORD');
    expectError(await setEmail(reader, { email: theirs, current_password: 'not-the-password' }), 403, 'WRONG_PASSWORD');
    expect(await addressOf(reader.id)).toBe(reader.email);
    expect(await sentTo(theirs)).toEqual([]);

    const moved = await setEmail(reader, { email: theirs, current_password: reader.password });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.result).toEqual({ email: theirs, email_confirmed: false });
  });

  it('adding a first address needs it too; sending the link again to the same unconfirmed address does not', async () => {
    const reader = await createUser(ctx);
    const address = attacker();
    expectError(await setEmail(reader, { email: address }), 403, 'WRONG_PASSWORD');
    expect(await addressOf(reader.id)).toBeNull();
    expect((await setEmail(reader, { email: address, current_password: reader.password })).statusCode).toBe(200);
    const resent = await setEmail(reader, { email: address.toUpperCase() });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await sentTo(address)).toHaveLength(2);
  });

  it('with two-step sign-in on, the code is needed as well (403 TOTP_REQUIRED, 400 INVALID_TOTP), and used once', async () => {
    const reader = await createUserWithEmail(ctx);
    const { secret, recoveryCodes } = await enableTwoStep(ctx, reader);
    const theirs = attacker();
    expectError(await setEmail(reader, { email: theirs, current_password: reader.password }), 403, 'TOTP_REQUIRED');
    expectError(
      await setEmail(reader, {
        email: theirs,
        current_password: reader.password,
        totp_code: '000000' === (await totpCodeAt(secret, 5)) ? '111111' : '000000',
      }),
      400,
      'INVALID_TOTP',
    );
    expect(await addressOf(reader.id)).toBe(reader.email);
    const code = await totpCodeAt(secret, 1);
    expect((await setEmail(reader, { email: theirs, current_password: reader.password, totp_code: code })).statusCode).toBe(200);
    // The same code again: refused (replay); a recovery code works once.
    expectError(await setEmail(reader, { email: attacker(), current_password: reader.password, totp_code: code }), 400, 'INVALID_TOTP');
    expect((await setEmail(reader, { email: attacker(), current_password: reader.password, totp_code: recoveryCodes[0] })).statusCode).toBe(
      200,
    );
  });

  it('wrong passwords count against the failed-login throttle: 429 from the same network, at login too', async () => {
    const reader = await createUserWithEmail(ctx);
    const ip = nextClientIp();
    for (let i = 0; i < 4; i += 1)
      expectError(await setEmail(reader, { email: attacker(), current_password: `wrong-${i}` }, ip), 403, 'WRONG_PASSWORD');
    // The fourth failure of this network on this account makes it wait: even the right password is refused.
    expectError(await setEmail(reader, { email: attacker(), current_password: reader.password }, ip), 429, 'RATE_LIMITED');
    expect(await addressOf(reader.id)).toBe(reader.email);
    const login = (await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: reader.username, password: reader.password },
      remoteAddress: ip,
    })) as Injected;
    expectError(login, 429, 'RATE_LIMITED');
  });
});
