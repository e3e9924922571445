import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExportSnapshot } from '../src/modules/data-rights/export/export-snapshot.js';
import { eraseAccountNow } from './helpers/account-erasure.js';
import { authHeader, callApi, createUser, nextClientIp, postApi, type TestUser } from './helpers/factories.js';
import { ceremonyAt, type CeremonyOptions, createSoftwareAuthenticator, FLAGS } from './helpers/software-authenticator.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { enableTwoStep } from './helpers/two-step.js';

/**
 * Issue 60, passkeys: real WebAuthn ceremonies (helpers/software-authenticator.ts signs with its
 * own P-256 keys) against the real verifier, on both databases.
 */
let ctx: TestContext;
let ceremony: CeremonyOptions;
beforeAll(async () => {
  ctx = await createTestContext();
  ceremony = ceremonyAt(ctx.config.publicUrl);
});
afterAll(() => ctx?.close());

const asUser = (user: TestUser) => authHeader(user);

/** Registers a new passkey of `user` on `authenticator` through the API; the answer. */
async function registerPasskey(user: TestUser, authenticator = createSoftwareAuthenticator(), name?: string) {
  const options = await postApi(ctx, '/user/passkeys/registration/options', {}, asUser(user));
  expect(options.statusCode, options.body).toBe(200);
  const made = authenticator.register(options.json().data.result, ceremony);
  const registered = await postApi(ctx, '/user/passkeys', { credential: made.json, ...(name ? { name } : {}) }, asUser(user));
  return { authenticator, registered, options: options.json().data.result };
}

const signInOptions = async () => {
  const answer = await postApi(ctx, '/passkeys/authentication/options', {});
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.result;
};
const signIn = (credential: unknown, ip = nextClientIp()) => postApi(ctx, '/passkeys/authentication', { credential }, {}, ip);
const signInEvents = (user: { id: number }) =>
  ctx.db.selectFrom('sign_in_events').select(['method']).where('user_id', '=', user.id).where('method', '=', 'passkey').execute();

describe(`passkeys (${TEST_DIALECT})`, () => {
  it('registers a discoverable, user-verified passkey and lists it by name and dates, never keys', async () => {
    const reader = await createUser(ctx);
    const other = await createUser(ctx);
    await registerPasskey(other);
    const { registered, options } = await registerPasskey(reader, undefined, 'My phone');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.rp.id).toBe(ceremony.rpId);
    expect(options.excludeCredentials).toEqual([]);
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().data.result).toEqual({
      id: expect.any(Number),
      name: 'My phone',
      created_at: expect.any(String),
      last_used_at: null,
      backed_up: false,
    });
    const listed = await callApi(ctx, 'GET', '/user/passkeys', reader);
    expect(listed.json().data.result).toEqual([registered.json().data.result]);
    expect(listed.body).not.toMatch(/public_key|credential_id/);
    // The next registration excludes the one the reader has; a name defaults from the device type.
    const second = await registerPasskey(reader);
    expect(second.options.excludeCredentials).toHaveLength(1);
    expect(second.registered.json().data.result.name).toBe('Passkey on this device');
    expect((await callApi(ctx, 'GET', '/user/passkeys', null)).statusCode).toBe(401);
  });

  it('refuses a registration without user verification, a replayed one and one for another origin', async () => {
    const reader = await createUser(ctx);
    const authenticator = createSoftwareAuthenticator();
    const options = (await postApi(ctx, '/user/passkeys/registration/options', {}, asUser(reader))).json().data.result;
    const unverified = authenticator.register(options, ceremony, { flags: FLAGS.UP | FLAGS.AT });
    const refused = await postApi(ctx, '/user/passkeys', { credential: unverified.json }, asUser(reader));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('PASSKEY_INVALID');
    // The challenge went with that answer.
    const replayed = authenticator.register(options, ceremony);
    const again = await postApi(ctx, '/user/passkeys', { credential: replayed.json }, asUser(reader));
    expect(again.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    const fresh = (await postApi(ctx, '/user/passkeys/registration/options', {}, asUser(reader))).json().data.result;
    const elsewhere = authenticator.register(fresh, { ...ceremony, origin: 'https://evil.example' });
    expect((await postApi(ctx, '/user/passkeys', { credential: elsewhere.json }, asUser(reader))).json().code).toBe('PASSKEY_INVALID');
    expect((await callApi(ctx, 'GET', '/user/passkeys', reader)).json().data.result).toEqual([]);
  });

  it('signs in with a passkey: the answer of POST /user/login, a token that works, recorded as a passkey sign-in', async () => {
    const reader = await createUser(ctx);
    const { authenticator } = await registerPasskey(reader);
    const answer = await signIn(authenticator.assert(await signInOptions(), ceremony));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual({ jwt_token: expect.any(String), uuid: reader.uuid, username: reader.username });
    const me = await callApi(ctx, 'GET', '/user/me', { token: answer.json().data.jwt_token });
    expect(me.json().data.result?.uuid ?? me.json().data.uuid).toBe(reader.uuid);
    const sessions = await callApi(ctx, 'GET', '/user/security/sign-ins', reader);
    expect(sessions.json().data.result[0]).toMatchObject({ method: 'passkey', provider: null });
    const listed = (await callApi(ctx, 'GET', '/user/passkeys', reader)).json().data.result;
    expect(listed[0].last_used_at).not.toBeNull();
  });

  it('asks no two-step code: a passkey is both factors', async () => {
    const reader = await createUser(ctx);
    await enableTwoStep(ctx, reader);
    const { authenticator } = await registerPasskey(reader);
    const answer = await signIn(authenticator.assert(await signInOptions(), ceremony));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.uuid).toBe(reader.uuid);
  });

  it('refuses a signature counter that goes backwards, and records no sign-in', async () => {
    const reader = await createUser(ctx);
    const { authenticator } = await registerPasskey(reader);
    expect((await signIn(authenticator.assert(await signInOptions(), ceremony, { signCount: 5 }))).statusCode).toBe(200);
    const before = (await signInEvents(reader)).length;
    const clone = await signIn(authenticator.assert(await signInOptions(), ceremony, { signCount: 3 }));
    expect(clone.statusCode).toBe(401);
    expect(clone.json().code).toBe('PASSKEY_INVALID');
    const same = await signIn(authenticator.assert(await signInOptions(), ceremony, { signCount: 5 }));
    expect(same.json().code).toBe('PASSKEY_INVALID');
    expect(await signInEvents(reader)).toHaveLength(before);
    expect((await signIn(authenticator.assert(await signInOptions(), ceremony, { signCount: 6 }))).statusCode).toBe(200);
  });

  it('refuses a replayed challenge, a wrong origin, a wrong RP ID, a bad signature and an unknown passkey', async () => {
    const reader = await createUser(ctx);
    const { authenticator } = await registerPasskey(reader);
    const options = await signInOptions();
    expect((await signIn(authenticator.assert(options, ceremony))).statusCode).toBe(200);
    const replay = await signIn(authenticator.assert(options, ceremony));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    const wrongOrigin = await signIn(authenticator.assert(await signInOptions(), { ...ceremony, origin: 'https://evil.example' }));
    expect([wrongOrigin.statusCode, wrongOrigin.json().code]).toEqual([401, 'PASSKEY_INVALID']);
    const wrongRp = await signIn(authenticator.assert(await signInOptions(), { ...ceremony, rpId: 'evil.example' }));
    expect(wrongRp.json().code).toBe('PASSKEY_INVALID');
    const tampered = authenticator.assert(await signInOptions(), ceremony);
    tampered.response.signature = Buffer.from('not a signature').toString('base64url');
    expect((await signIn(tampered)).json().code).toBe('PASSKEY_INVALID');
    const noUv = await signIn(authenticator.assert(await signInOptions(), ceremony, { flags: FLAGS.UP }));
    expect(noUv.json().code).toBe('PASSKEY_INVALID');
    const stranger = createSoftwareAuthenticator();
    stranger.register({ challenge: 'x', rp: {}, user: { id: 'eA' } }, ceremony);
    const unknown = await signIn(stranger.assert(await signInOptions(), ceremony));
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'PASSKEY_NOT_RECOGNIZED']);
    expect((await postApi(ctx, '/passkeys/authentication', { credential: { id: 'x' } })).statusCode).toBe(400);
  });

  it('throttles wrong passkey answers per account and address, as wrong passwords are', async () => {
    const reader = await createUser(ctx);
    const { authenticator } = await registerPasskey(reader);
    const ip = nextClientIp();
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const bad = authenticator.assert(await signInOptions(), { ...ceremony, origin: 'https://evil.example' });
      codes.push((await signIn(bad, ip)).statusCode);
    }
    expect(codes.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(codes[4]).toBe(429);
    // Another address is not held up by these.
    expect((await signIn(authenticator.assert(await signInOptions(), ceremony))).statusCode).toBe(200);
  });

  it('renames; removing needs the password (or a fresh passkey assertion); another reader’s passkey cannot be touched', async () => {
    const reader = await createUser(ctx);
    const other = await createUser(ctx);
    const { registered, authenticator } = await registerPasskey(reader);
    const id = registered.json().data.result.id as number;
    const renamed = await callApi(ctx, 'PUT', `/user/passkeys/${id}`, reader, { name: 'Laptop' });
    expect(renamed.json().data.result.name).toBe('Laptop');
    expect((await callApi(ctx, 'PUT', `/user/passkeys/${id}`, reader, { name: '' })).statusCode).toBe(400);
    expect((await callApi(ctx, 'PUT', `/user/passkeys/${id}`, reader, { name: '   ' })).json().code).toBe('VALIDATION_FAILED');
    expect((await callApi(ctx, 'PUT', `/user/passkeys/${id}`, other, { name: 'Mine' })).json().code).toBe('PASSKEY_NOT_FOUND');
    const theirs = await postApi(ctx, `/user/passkeys/${id}/remove`, { password: other.password }, asUser(other));
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'PASSKEY_NOT_FOUND']);
    // The session alone is not enough.
    const tokenOnly = await postApi(ctx, `/user/passkeys/${id}/remove`, {}, asUser(reader));
    expect([tokenOnly.statusCode, tokenOnly.json().code]).toEqual([403, 'WRONG_PASSWORD']);
    const wrong = await postApi(ctx, `/user/passkeys/${id}/remove`, { password: 'not-it' }, asUser(reader));
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect((await callApi(ctx, 'GET', '/user/passkeys', reader)).json().data.result).toHaveLength(1);
    const removed = await postApi(ctx, `/user/passkeys/${id}/remove`, { password: reader.password }, asUser(reader));
    expect(removed.json().data.result).toEqual({ removed: true });
    expect((await callApi(ctx, 'GET', '/user/passkeys', reader)).json().data.result).toEqual([]);
    // A removed passkey signs no one in.
    expect((await signIn(authenticator.assert(await signInOptions(), ceremony))).json().code).toBe('PASSKEY_NOT_RECOGNIZED');

    // With a fresh assertion of one of the reader's own passkeys instead of the password.
    const kept = await registerPasskey(reader);
    const extra = await registerPasskey(reader);
    const confirm = (await postApi(ctx, '/user/passkeys/confirm/options', {}, asUser(reader))).json().data.result;
    expect(confirm.allowCredentials).toHaveLength(2);
    const assertion = kept.authenticator.assert(confirm, ceremony);
    const byPasskey = await postApi(ctx, `/user/passkeys/${extra.registered.json().data.result.id}/remove`, { assertion }, asUser(reader));
    expect(byPasskey.json().data.result).toEqual({ removed: true });
    // Another reader's assertion does not remove this reader's passkey.
    const otherKey = await registerPasskey(other);
    const otherConfirm = (await postApi(ctx, '/user/passkeys/confirm/options', {}, asUser(reader))).json().data.result;
    const foreign = await postApi(
      ctx,
      `/user/passkeys/${kept.registered.json().data.result.id}/remove`,
      { assertion: otherKey.authenticator.assert(otherConfirm, ceremony) },
      asUser(reader),
    );
    expect(foreign.json().code).toBe('PASSKEY_INVALID');
  });

  it('are in the export by name and dates (never keys), and deleted with the account', async () => {
    const reader = await createUser(ctx);
    const { authenticator } = await registerPasskey(reader, undefined, 'Tablet');
    await signIn(authenticator.assert(await signInOptions(), ceremony));
    const snapshot = await readExportSnapshot(ctx.db, reader.id, Date.now(), (kind) => kind);
    const signIns = snapshot?.json['sign-ins.json'] as { passkeys: unknown[] };
    expect(signIns.passkeys).toEqual([
      { name: 'Tablet', created_at: expect.any(String), last_used_at: expect.any(String), backed_up: false },
    ]);
    const stored = await ctx.db
      .selectFrom('passkeys')
      .select(['public_key', 'credential_id'])
      .where('user_id', '=', reader.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(snapshot?.json)).not.toContain(stored.public_key);
    expect(JSON.stringify(snapshot?.json)).not.toContain(stored.credential_id);
    await postApi(ctx, '/user/passkeys/registration/options', {}, asUser(reader));
    await eraseAccountNow(ctx, reader);
    expect(await ctx.db.selectFrom('passkeys').select('id').where('user_id', '=', reader.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('webauthn_challenges').select('id').where('user_id', '=', reader.id).execute()).toEqual([]);
  });
});
