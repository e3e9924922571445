import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/modules/users/tokens.js';
import { authHeader, createUser, nextClientIp } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let nameCounter = 0;
const uniqueName = (prefix = 'reader') => `${prefix}${Date.now().toString(36).slice(-4)}${(nameCounter += 1)}`;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const register = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user/register', payload, remoteAddress: nextClientIp() });
const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username, password }, remoteAddress: nextClientIp() });
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers, remoteAddress: nextClientIp() });
const updatePassword = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user/update_password', headers, payload, remoteAddress: nextClientIp() });

/** Asserts the failure shape of the contract: `{error, code, details?}` and never `data`. */
function expectError(response: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as Record<string, unknown>;
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  expect((body.error as string).length).toBeGreaterThan(0);
  expect(body).not.toHaveProperty('data');
  return body;
}

function expectValidationField(response: { statusCode: number; json: () => unknown }, field: string) {
  const body = expectError(response, 400, 'VALIDATION_FAILED');
  const details = body.details as { field: string; message: string }[];
  expect(Array.isArray(details)).toBe(true);
  expect(details.length).toBeGreaterThan(0);
  expect(details.map((d) => d.field)).toContain(field);
  for (const detail of details) expect(typeof detail.message).toBe('string');
}

describe('POST /user/register', () => {
  it('creates an account: 201 with {data:{uuid, username}} and no error field', async () => {
    const username = uniqueName('Alice');
    const response = await register({ username, password: 'hunter22', user_type: 'inkstream' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).not.toHaveProperty('error');
    expect(body).not.toHaveProperty('code');
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toEqual({ uuid: expect.stringMatching(UUID), username });

    const logged = await login(username, 'hunter22');
    expect(logged.statusCode).toBe(200);
    expect(logged.json().data.uuid).toBe(body.data.uuid);
  });

  it.each([
    ['a 3-character username', { username: 'abc', password: 'hunter22' }, 'username'],
    ['a 17-character username', { username: 'abcdefghijklmnopq', password: 'hunter22' }, 'username'],
    ['a username with an underscore', { username: 'ab_cd', password: 'hunter22' }, 'username'],
    ['a username with a space', { username: 'abc d', password: 'hunter22' }, 'username'],
    ['a missing username', { password: 'hunter22' }, 'username'],
    ['a missing password', { username: 'validname' }, 'password'],
    ['a 4-character password', { username: 'validname', password: 'abcd' }, 'password'],
    ['a 129-character password', { username: 'validname', password: 'a'.repeat(129) }, 'password'],
  ])('refuses %s with 400 VALIDATION_FAILED naming the field', async (_label, payload, field) => {
    const response = await register(payload);
    expectValidationField(response, field);
  });

  it('does not create an account when validation fails', async () => {
    expectValidationField(await register({ username: 'abc', password: 'hunter22' }), 'username');
    expectError(await login('abc', 'hunter22'), 401, 'INVALID_CREDENTIALS');
  });

  it('accepts the boundaries: a 4-character username, a 16-character one, 5- and 25-character passwords', async () => {
    const four = 'Wxyz';
    const short = await register({ username: four, password: 'abcde' });
    expect(short.statusCode).toBe(201);
    expect(short.json().data.username).toBe(four);

    const sixteen = uniqueName('p').padEnd(16, 'x');
    expect(sixteen).toHaveLength(16);
    const long = await register({ username: sixteen, password: 'b'.repeat(25) });
    expect(long.statusCode).toBe(201);
    expect(long.json().data.username).toBe(sixteen);
  });

  it('accepts a Chinese username and logs it in', async () => {
    const response = await register({ username: '读者小明', password: 'hunter22' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({ uuid: expect.stringMatching(UUID), username: '读者小明' });
    const logged = await login('读者小明', 'hunter22');
    expect(logged.statusCode).toBe(200);
    expect(logged.json().data.username).toBe('读者小明');
  });

  it('accepts a name with an accented letter whether it arrives composed (NFC) or decomposed (NFD)', async () => {
    // "José": letters only. Keyboards and some platforms send the decomposed form e + U+0301 (combining acute).
    const composed = await register({ username: 'Jos\u00e9', password: 'hunter22' });
    expect(composed.statusCode).toBe(201);
    expect(composed.json().data.username).toBe('Jos\u00e9');

    const decomposed = await register({ username: 'Rene\u0301e', password: 'hunter22' });
    expect(decomposed.statusCode).toBe(201);
    // The server keeps names in NFC, so the decomposed spelling is stored composed and logs in either way.
    expect(decomposed.json().data.username).toBe('Ren\u00e9e');
    expect((await login('Ren\u00e9e', 'hunter22')).statusCode).toBe(200);
    expect((await login('Rene\u0301e', 'hunter22')).statusCode).toBe(200);
    // The same name in the other normalisation form is the same user.
    expectError(await register({ username: 'Jose\u0301', password: 'hunter22' }), 409, 'USERNAME_TAKEN');
  });

  it('refuses a name that shows nothing or piles marks on a letter, as comment text is refused (issue 40)', async () => {
    // A name is shown beside every comment and review: Hangul fillers are letters (Lo) that draw
    // nothing, and four of them were a name; so was one letter under 15 combining marks.
    for (const username of [
      '\u3164\u3164\u3164\u3164',
      '\u115F\u1160\u115F\u1160',
      'ab\u3164cd',
      `a${'\u0336'.repeat(15)}`,
      `ab${'\uFE0F'.repeat(4)}`,
    ]) {
      expectError(await register({ username, password: 'hunter22' }), 400, 'VALIDATION_FAILED');
    }
    // Scripts that write vowels as marks still register: Hindi, Thai.
    for (const username of [`हिन्दी${(nameCounter += 1)}`, `ภาษาไทย${(nameCounter += 1)}`]) {
      expect((await register({ username, password: 'hunter22' })).statusCode, username).toBe(201);
    }
  });

  it('answers 409 USERNAME_TAKEN for the same name in another case', async () => {
    const username = uniqueName('CaseUser');
    expect((await register({ username, password: 'hunter22' })).statusCode).toBe(201);
    expectError(await register({ username: username.toLowerCase(), password: 'other-pass' }), 409, 'USERNAME_TAKEN');
    expectError(await register({ username: username.toUpperCase(), password: 'other-pass' }), 409, 'USERNAME_TAKEN');
    expectError(await register({ username, password: 'other-pass' }), 409, 'USERNAME_TAKEN');
    // The first account keeps its password.
    expect((await login(username, 'hunter22')).statusCode).toBe(200);
    expectError(await login(username, 'other-pass'), 401, 'INVALID_CREDENTIALS');
  });

  it('answers 400 INVALID_INVITE_CODE for an unknown invitation code and creates no account', async () => {
    const username = uniqueName('invitee');
    expectError(await register({ username, password: 'hunter22', invite_code: 'NOSUCHCODE' }), 400, 'INVALID_INVITE_CODE');
    expect((await register({ username, password: 'hunter22' })).statusCode).toBe(201);
  });

  it("accepts an existing user's invitation code and counts the invitation", async () => {
    const inviter = await createUser(ctx);
    const before = await get('/api/v1/user/invite_code', authHeader(inviter));
    expect(before.statusCode).toBe(200);
    const { invite_code, invited_count } = before.json().data.result;
    expect(invited_count).toBe(0);
    expect(typeof invite_code).toBe('string');
    expect(invite_code.length).toBeGreaterThan(0);

    const response = await register({ username: uniqueName('friend'), password: 'hunter22', invite_code });
    expect(response.statusCode).toBe(201);

    const after = await get('/api/v1/user/invite_code', authHeader(inviter));
    expect(after.json().data.result).toEqual({ invite_code, invited_count: 1 });
  });
});

describe('POST /user/login', () => {
  let user: { username: string; password: string; uuid: string };
  beforeAll(async () => {
    const username = uniqueName('Login');
    const registered = await register({ username, password: 'open-sesame' });
    expect(registered.statusCode).toBe(201);
    user = { username, password: 'open-sesame', uuid: registered.json().data.uuid };
  });

  it('returns {data:{jwt_token, uuid, username}}', async () => {
    const response = await login(user.username, user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toHaveProperty('error');
    expect(body.data).toEqual({ jwt_token: expect.any(String), uuid: user.uuid, username: user.username });
    expect(body.data.jwt_token.split('.')).toHaveLength(3);
    const me = await get('/api/v1/user/me', { authorization: `Token ${body.data.jwt_token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.result.uuid).toBe(user.uuid);
  });

  it('answers a wrong password and an unknown user alike: 401 INVALID_CREDENTIALS', async () => {
    const wrong = expectError(await login(user.username, 'not-the-password'), 401, 'INVALID_CREDENTIALS');
    expect(wrong.error).toBe('Invalid username or password');
    const unknown = expectError(await login(uniqueName('ghost'), 'whatever1'), 401, 'INVALID_CREDENTIALS');
    expect(unknown.error).toBe('Invalid username or password');
  });

  it('matches the username case-insensitively and returns the name as registered', async () => {
    for (const variant of [user.username.toLowerCase(), user.username.toUpperCase()]) {
      const response = await login(variant, user.password);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ uuid: user.uuid, username: user.username });
    }
  });

  it('refuses an empty body with 400 VALIDATION_FAILED', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: {}, remoteAddress: nextClientIp() });
    expectError(response, 400, 'VALIDATION_FAILED');
  });
});

describe('tokens', () => {
  const search = '/api/v1/comics/book/search?language=en-us';

  it('answers a garbage token with 401 INVALID_TOKEN, even on a public endpoint', async () => {
    const anonymous = await get(search);
    expect(anonymous.statusCode).toBe(200);
    expectError(await get(search, { authorization: 'Token abc' }), 401, 'INVALID_TOKEN');
    expectError(await get(search, { authorization: 'Token' }), 401, 'INVALID_TOKEN');
    expectError(await get('/api/v1/user/book/membership', { authorization: 'Token abc' }), 401, 'INVALID_TOKEN');
  });

  it('refuses a token signed with another secret', async () => {
    const user = await createUser(ctx);
    const forged = await createTokenService(randomBytes(32).toString('hex')).issue({ userUuid: user.uuid, tokenVersion: 0 });
    expectError(await get('/api/v1/user/me', { authorization: `Token ${forged}` }), 401, 'INVALID_TOKEN');
    expectError(await get(search, { authorization: `Token ${forged}` }), 401, 'INVALID_TOKEN');
    // The real token of the same user works.
    expect((await get('/api/v1/user/me', authHeader(user))).statusCode).toBe(200);
  });

  it('ignores a malformed X-VISITOR-ID', async () => {
    for (const visitor of ['NOT-HEX!', 'ABCDEF12', '123', 'abcdef123']) {
      const response = await get(search, { 'x-visitor-id': visitor });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ result: [], total: 0 });
    }
    const membership = await get('/api/v1/user/book/membership', { 'x-visitor-id': 'zzzz' });
    expect(membership.statusCode).toBe(200);
    expect(membership.json()).toEqual({ data: { result: null } });
  });
});

describe('GET /user/me', () => {
  it('returns uuid, username, role, created_at, the e-mail state and totp_enabled', async () => {
    const before = Date.now();
    const username = uniqueName('MeUser');
    const registered = await register({ username, password: 'hunter22' });
    const after = Date.now();
    const token = (await login(username, 'hunter22')).json().data.jwt_token as string;
    const response = await get('/api/v1/user/me', { authorization: `Token ${token}` });
    expect(response.statusCode).toBe(200);
    const result = response.json().data.result;
    expect(result).toEqual({
      uuid: registered.json().data.uuid,
      username,
      role: 'user',
      created_at: expect.stringMatching(ISO_UTC),
      totp_enabled: false,
      email: null,
      email_confirmed: false,
    });
    const createdAt = Date.parse(result.created_at);
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(after + 1000);
  });

  it('answers 401 AUTH_REQUIRED without a token', async () => {
    expectError(await get('/api/v1/user/me'), 401, 'AUTH_REQUIRED');
    expectError(await get('/api/v1/user/me', { 'x-visitor-id': '0a1b2c3d' }), 401, 'AUTH_REQUIRED');
  });
});

describe('POST /user/update_password', () => {
  it('refuses a 7-character password with 400 VALIDATION_FAILED', async () => {
    const user = await createUser(ctx);
    const response = await updatePassword(authHeader(user), { new_password: 'seven77', current_password: user.password });
    expectValidationField(response, 'new_password');
    // The password did not change.
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('answers 401 AUTH_REQUIRED without a token', async () => {
    expectError(await updatePassword({}, { new_password: 'long-enough-1', current_password: 'secret-pass-1' }), 401, 'AUTH_REQUIRED');
  });

  it('requires the current password: a token alone changes nothing (ASVS 2.1.6)', async () => {
    const user = await createUser(ctx);
    expectValidationField(await updatePassword(authHeader(user), { new_password: 'brand-new-pass' }), 'current_password');
    expectValidationField(
      await updatePassword(authHeader(user), { new_password: 'brand-new-pass', current_password: '' }),
      'current_password',
    );
    expect((await get('/api/v1/user/me', authHeader(user))).statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('changes the password, returns a new token and revokes every older token', async () => {
    const user = await createUser(ctx);
    const response = await updatePassword(authHeader(user), { new_password: 'brand-new-pass', current_password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toHaveProperty('error');
    expect(body.data).toEqual({ result: { updated: true, jwt_token: expect.any(String) } });
    const newToken = body.data.result.jwt_token as string;
    expect(newToken).not.toBe(user.token);

    expectError(await get('/api/v1/user/me', authHeader(user)), 401, 'INVALID_TOKEN');
    expectError(await get('/api/v1/comics/book/search?language=en-us', authHeader(user)), 401, 'INVALID_TOKEN');
    const me = await get('/api/v1/user/me', { authorization: `Token ${newToken}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.result.uuid).toBe(user.uuid);

    const withNew = await login(user.username, 'brand-new-pass');
    expect(withNew.statusCode).toBe(200);
    expect(withNew.json().data.uuid).toBe(user.uuid);
    expectError(await login(user.username, user.password), 401, 'INVALID_CREDENTIALS');
  });

  it('answers 403 WRONG_PASSWORD when the current_password is wrong, and changes nothing', async () => {
    const user = await createUser(ctx);
    const response = await updatePassword(authHeader(user), {
      new_password: 'brand-new-pass',
      current_password: 'not-my-password',
    });
    const body = expectError(response, 403, 'WRONG_PASSWORD');
    expect(body.error).toBe('The current password is not correct');
    expect((await get('/api/v1/user/me', authHeader(user))).statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    expectError(await login(user.username, 'brand-new-pass'), 401, 'INVALID_CREDENTIALS');
  });

  it('counts wrong current passwords against the login throttle, so guessing here and at login share one budget', async () => {
    const user = await createUser(ctx);
    const remoteAddress = nextClientIp();
    const change = (current_password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/update_password',
        headers: authHeader(user),
        payload: { new_password: 'brand-new-pass', current_password },
        remoteAddress,
      });
    const logIn = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username: user.username, password }, remoteAddress });
    // 2 wrong guesses here and 2 at login: the 4 failures one address may make on an account at once.
    for (let guess = 0; guess < 2; guess += 1) expectError(await change(`guess-${guess}`), 403, 'WRONG_PASSWORD');
    for (let guess = 2; guess < 4; guess += 1) expectError(await logIn(`guess-${guess}`), 401, 'INVALID_CREDENTIALS');
    // That address must now wait (1 s after the 4th failure), on either route, even with the right password.
    const changed = await change(user.password);
    expectError(changed, 429, 'RATE_LIMITED');
    expect(Number(changed.headers['retry-after'])).toBe(1);
    expectError(await logIn(user.password), 429, 'RATE_LIMITED');
    // The password did not change, and the owner elsewhere is not locked out.
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });
});

describe('GET /user/invite_code', () => {
  it('answers 401 AUTH_REQUIRED without a token', async () => {
    expectError(await get('/api/v1/user/invite_code'), 401, 'AUTH_REQUIRED');
  });

  it('returns the code and a zero count for a new user', async () => {
    const username = uniqueName('Inviter');
    expect((await register({ username, password: 'hunter22' })).statusCode).toBe(201);
    const token = (await login(username, 'hunter22')).json().data.jwt_token as string;
    const response = await get('/api/v1/user/invite_code', { authorization: `Token ${token}` });
    expect(response.statusCode).toBe(200);
    const result = response.json().data.result;
    expect(result).toEqual({ invite_code: expect.stringMatching(/^[A-Z0-9]{4,}$/), invited_count: 0 });
    // The code is stable.
    const again = await get('/api/v1/user/invite_code', { authorization: `Token ${token}` });
    expect(again.json().data.result.invite_code).toBe(result.invite_code);
  });
});
