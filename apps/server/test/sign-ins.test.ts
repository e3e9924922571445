import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseAccountNow } from './helpers/account-erasure.js';
import { callApi, createUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/** Issue 60: every sign-in is recorded for the reader's security page, and goes with the account. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const logIn = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username, password } });

describe('the security page’s sign-ins', () => {
  it('lists each password sign-in, newest first, only to its reader; a wrong password is not one', async () => {
    const reader = await createUser(ctx);
    const before = (await callApi(ctx, 'GET', '/user/security/sign-ins', reader)).json().data.result.length;
    expect((await logIn(reader.username, reader.password)).statusCode).toBe(200);
    expect((await logIn(reader.username, 'not-the-password')).statusCode).toBe(401);
    expect((await logIn(reader.username, reader.password)).statusCode).toBe(200);
    const listed = (await callApi(ctx, 'GET', '/user/security/sign-ins', reader)).json().data.result;
    expect(listed).toHaveLength(before + 2);
    expect(listed[0]).toEqual({ method: 'password', provider: null, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(Date.parse(listed[0].at)).toBeGreaterThanOrEqual(Date.parse(listed[1].at));
    expect((await callApi(ctx, 'GET', '/user/security/sign-ins', null)).statusCode).toBe(401);
    const other = await createUser(ctx);
    const theirs = (await callApi(ctx, 'GET', '/user/security/sign-ins', other)).json().data.result;
    expect(theirs.length).toBeLessThan(listed.length);
  });

  it('are deleted with the account', async () => {
    const reader = await createUser(ctx);
    await logIn(reader.username, reader.password);
    await eraseAccountNow(ctx, reader);
    const left = await ctx.db.selectFrom('sign_in_events').select('id').where('user_id', '=', reader.id).execute();
    expect(left).toEqual([]);
  });
});
