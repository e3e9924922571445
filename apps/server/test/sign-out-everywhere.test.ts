import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, nextClientIp } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const signOutEverywhere = (headers: Record<string, string>, payload?: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/sign_out_everywhere',
    headers,
    remoteAddress: nextClientIp(),
    ...(payload ? { payload } : {}),
  });
const me = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/user/me', headers, remoteAddress: nextClientIp() });
const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username, password }, remoteAddress: nextClientIp() });

/**
 * Issue 40, item 12: the profile's token view offers "sign out everywhere", so a reader who gave
 * their login token to an app can take it back without changing the password.
 */
describe('POST /user/sign_out_everywhere', () => {
  it('revokes every token issued so far (this one and other logins) and gives the caller a new one', async () => {
    const user = await createUser(ctx);
    const other = (await login(user.username, user.password)).json().data.jwt_token as string;
    expect((await me({ authorization: `Token ${other}` })).statusCode).toBe(200);

    const response = await signOutEverywhere(authHeader(user));
    expect(response.statusCode).toBe(200);
    const fresh = response.json().data.result.jwt_token as string;
    expect(fresh).not.toBe(user.token);

    for (const old of [user.token, other]) {
      const refused = await me({ authorization: `Token ${old}` });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('INVALID_TOKEN');
    }
    expect((await me({ authorization: `Token ${fresh}` })).json().data.result.uuid).toBe(user.uuid);
    // The password is untouched: logging in again works as before.
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('asks for nothing but the session: 401 without a token, and fields sent along change nothing', async () => {
    expect((await signOutEverywhere({})).statusCode).toBe(401);
    const user = await createUser(ctx);
    const response = await signOutEverywhere(authHeader(user), { user_uuid: '00000000-0000-4000-8000-000000000000', keep: true });
    expect(response.statusCode).toBe(200);
    expect((await me({ authorization: `Token ${user.token}` })).statusCode).toBe(401);
  });
});
