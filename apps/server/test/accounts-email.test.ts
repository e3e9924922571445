import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeader, createUser, type Injected, nextClientIp, postApi } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://books.example' });
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const uniqueName = (prefix = 'mail') => `${prefix}${Date.now().toString(36).slice(-4)}${(counter += 1)}`;
const uniqueAddress = (prefix = 'reader') => `${prefix}.${Date.now().toString(36)}${(counter += 1)}@example.com`;

const post = (url: string, payload: Record<string, unknown>, headers?: Record<string, string>, ip?: string) =>
  postApi(ctx, url, payload, headers, ip);
const me = async (token: string) =>
  (await ctx.app.inject({
    url: '/api/v1/user/me',
    headers: { authorization: `Token ${token}` },
    remoteAddress: nextClientIp(),
  })) as Injected;
const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  post('/user/login', { username, password }, headers);

function expectError(response: Injected, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().code).toBe(code);
  expect(typeof response.json().error).toBe('string');
}

const outbox = (to: string, kind?: string) => {
  let query = ctx.db.selectFrom('mail_outbox').selectAll().where('recipient_key', '=', to.toLowerCase());
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('id').execute();
};
const dataOf = (row: { data: string }) => JSON.parse(row.data) as Record<string, string>;
const tokenOf = (row: { data: string }) => new URL(dataOf(row).link!).searchParams.get('token')!;

/** Registers and logs in through the API; with `email`, also confirms it with the link from the outbox. */
async function account(options: { email?: string; confirm?: boolean; language?: string } = {}) {
  const username = uniqueName();
  const password = 'first-pass-1';
  const headers: Record<string, string> = options.language ? { 'accept-language': options.language } : {};
  const registered = await post('/user/register', { username, password, ...(options.email ? { email: options.email } : {}) }, headers);
  expect(registered.statusCode, registered.body).toBe(201);
  if (options.email && options.confirm) {
    const [row] = await outbox(options.email, 'email-confirm');
    expect((await post('/user/email/confirm', { token: tokenOf(row!) })).statusCode).toBe(200);
  }
  const logged = await login(username, password);
  expect(logged.statusCode).toBe(200);
  const token = logged.json().data.jwt_token as string;
  const id = (await ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  return { username, password, token, id, email: options.email ?? null };
}

/**
 * Forgotten-password work runs after the answer, one request after another: once a later request
 * for a confirmed account has its row, every earlier request has been worked off.
 */
async function settleForgotten() {
  const marker = await account({ email: uniqueAddress('marker'), confirm: true });
  expect((await post('/user/password/forgot', { login: marker.username })).statusCode).toBe(202);
  await vi.waitFor(async () => expect(await outbox(marker.email!, 'password-reset')).toHaveLength(1), { timeout: 5000, interval: 20 });
}

describe('the address at registration and on /user/me', () => {
  it('registers without an address: /user/me says email null, not confirmed, and nothing is queued', async () => {
    const reader = await account();
    const body = (await me(reader.token)).json().data.result;
    expect(body.email).toBeNull();
    expect(body.email_confirmed).toBe(false);
    expect(await ctx.db.selectFrom('mail_outbox').select('id').where('user_id', '=', reader.id).execute()).toEqual([]);
  });

  it('registers with an address: stored unconfirmed, one confirmation in the reader’s language, the token only as a hash', async () => {
    const email = uniqueAddress('Reader');
    const reader = await account({ email: `  ${email.replace('example.com', 'EXAMPLE.com')} `, language: 'zh-cn' });
    const body = (await me(reader.token)).json().data.result;
    expect(body.email).toBe(email);
    expect(body.email_confirmed).toBe(false);
    const rows = await outbox(email);
    expect(rows.map((r) => [r.kind, r.language, r.recipient])).toEqual([['email-confirm', 'zh-cn', email]]);
    const link = new URL(dataOf(rows[0]!).link!);
    expect(`${link.origin}${link.pathname}`).toBe('https://books.example/confirm-email');
    expect(JSON.parse(rows[0]!.secret_fields!)).toContain('link');
    const token = tokenOf(rows[0]!);
    const stored = await ctx.db.selectFrom('account_tokens').selectAll().where('user_id', '=', reader.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const user = await ctx.db.selectFrom('users').select(['language', 'email_key']).where('id', '=', reader.id).executeTakeFirstOrThrow();
    expect(user.language).toBe('zh-cn');
    expect(user.email_key).toBeNull();
  });

  const badAddresses: Array<[string, string]> = [
    ['malformed', 'not-an-address'],
    ['two @', 'a@b@example.com'],
    ['overlong', `${'x'.repeat(250)}@example.com`],
    ['local part over 64', `${'x'.repeat(65)}@example.com`],
    ['CR/LF header injection', 'reader@example.com\r\nBcc: everyone@example.org'],
    ['IP literal', 'reader@[192.0.2.7]'],
    ['bare IP domain', 'reader@192.0.2.7'],
    ['no dot in the domain', 'reader@localhost'],
    ['quoted local part', '"reader"@example.com'],
  ];

  it.each(badAddresses)('registration with a %s address: 400 INVALID_EMAIL, no account, no mail', async (_name, email) => {
    const username = uniqueName('bad');
    expectError(await post('/user/register', { username, password: 'first-pass-1', email }), 400, 'INVALID_EMAIL');
    expect(await ctx.db.selectFrom('users').select('id').where('username', '=', username).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('mail_outbox').select('id').where('recipient', 'like', '%192.0.2.7%').execute()).toEqual([]);
  });

  it.each(badAddresses)('POST /user/email with a %s address: 400 INVALID_EMAIL, nothing stored', async (_name, email) => {
    const reader = await account();
    expectError(await post('/user/email', { email }, authHeader(reader)), 400, 'INVALID_EMAIL');
    const user = await ctx.db.selectFrom('users').select(['email']).where('id', '=', reader.id).executeTakeFirstOrThrow();
    expect(user.email).toBeNull();
    expect(await ctx.db.selectFrom('account_tokens').select('id').where('user_id', '=', reader.id).execute()).toEqual([]);
  });

  it('POST /user/email needs a login', async () => {
    expectError(await post('/user/email', { email: uniqueAddress() }), 401, 'AUTH_REQUIRED');
  });
});

describe('confirming an address', () => {
  it('the link confirms once; the same or a wrong token then gives INVALID_EMAIL_TOKEN', async () => {
    const email = uniqueAddress();
    const reader = await account({ email });
    const token = tokenOf((await outbox(email, 'email-confirm'))[0]!);
    expectError(await post('/user/email/confirm', { token: `${token}x` }), 400, 'INVALID_EMAIL_TOKEN');
    const confirmed = await post('/user/email/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: { result: { confirmed: true } } });
    expect((await me(reader.token)).json().data.result).toMatchObject({ email, email_confirmed: true });
    expectError(await post('/user/email/confirm', { token }), 400, 'INVALID_EMAIL_TOKEN');
  });

  it('a confirmation link stops working after 24 hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const email = uniqueAddress();
    const reader = await account({ email });
    const token = tokenOf((await outbox(email, 'email-confirm'))[0]!);
    vi.setSystemTime(Date.now() + 24 * 3_600_000 + 1000);
    expectError(await post('/user/email/confirm', { token }), 400, 'INVALID_EMAIL_TOKEN');
    expect((await me(reader.token)).json().data.result.email_confirmed).toBe(false);
  });

  it('the same address again resends (the old link stops); a confirmed address again sends nothing', async () => {
    const email = uniqueAddress();
    const reader = await account({ email });
    const again = await post('/user/email', { email }, authHeader(reader));
    expect(again.json()).toEqual({ data: { result: { email, email_confirmed: false } } });
    const rows = await outbox(email, 'email-confirm');
    expect(rows).toHaveLength(2);
    expectError(await post('/user/email/confirm', { token: tokenOf(rows[0]!) }), 400, 'INVALID_EMAIL_TOKEN');
    expect((await post('/user/email/confirm', { token: tokenOf(rows[1]!) })).statusCode).toBe(200);
    const confirmedAgain = await post('/user/email', { email: email.toUpperCase() }, authHeader(reader));
    expect(confirmedAgain.json().data.result).toEqual({ email, email_confirmed: true });
    expect(await outbox(email, 'email-confirm')).toHaveLength(2);
  });

  it('changing a confirmed address tells the old one; the new one waits for its link; the old link is void', async () => {
    const old = uniqueAddress('old');
    const reader = await account({ email: old, confirm: true });
    const next = uniqueAddress('new');
    const changed = await post('/user/email', { email: next, current_password: reader.password }, authHeader(reader));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.result).toEqual({ email: next, email_confirmed: false });
    const notice = await outbox(old, 'email-changed');
    expect(notice).toHaveLength(1);
    expect(dataOf(notice[0]!).new_address).toMatch(/^n•••@example\.com$/);
    expect(notice[0]!.data).not.toContain(next);
    expect((await me(reader.token)).json().data.result).toMatchObject({ email: next, email_confirmed: false });
    expect((await post('/user/email/confirm', { token: tokenOf((await outbox(next, 'email-confirm'))[0]!) })).statusCode).toBe(200);
    // A third change: the unconfirmed second address is not told (only a confirmed one is).
    const third = uniqueAddress('third');
    const pending = uniqueAddress('pending');
    await post('/user/email', { email: pending, current_password: reader.password }, authHeader(reader));
    await post('/user/email', { email: third, current_password: reader.password }, authHeader(reader));
    expect(await outbox(pending, 'email-changed')).toEqual([]);
    expectError(
      await post('/user/email/confirm', { token: tokenOf((await outbox(pending, 'email-confirm'))[0]!) }),
      400,
      'INVALID_EMAIL_TOKEN',
    );
  });

  it('an address confirmed on one account is refused to others (409 EMAIL_TAKEN); an unconfirmed one blocks nobody', async () => {
    const email = uniqueAddress('taken');
    await account({ email, confirm: true });
    expectError(await post('/user/register', { username: uniqueName(), password: 'first-pass-1', email }), 409, 'EMAIL_TAKEN');
    const other = await account();
    expectError(
      await post('/user/email', { email: email.toUpperCase(), current_password: other.password }, authHeader(other)),
      409,
      'EMAIL_TAKEN',
    );

    const squatted = uniqueAddress('squat');
    const squatter = await account({ email: squatted });
    const owner = await account({ email: squatted });
    expect((await post('/user/email/confirm', { token: tokenOf((await outbox(squatted, 'email-confirm')).at(-1)!) })).statusCode).toBe(200);
    expect((await me(owner.token)).json().data.result.email_confirmed).toBe(true);
    // The squatter's link now confirms an address another account holds.
    expectError(await post('/user/email/confirm', { token: tokenOf((await outbox(squatted, 'email-confirm'))[0]!) }), 409, 'EMAIL_TAKEN');
    expect((await me(squatter.token)).json().data.result.email_confirmed).toBe(false);
  });

  it('extra body fields are dropped: email_confirmed cannot be set by the client', async () => {
    const reader = await account();
    const email = uniqueAddress();
    const response = await post(
      '/user/email',
      { email, current_password: reader.password, email_confirmed: true, email_confirmed_at: 1 },
      authHeader(reader),
    );
    expect(response.statusCode).toBe(200);
    expect((await me(reader.token)).json().data.result.email_confirmed).toBe(false);
  });
});

describe('forgotten password', () => {
  it('answers 202 with the same body for a confirmed account, an unconfirmed one, and unknown names and addresses', async () => {
    const confirmed = await account({ email: uniqueAddress(), confirm: true });
    const unconfirmedEmail = uniqueAddress('unconfirmed');
    const unconfirmed = await account({ email: unconfirmedEmail });
    const noAddress = await account();
    const logins = [
      confirmed.username,
      confirmed.email!.toUpperCase(),
      unconfirmed.username,
      unconfirmedEmail,
      noAddress.username,
      uniqueName('nobody'),
      uniqueAddress('nobody'),
      'not an address @ all',
    ];
    const answers = [];
    for (const loginValue of logins) answers.push(await post('/user/password/forgot', { login: loginValue }));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(answers[0]!.json()).toEqual({ data: { result: { accepted: true } } });
    await settleForgotten();
    const resetRows = (userId: number) =>
      ctx.db.selectFrom('account_tokens').select('id').where('user_id', '=', userId).where('purpose', '=', 'password-reset').execute();
    expect(await resetRows(confirmed.id)).toHaveLength(2);
    expect(await outbox(confirmed.email!, 'password-reset')).toHaveLength(2);
    expect(await resetRows(unconfirmed.id)).toEqual([]);
    expect(await outbox(unconfirmedEmail, 'password-reset')).toEqual([]);
    expect(await resetRows(noAddress.id)).toEqual([]);
  });

  it('a reset link works once: new password, old tokens revoked, the account told; then INVALID_RESET_TOKEN', async () => {
    const reader = await account({ email: uniqueAddress(), confirm: true, language: 'fr-fr' });
    await post('/user/password/forgot', { login: reader.username });
    await vi.waitFor(async () => expect(await outbox(reader.email!, 'password-reset')).toHaveLength(1), { timeout: 5000, interval: 20 });
    const row = (await outbox(reader.email!, 'password-reset'))[0]!;
    expect(row.language).toBe('fr-fr');
    expect(JSON.parse(row.secret_fields!)).toEqual(['link']);
    const link = new URL(dataOf(row).link!);
    expect(`${link.origin}${link.pathname}`).toBe('https://books.example/reset-password');
    const token = tokenOf(row);

    const reset = await post('/user/password/reset', { token, new_password: 'second-pass-2' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ data: { result: { updated: true, username: reader.username } } });
    expect((await me(reader.token)).statusCode).toBe(401);
    expectError(await login(reader.username, reader.password), 401, 'INVALID_CREDENTIALS');
    expect((await login(reader.username, 'second-pass-2')).statusCode).toBe(200);
    expect(await outbox(reader.email!, 'password-changed')).toHaveLength(1);

    expectError(await post('/user/password/reset', { token, new_password: 'third-pass-3' }), 400, 'INVALID_RESET_TOKEN');
    expectError(await post('/user/password/reset', { token: 'made-up-token', new_password: 'third-pass-3' }), 400, 'INVALID_RESET_TOKEN');
    expect((await login(reader.username, 'second-pass-2')).statusCode).toBe(200);
  });

  it('using one link voids the other links of the account', async () => {
    const reader = await account({ email: uniqueAddress(), confirm: true });
    await post('/user/password/forgot', { login: reader.username });
    await post('/user/password/forgot', { login: reader.email! });
    await vi.waitFor(async () => expect(await outbox(reader.email!, 'password-reset')).toHaveLength(2), { timeout: 5000, interval: 20 });
    const [first, second] = await outbox(reader.email!, 'password-reset');
    expect((await post('/user/password/reset', { token: tokenOf(second!), new_password: 'second-pass-2' })).statusCode).toBe(200);
    expectError(await post('/user/password/reset', { token: tokenOf(first!), new_password: 'third-pass-3' }), 400, 'INVALID_RESET_TOKEN');
  });

  it('a link works for 30 minutes and not after', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const reader = await account({ email: uniqueAddress(), confirm: true });
    await post('/user/password/forgot', { login: reader.username });
    await vi.waitFor(async () => expect(await outbox(reader.email!, 'password-reset')).toHaveLength(1), { timeout: 5000, interval: 20 });
    vi.setSystemTime(Date.now() + 30 * 60_000 + 1000);
    const token = tokenOf((await outbox(reader.email!, 'password-reset'))[0]!);
    expectError(await post('/user/password/reset', { token, new_password: 'second-pass-2' }), 400, 'INVALID_RESET_TOKEN');
    expect((await login(reader.username, reader.password)).statusCode).toBe(200);

    await post('/user/password/forgot', { login: reader.username });
    await vi.waitFor(async () => expect(await outbox(reader.email!, 'password-reset')).toHaveLength(2), { timeout: 5000, interval: 20 });
    vi.setSystemTime(Date.now() + 29 * 60_000);
    const fresh = tokenOf((await outbox(reader.email!, 'password-reset'))[1]!);
    expect((await post('/user/password/reset', { token: fresh, new_password: 'second-pass-2' })).statusCode).toBe(200);
  });

  it('the new password follows the rules of a password change (8 characters at least)', async () => {
    const response = await post('/user/password/reset', { token: 'whatever', new_password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it.runIf(TEST_DIALECT === 'postgres')('two resets with one token at the same moment: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const reader = await account({ email: uniqueAddress(`race${round}`), confirm: true });
      await post('/user/password/forgot', { login: reader.username });
      await vi.waitFor(async () => expect(await outbox(reader.email!, 'password-reset')).toHaveLength(1), { timeout: 5000, interval: 20 });
      const token = tokenOf((await outbox(reader.email!, 'password-reset'))[0]!);
      const results = await Promise.all([
        post('/user/password/reset', { token, new_password: 'racer-one-1' }),
        post('/user/password/reset', { token, new_password: 'racer-two-2' }),
        post('/user/password/reset', { token, new_password: 'racer-three-3' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      expect(await outbox(reader.email!, 'password-changed')).toHaveLength(1);
    }
  });

  it('POST /user/update_password also tells the confirmed address and voids pending reset links', async () => {
    const reader = await account({ email: uniqueAddress(), confirm: true });
    await post('/user/password/forgot', { login: reader.username });
    await vi.waitFor(async () => expect(await outbox(reader.email!, 'password-reset')).toHaveLength(1), { timeout: 5000, interval: 20 });
    const changed = await post(
      '/user/update_password',
      { current_password: reader.password, new_password: 'changed-pass-2' },
      authHeader(reader),
    );
    expect(changed.statusCode).toBe(200);
    expect(await outbox(reader.email!, 'password-changed')).toHaveLength(1);
    const token = tokenOf((await outbox(reader.email!, 'password-reset'))[0]!);
    expectError(await post('/user/password/reset', { token, new_password: 'third-pass-3' }), 400, 'INVALID_RESET_TOKEN');
  });
});

describe('flooding', () => {
  it('one login asked for from many client addresses: 429 after 5 an hour, and at most 3 links a hour per account', async () => {
    const reader = await account({ email: uniqueAddress(), confirm: true });
    const statuses = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await post('/user/password/forgot', { login: reader.username })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    // The same account by its address: another typed login, still the account's own cap.
    for (let i = 0; i < 3; i += 1) expect((await post('/user/password/forgot', { login: reader.email! })).statusCode).toBe(202);
    await settleForgotten();
    expect(await outbox(reader.email!, 'password-reset')).toHaveLength(3);
  });

  it('one client address: 429 after 60 requests an hour, whatever the logins (a ceiling for many readers)', async () => {
    const ip = nextClientIp();
    const statuses = [];
    for (let i = 0; i < 62; i += 1) statuses.push((await post('/user/password/forgot', { login: uniqueName('flood') }, {}, ip)).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });

  it('resending a confirmation: 429 after 5 an hour per account, never more mail than the cap', async () => {
    const email = uniqueAddress();
    const reader = await account({ email });
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await post('/user/email', { email }, authHeader(reader))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // One at registration and the 5 hourly messages to one address at most.
    expect((await outbox(email, 'email-confirm')).length).toBeLessThanOrEqual(5);
  });

  it('confirmation attempts from one client address: 429 after 100 in 10 minutes', async () => {
    const ip = nextClientIp();
    const statuses = [];
    for (let i = 0; i < 101; i += 1) statuses.push((await post('/user/email/confirm', { token: `guess-${i}` }, {}, ip)).statusCode);
    expect(statuses.slice(0, 100).every((s) => s === 400)).toBe(true);
    expect(statuses[100]).toBe(429);
  });
});

describe('language for messages', () => {
  it('is taken from the request at registration and updated at login', async () => {
    const reader = await account({ language: 'ar-sa' });
    const language = () => ctx.db.selectFrom('users').select('language').where('id', '=', reader.id).executeTakeFirstOrThrow();
    expect((await language()).language).toBe('ar-sa');
    await login(reader.username, reader.password, { 'accept-language': 'es-ES' });
    expect((await language()).language).toBe('es-es');
    await login(reader.username, reader.password, { 'accept-language': 'de-DE,de;q=0.9' });
    expect((await language()).language).toBe('en-us');
    await login(reader.username, reader.password, { 'accept-language': 'zh-CN' });
    expect((await language()).language).toBe('zh-cn');
    // No header, or "*" (no preference): the stored language stays.
    await login(reader.username, reader.password);
    await login(reader.username, reader.password, { 'accept-language': '*' });
    expect((await language()).language).toBe('zh-cn');
  });
});

describe('the console', () => {
  it('shows a reader’s address and state; an administrator sets and clears it, audited with a masked address', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const reader = await account({ email: uniqueAddress('shown'), confirm: true });
    const uuid = (await me(reader.token)).json().data.result.uuid as string;
    const detail = await ctx.app.inject({ url: `/api/v1/admin/users/${uuid}`, headers: authHeader(admin) });
    expect(detail.json().data.email).toEqual({ address: reader.email, confirmed_at: expect.any(String) });

    const next = uniqueAddress('bysupport');
    const put = (email: string | null) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${uuid}/email`,
        headers: authHeader(admin),
        payload: { email, reason: 'support ticket 12' },
      });
    expectError((await put('reader@[10.0.0.1]')) as Injected, 400, 'INVALID_EMAIL');
    const set = await put(next);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ address: next, confirmed_at: null });
    expect(await outbox(next, 'email-confirm')).toHaveLength(1);
    expect(await outbox(reader.email!, 'email-changed')).toHaveLength(1);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.email')
      .where('target_id', '=', uuid)
      .execute();
    expect(audit).toHaveLength(1);
    expect(`${audit[0]!.before_json}${audit[0]!.after_json}`).not.toContain(next);
    expect(`${audit[0]!.before_json}${audit[0]!.after_json}`).not.toContain(reader.email!);
    expect(audit[0]!.after_json).toContain('b•••@example.com');

    const cleared = await put(null);
    expect(cleared.json().data).toEqual({ address: null, confirmed_at: null });
    expect((await me(reader.token)).json().data.result).toMatchObject({ email: null, email_confirmed: false });
    expectError(
      await post('/user/email/confirm', { token: tokenOf((await outbox(next, 'email-confirm'))[0]!) }),
      400,
      'INVALID_EMAIL_TOKEN',
    );

    const plain = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${uuid}/email`,
      headers: authHeader(reader),
      payload: { email: next, reason: 'x' },
    });
    expect(plain.statusCode).toBe(403);
  });
});
