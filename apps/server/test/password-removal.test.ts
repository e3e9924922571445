import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, callApi, createUser, createUserWithEmail, postApi, type Injected, type TestUser } from './helpers/factories.js';
import { ceremonyAt, type CeremonyOptions, createSoftwareAuthenticator } from './helpers/software-authenticator.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { enableTwoStep, totpCodeAt } from './helpers/two-step.js';

/**
 * Issue 60, the passkey-only rule (docs/ACCOUNTS.md "Passkeys"): POST /user/password/remove makes
 * an account passkey-only only while it has a passkey and a way back (a confirmed e-mail address
 * or unused recovery codes); no passkey removal leaves an account without any way in. Real
 * WebAuthn ceremonies (helpers/software-authenticator.ts), on both databases.
 */
let ctx: TestContext;
let ceremony: CeremonyOptions;
beforeAll(async () => {
  ctx = await createTestContext();
  ceremony = ceremonyAt(ctx.config.publicUrl);
});
afterAll(() => ctx?.close());

async function registerPasskey(user: TestUser) {
  const authenticator = createSoftwareAuthenticator();
  const options = await postApi(ctx, '/user/passkeys/registration/options', {}, authHeader(user));
  expect(options.statusCode, options.body).toBe(200);
  const registered = await postApi(
    ctx,
    '/user/passkeys',
    { credential: authenticator.register(options.json().data.result, ceremony).json },
    authHeader(user),
  );
  expect(registered.statusCode, registered.body).toBe(201);
  return { authenticator, id: registered.json().data.result.id as number };
}

const removePassword = (user: TestUser, body: Record<string, unknown>) => postApi(ctx, '/user/password/remove', body, authHeader(user));
const passwordLogin = (user: TestUser) => postApi(ctx, '/user/login', { username: user.username, password: user.password });
const passkeySignIn = async (authenticator: ReturnType<typeof createSoftwareAuthenticator>) => {
  const options = (await postApi(ctx, '/passkeys/authentication/options', {})).json().data.result;
  return postApi(ctx, '/passkeys/authentication', { credential: authenticator.assert(options, ceremony) });
};
const removePasskeyByAssertion = async (user: TestUser, id: number, authenticator: ReturnType<typeof createSoftwareAuthenticator>) => {
  const confirm = (await postApi(ctx, '/user/passkeys/confirm/options', {}, authHeader(user))).json().data.result;
  return postApi(ctx, `/user/passkeys/${id}/remove`, { assertion: authenticator.assert(confirm, ceremony) }, authHeader(user));
};
const hashOf = async (user: TestUser) =>
  (await ctx.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).password_hash;
const refusalOf = (answer: Injected) => {
  expect(answer.statusCode).toBe(409);
  expect(answer.json().code).toBe('PASSWORD_REMOVAL_REFUSED');
  return answer.json().details[0];
};

describe(`passkey-only accounts (${TEST_DIALECT})`, () => {
  it('refuses to remove the password without a passkey, or without a confirmed e-mail or recovery codes', async () => {
    const withEmail = await createUserWithEmail(ctx);
    expect(refusalOf(await removePassword(withEmail, { current_password: withEmail.password }))).toEqual({
      field: 'reason',
      message: 'no_passkey',
    });

    const unconfirmed = await createUserWithEmail(ctx, { confirmed: false });
    await registerPasskey(unconfirmed);
    expect(refusalOf(await removePassword(unconfirmed, { current_password: unconfirmed.password })).message).toBe('no_recovery');

    // Two-step sign-in on, but every recovery code used: no way back either.
    const usedUp = await createUser(ctx);
    const { secret } = await enableTwoStep(ctx, usedUp);
    await registerPasskey(usedUp);
    await ctx.db.updateTable('user_recovery_codes').set({ used_at: Date.now() }).where('user_id', '=', usedUp.id).execute();
    const refused = await removePassword(usedUp, { current_password: usedUp.password, totp_code: await totpCodeAt(secret) });
    expect(refusalOf(refused).message).toBe('no_recovery');

    for (const user of [withEmail, unconfirmed, usedUp]) {
      expect(await hashOf(user)).not.toBe('');
      expect((await passwordLogin(user)).json().code).not.toBe('INVALID_CREDENTIALS');
    }
  });

  it('removes the password of an account with a passkey and a confirmed e-mail: password logins fail, the passkey still works', async () => {
    const reader = await createUserWithEmail(ctx);
    const { authenticator } = await registerPasskey(reader);
    const wrong = await removePassword(reader, { current_password: 'not-the-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    // The wrong password counted in the failed-login throttle of the account.
    const counted = await ctx.db.selectFrom('auth_throttle').select('failures').where('failures', '>', 0).execute();
    expect(counted.length).toBeGreaterThan(0);
    expect((await removePassword(reader, {})).statusCode).toBe(400);

    // A field the closed body does not name is dropped.
    const removed = await removePassword(reader, { current_password: reader.password, password_hash: 'x' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.result).toEqual({ password_removed: true });
    expect(await hashOf(reader)).toBe('');
    expect((await callApi(ctx, 'GET', '/user/password/state', reader)).json().data.result).toEqual({ has_password: false });
    // The reader is told (their confirmed address), as for every way in taken away.
    const told = await ctx.db
      .selectFrom('mail_outbox')
      .select(['kind', 'data'])
      .where('user_id', '=', reader.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(told.kind).toBe('sign-in-ways-changed');
    expect(JSON.parse(told.data).password_removed).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    // The session stays.
    expect((await callApi(ctx, 'GET', '/user/passkeys', reader)).statusCode).toBe(200);

    const login = await passwordLogin(reader);
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('INVALID_CREDENTIALS');
    const byPasskey = await passkeySignIn(authenticator);
    expect(byPasskey.statusCode, byPasskey.body).toBe(200);
    expect(byPasskey.json().data.uuid).toBe(reader.uuid);

    expect(refusalOf(await removePassword(reader, { current_password: reader.password })).message).toBe('no_password');
  });

  it('removes the password of an account with two-step sign-in and recovery codes left, with its code', async () => {
    const reader = await createUser(ctx);
    const { secret } = await enableTwoStep(ctx, reader);
    await registerPasskey(reader);
    const noCode = await removePassword(reader, { current_password: reader.password });
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json().code).toBe('TOTP_REQUIRED');
    expect((await removePassword(reader, { current_password: reader.password, totp_code: 'not a code!' })).statusCode).toBe(400);
    // The code of the next time step: enableTwoStep used this one.
    const removed = await removePassword(reader, { current_password: reader.password, totp_code: await totpCodeAt(secret, 1) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await hashOf(reader)).toBe('');
  });

  it('never removes the last passkey of an account without a password or provider', async () => {
    const reader = await createUserWithEmail(ctx);
    const first = await registerPasskey(reader);
    const second = await registerPasskey(reader);
    expect((await removePassword(reader, { current_password: reader.password })).statusCode).toBe(200);

    // Two passkeys: one may go.
    const one = await removePasskeyByAssertion(reader, second.id, first.authenticator);
    expect(one.statusCode, one.body).toBe(200);
    // The last one stays, whatever is given.
    const last = await removePasskeyByAssertion(reader, first.id, first.authenticator);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('PASSKEY_LAST_SIGN_IN_WAY');
    const byPassword = await postApi(ctx, `/user/passkeys/${first.id}/remove`, { password: reader.password }, authHeader(reader));
    expect(byPassword.json().code).toBe('PASSKEY_LAST_SIGN_IN_WAY');
    expect((await passkeySignIn(first.authenticator)).statusCode).toBe(200);

    // With a linked provider, the provider is a way in: the last passkey may go.
    await ctx.db
      .insertInto('linked_identities')
      .values({
        user_id: reader.id,
        method: 'oidc',
        provider: 'corp',
        subject: `s-${reader.uuid}`,
        email: null,
        display_name: null,
        created_at: Date.now(),
        last_used_at: null,
      })
      .execute();
    const withProvider = await removePasskeyByAssertion(reader, first.id, first.authenticator);
    expect(withProvider.statusCode, withProvider.body).toBe(200);

    // An account with a password may remove its last passkey.
    const plain = await createUser(ctx);
    const key = await registerPasskey(plain);
    const gone = await postApi(ctx, `/user/passkeys/${key.id}/remove`, { password: plain.password }, authHeader(plain));
    expect(gone.statusCode, gone.body).toBe(200);
  });
});
