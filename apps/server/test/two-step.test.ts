import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeader, createUser, createUserWithEmail, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { enableTwoStep, totpCodeAt } from './helpers/two-step.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

type Reply = LightMyRequestResponse;

function expectError(response: Reply, status: number, code: string) {
  expect({ status: response.statusCode, code: response.json().code }).toEqual({ status, code });
  expect(response.json()).not.toHaveProperty('data');
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = nextClientIp()) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as Record<string, unknown>, headers, remoteAddress });

const login = (user: TestUser, extra: Record<string, unknown> = {}, remoteAddress = nextClientIp()) =>
  post('/user/login', { username: user.username, password: user.password, ...extra }, {}, remoteAddress);

const codeAt = totpCodeAt;

/** Sets two-step sign-in up and on for a new user; returns the secret and the recovery codes. */
async function withTwoStep(user?: TestUser) {
  const account = user ?? (await createUser(ctx));
  return { user: account, ...(await enableTwoStep(ctx, account)) };
}

const me = async (user: TestUser) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: authHeader(user) })).json().data.result;

describe('setting two-step sign-in up', () => {
  it('gives a secret, its otpauth URL and a QR code as SVG; a first right code turns it on with ten recovery codes', async () => {
    const user = await createUser(ctx);
    expect((await me(user)).totp_enabled).toBe(false);
    const setup = await post('/user/totp/setup', { password: user.password }, authHeader(user));
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json().data.result;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(url.pathname)).toContain(user.username);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Inkstream');
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Pending only: the login does not ask for a code yet.
    expect((await login(user)).statusCode).toBe(200);

    const enabled = await post('/user/totp/enable', { code: await codeAt(secret) }, authHeader(user));
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().data.result.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await me(user)).totp_enabled).toBe(true);
    // Turning it on revoked nothing: the session goes on.
    expect((await me(user)).username).toBe(user.username);
  });

  it('asks for the current password, replaces a pending secret when asked again, and refuses once on', async () => {
    const user = await createUser(ctx);
    expectError(await post('/user/totp/setup', { password: 'not-the-password' }, authHeader(user)), 403, 'WRONG_PASSWORD');
    const first = (await post('/user/totp/setup', { password: user.password }, authHeader(user))).json().data.result.secret;
    const second = (await post('/user/totp/setup', { password: user.password }, authHeader(user))).json().data.result.secret;
    expect(second).not.toBe(first);
    // A code of the replaced secret no longer turns it on.
    expectError(await post('/user/totp/enable', { code: await codeAt(first) }, authHeader(user)), 400, 'INVALID_TOTP');
    expect((await post('/user/totp/enable', { code: await codeAt(second) }, authHeader(user))).statusCode).toBe(200);
    expectError(await post('/user/totp/setup', { password: user.password }, authHeader(user)), 409, 'TOTP_ALREADY_ENABLED');
    expectError(await post('/user/totp/enable', { code: await codeAt(second, 1) }, authHeader(user)), 409, 'TOTP_ALREADY_ENABLED');
  });

  it('needs a login', async () => {
    expectError(await post('/user/totp/setup', { password: 'x' }), 401, 'AUTH_REQUIRED');
    expectError(await post('/user/totp/enable', { code: '123456' }), 401, 'AUTH_REQUIRED');
    expectError(await post('/user/totp/disable', { password: 'x', code: '123456' }), 401, 'AUTH_REQUIRED');
    expectError(await post('/user/totp/recovery_codes', { code: '123456' }), 401, 'AUTH_REQUIRED');
  });

  it('stores neither the secret nor the recovery codes in clear', async () => {
    const { user, secret, recoveryCodes } = await withTwoStep();
    const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toBeNull();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(row.totp_pending_secret).toBeNull();
    const stored = await ctx.db.selectFrom('user_recovery_codes').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(10);
    const sha256 = (code: string) => createHash('sha256').update(code.replaceAll('-', '')).digest('hex');
    expect(stored.map((r) => r.code_hash).sort()).toEqual(recoveryCodes.map(sha256).sort());
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
    // A ciphertext copied onto another account does not decrypt there (the account is bound in).
    const other = await withTwoStep();
    await ctx.db.updateTable('users').set({ totp_secret: row.totp_secret }).where('id', '=', other.user.id).execute();
    expectError(await login(other.user, { totp_code: await codeAt(secret, 1) }), 401, 'INVALID_TOTP');
    // Its recovery codes (hashes, no key) still let its owner in.
    expect((await login(other.user, { totp_code: other.recoveryCodes[0] })).statusCode).toBe(200);
  });
});

describe('logging in with two-step sign-in', () => {
  it('asks for the code only after the right password; a wrong password is still INVALID_CREDENTIALS', async () => {
    const { user, secret } = await withTwoStep();
    expectError(await login(user), 401, 'TOTP_REQUIRED');
    expectError(await login({ ...user, password: 'wrong-password' }), 401, 'INVALID_CREDENTIALS');
    expectError(await login({ ...user, password: 'wrong-password' }, { totp_code: await codeAt(secret, 1) }), 401, 'INVALID_CREDENTIALS');
    expectError(await login(user, { totp_code: '000000' === (await codeAt(secret, 1)) ? '111111' : '000000' }), 401, 'INVALID_TOTP');
    const ok = await login(user, { totp_code: await codeAt(secret, 1) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ uuid: user.uuid, username: user.username });
  });

  it('never accepts a code twice (replay), nor a code older than the last one accepted', async () => {
    const { user, secret } = await withTwoStep();
    // The enabling code (this step) is used up already.
    expectError(await login(user, { totp_code: await codeAt(secret) }), 401, 'INVALID_TOTP');
    const next = await codeAt(secret, 1);
    expect((await login(user, { totp_code: next })).statusCode).toBe(200);
    expectError(await login(user, { totp_code: next }), 401, 'INVALID_TOTP');
    // Two minutes later, a fresh code works again; a code two steps off the clock does not.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    expectError(await login(user, { totp_code: await codeAt(secret, 3) }), 401, 'INVALID_TOTP');
    expect((await login(user, { totp_code: await codeAt(secret) })).statusCode).toBe(200);
  });

  it('accepts the same 6-digit code only once when two logins race', async () => {
    const { user, secret } = await withTwoStep();
    const code = await codeAt(secret, 1);
    const answers = await Promise.all([login(user, { totp_code: code }), login(user, { totp_code: code })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('accepts a recovery code once, in any case and without dashes', async () => {
    const { user, recoveryCodes } = await withTwoStep();
    const [first, second] = recoveryCodes as [string, string];
    expect((await login(user, { totp_code: first })).statusCode).toBe(200);
    expectError(await login(user, { totp_code: first }), 401, 'INVALID_TOTP');
    expect((await login(user, { totp_code: second.replaceAll('-', '').toUpperCase() })).statusCode).toBe(200);
    expectError(await login(user, { totp_code: second }), 401, 'INVALID_TOTP');
    const used = await ctx.db
      .selectFrom('user_recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(2);
  });

  it(`lets exactly one of several logins racing with one recovery code in (${TEST_DIALECT})`, async () => {
    const { user, recoveryCodes } = await withTwoStep();
    for (const code of recoveryCodes.slice(0, 4)) {
      const answers = await Promise.all(Array.from({ length: 4 }, () => login(user, { totp_code: code })));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.statusCode !== 200)) expectError(answer, 401, 'INVALID_TOTP');
    }
  });

  it('counts wrong codes against the login throttle, like wrong passwords', async () => {
    const { user, secret } = await withTwoStep();
    const remoteAddress = nextClientIp();
    const right = await codeAt(secret, 1);
    const wrong = right === '123456' ? '654321' : '123456';
    // Two wrong passwords and two wrong codes: the four failures one address may make on an account at once.
    for (let i = 0; i < 2; i += 1)
      expectError(await login({ ...user, password: `guess-${i}` }, {}, remoteAddress), 401, 'INVALID_CREDENTIALS');
    for (let i = 0; i < 2; i += 1) expectError(await login(user, { totp_code: wrong }, remoteAddress), 401, 'INVALID_TOTP');
    // Now that address waits a second, even with the right password and code.
    const refused = await login(user, { totp_code: right }, remoteAddress);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBe(1);
    // Asking for the code without one does not clear the count either.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_100 });
    expectError(await login(user, {}, remoteAddress), 401, 'TOTP_REQUIRED');
    expectError(await login(user, { totp_code: right }, remoteAddress), 429, 'RATE_LIMITED');
    // The owner elsewhere is not locked out.
    expect((await login(user, { totp_code: right })).statusCode).toBe(200);
  });

  it('counts wrong codes on the profile calls against the same throttle', async () => {
    const user = await createUser(ctx);
    const remoteAddress = nextClientIp();
    const { secret } = (await post('/user/totp/setup', { password: user.password }, authHeader(user), remoteAddress)).json().data.result;
    const right = await codeAt(secret);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i += 1)
      expectError(await post('/user/totp/enable', { code: wrong }, authHeader(user), remoteAddress), 400, 'INVALID_TOTP');
    expectError(await post('/user/totp/enable', { code: right }, authHeader(user), remoteAddress), 429, 'RATE_LIMITED');
    expectError(await login(user, {}, remoteAddress), 429, 'RATE_LIMITED');
  });
});

describe('turning two-step sign-in off and new recovery codes', () => {
  it('needs the password and a current code or a recovery code', async () => {
    const { user, secret, recoveryCodes } = await withTwoStep();
    expectError(
      await post(
        '/user/totp/disable',
        { password: user.password, code: '000000' === (await codeAt(secret, 1)) ? '111111' : '000000' },
        authHeader(user),
      ),
      400,
      'INVALID_TOTP',
    );
    expectError(
      await post('/user/totp/disable', { password: 'wrong-pass', code: await codeAt(secret, 1) }, authHeader(user)),
      403,
      'WRONG_PASSWORD',
    );
    expectError(await post('/user/totp/disable', { password: user.password }, authHeader(user)), 400, 'VALIDATION_FAILED');
    const off = await post('/user/totp/disable', { password: user.password, code: recoveryCodes[0] }, authHeader(user));
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ data: { result: { disabled: true } } });
    expect((await me(user)).totp_enabled).toBe(false);
    expect((await login(user)).statusCode).toBe(200);
    const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).toBeNull();
    expect(await ctx.db.selectFrom('user_recovery_codes').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    expectError(
      await post('/user/totp/disable', { password: user.password, code: await codeAt(secret, 1) }, authHeader(user)),
      409,
      'TOTP_NOT_ENABLED',
    );
  });

  it('turns off with a current 6-digit code', async () => {
    const { user, secret } = await withTwoStep();
    expect(
      (await post('/user/totp/disable', { password: user.password, code: await codeAt(secret, 1) }, authHeader(user))).statusCode,
    ).toBe(200);
  });

  it('makes a new set of ten recovery codes; the old ones stop working', async () => {
    const { user, secret, recoveryCodes } = await withTwoStep();
    expectError(
      await post('/user/totp/recovery_codes', { code: '000000' === (await codeAt(secret, 1)) ? '111111' : '000000' }, authHeader(user)),
      400,
      'INVALID_TOTP',
    );
    const fresh = await post('/user/totp/recovery_codes', { code: await codeAt(secret, 1) }, authHeader(user));
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json().data.result.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expectError(await login(user, { totp_code: recoveryCodes[1] }), 401, 'INVALID_TOTP');
    expect((await login(user, { totp_code: codes[0] })).statusCode).toBe(200);
  });

  it('tells the confirmed address, in the same transaction, each time it changes', async () => {
    const user = await createUserWithEmail(ctx, { language: 'fr-fr' });
    const { email } = user;
    const { secret, recoveryCodes } = await withTwoStep(user);
    await post('/user/totp/recovery_codes', { code: recoveryCodes[0] }, authHeader(user));
    await post('/user/totp/disable', { password: user.password, code: await codeAt(secret, 1) }, authHeader(user));
    const mails = await ctx.db.selectFrom('mail_outbox').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    expect(mails.map((m) => [m.kind, m.recipient, m.language])).toEqual(Array(3).fill(['two-step-changed', email, 'fr-fr']));
    expect(mails.map((m) => Object.keys(JSON.parse(m.data)).sort())).toEqual([
      ['turned_on_at', 'username'],
      ['new_codes_at', 'username'],
      ['turned_off_at', 'username'],
    ]);
    // No address, or one not confirmed: nothing is queued.
    const quiet = await withTwoStep();
    expect(await ctx.db.selectFrom('mail_outbox').select('id').where('user_id', '=', quiet.user.id).execute()).toHaveLength(0);
  });
});

describe('bad input', () => {
  it('answers 400, never a 5xx, for codes of the wrong form', async () => {
    const { user } = await withTwoStep();
    for (const code of ['abcdef', '12345', '1234567', '12345a', ' 123456', '１２３４５６', 'x'.repeat(5000), '', 'abcd-efgh-jkm!']) {
      expectError(await login(user, { totp_code: code }), 400, 'VALIDATION_FAILED');
      expectError(await post('/user/totp/recovery_codes', { code }, authHeader(user)), 400, 'VALIDATION_FAILED');
      expectError(await post('/user/totp/disable', { password: user.password, code }, authHeader(user)), 400, 'VALIDATION_FAILED');
    }
    // Other JSON types: refused (a number may be read as its digits: then it is just a wrong code).
    for (const code of [123456, null, ['123456'], { code: '123456' }, true]) {
      expect([400, 401]).toContain((await login(user, { totp_code: code })).statusCode);
    }
    const other = await createUser(ctx);
    for (const code of ['abcd-efgh-jkmn', 'abcdef', '1234567']) {
      expectError(await post('/user/totp/enable', { code }, authHeader(other)), 400, 'VALIDATION_FAILED');
    }
    // Enabling before a setup is a conflict, not a crash.
    expectError(await post('/user/totp/enable', { code: '123456' }, authHeader(other)), 409, 'TOTP_NOT_ENABLED');
    // A well-formed recovery code on an account without two-step sign-in is simply not asked for.
    expect((await login(other, { totp_code: 'abcd-efgh-jkmn' })).statusCode).toBe(200);
  });

  it('keeps bodies closed: unknown fields are dropped, never used', async () => {
    const user = await createUser(ctx);
    const setup = await post(
      '/user/totp/setup',
      { password: user.password, secret: 'JBSWY3DPEHPK3PXP', totp_enabled_at: 1 },
      authHeader(user),
    );
    expect(setup.statusCode).toBe(200);
    expect(setup.json().data.result.secret).not.toBe('JBSWY3DPEHPK3PXP');
    expect((await me(user)).totp_enabled).toBe(false);
  });
});

describe('ADMIN_REQUIRE_2FA', () => {
  it('refuses every admin call to an administrator without two-step sign-in until it is on; reading and /user/totp/* still work', async () => {
    const strict = await createTestContext({ ADMIN_REQUIRE_2FA: 'true' });
    try {
      const admin = await createUser(strict, { role: 'admin' });
      const reader = await createUser(strict);
      const call = (user: TestUser, url = '/api/v1/admin/audit') =>
        strict.app.inject({ method: 'GET', url, headers: authHeader(user), remoteAddress: nextClientIp() });
      expectError(await call(admin), 403, 'TOTP_SETUP_REQUIRED');
      expectError(await call(admin, '/api/v1/admin/users'), 403, 'TOTP_SETUP_REQUIRED');
      expectError(await call(reader), 403, 'FORBIDDEN');
      expect((await strict.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: authHeader(admin) })).statusCode).toBe(200);
      expect((await strict.app.inject({ method: 'GET', url: '/api/v1/reader/book/tags', headers: authHeader(admin) })).statusCode).toBe(
        200,
      );

      const setup = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/user/totp/setup',
        headers: authHeader(admin),
        payload: { password: admin.password },
      });
      const { secret } = setup.json().data.result;
      const enabled = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/user/totp/enable',
        headers: authHeader(admin),
        payload: { code: await codeAt(secret) },
      });
      expect(enabled.statusCode).toBe(200);
      // The same session, now allowed.
      expect((await call(admin)).statusCode).toBe(200);
      expectError(await call(reader), 403, 'FORBIDDEN');
    } finally {
      await strict.close();
    }
  });

  it('is off by default: an administrator without two-step sign-in uses the console', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/audit', headers: authHeader(admin) })).statusCode).toBe(200);
  });
});
