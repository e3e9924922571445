import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, callApi, createUser, postApi, type TestUser } from './helpers/factories.js';
import { ceremonyAt, type CeremonyOptions, createSoftwareAuthenticator } from './helpers/software-authenticator.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { enableTwoStep } from './helpers/two-step.js';

/**
 * Issue 60: the console's "Ways to sign in" of a reader (GET /admin/users/{uuid}/sign-in-ways):
 * password, two-step, passkeys (never keys), linked providers and the latest sign-ins in one
 * answer; unlinking a provider from it is audited. On both databases.
 */
let ctx: TestContext;
let ceremony: CeremonyOptions;
beforeAll(async () => {
  ctx = await createTestContext();
  ceremony = ceremonyAt(ctx.config.publicUrl);
});
afterAll(() => ctx?.close());

async function registerPasskey(user: TestUser, name: string) {
  const options = await postApi(ctx, '/user/passkeys/registration/options', {}, authHeader(user));
  expect(options.statusCode, options.body).toBe(200);
  const made = createSoftwareAuthenticator().register(options.json().data.result, ceremony);
  const registered = await postApi(ctx, '/user/passkeys', { credential: made.json, name }, authHeader(user));
  expect(registered.statusCode, registered.body).toBe(201);
}

const linkProvider = (user: TestUser, email: string | null) =>
  ctx.db
    .insertInto('linked_identities')
    .values({
      user_id: user.id,
      method: 'oidc',
      provider: 'corp',
      subject: `subject-${user.uuid}`,
      email,
      display_name: null,
      created_at: Date.now(),
      last_used_at: null,
    })
    .execute();

const ways = (uuid: string, as: TestUser) => callApi(ctx, 'GET', `/admin/users/${uuid}/sign-in-ways`, as);

describe(`the console's ways to sign in (${TEST_DIALECT})`, () => {
  it('gives password, two-step, passkeys, providers and the latest sign-ins in one answer, never keys', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const reader = await createUser(ctx);
    await registerPasskey(reader, 'My phone');
    await enableTwoStep(ctx, reader);
    await linkProvider(reader, 'reader@corp.example');

    const answer = await ways(reader.uuid, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json().data.result;
    expect(result).toMatchObject({ has_password: true, two_step: true, recovery_codes_left: 10, email_confirmed: false });
    expect(result.passkeys).toEqual([{ id: expect.any(Number), name: 'My phone', created_at: expect.any(String), last_used_at: null }]);
    expect(result.providers).toEqual([
      {
        id: expect.any(Number),
        provider: 'corp',
        provider_name: 'corp',
        email: 'reader@corp.example',
        linked_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    // createUser signed in with the password once.
    expect(result.sign_ins).toEqual([{ method: 'password', provider: null, at: expect.any(String) }]);
    expect(answer.body).not.toMatch(/public_key|credential_id|subject|password_hash|code_hash/);

    const plain = (await ways((await createUser(ctx)).uuid, admin)).json().data.result;
    expect(plain).toMatchObject({ has_password: true, two_step: false, recovery_codes_left: 0, passkeys: [], providers: [] });

    expect((await ways(reader.uuid, reader)).statusCode).toBe(403);
    expect((await ways('00000000-0000-4000-8000-000000000000', admin)).json().code).toBe('USER_NOT_FOUND');
    expect((await ways('not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('unlinks a provider with a reason, audited, and never the only way into an account', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const reader = await createUser(ctx);
    await linkProvider(reader, 'someone@corp.example');
    const [link] = (await ways(reader.uuid, admin)).json().data.result.providers;
    const noReason = await callApi(ctx, 'POST', `/admin/users/${reader.uuid}/linked-identities/${link.id}/unlink`, admin, {});
    expect(noReason.statusCode).toBe(400);
    // A field the body does not name is dropped (closed body), never stored.
    const unlinked = await callApi(ctx, 'POST', `/admin/users/${reader.uuid}/linked-identities/${link.id}/unlink`, admin, {
      reason: 'taken over',
      actor: 'someone else',
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect((await ways(reader.uuid, admin)).json().data.result.providers).toEqual([]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.unlink_provider')
      .where('target_id', '=', reader.uuid)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toEqual({ provider: null, reason: 'taken over' });
    expect(JSON.stringify(audit)).not.toContain('someone@corp.example');
    const again = await callApi(ctx, 'POST', `/admin/users/${reader.uuid}/linked-identities/${link.id}/unlink`, admin, {
      reason: 'again',
    });
    expect(again.json().code).toBe('EXTERNAL_LINK_NOT_FOUND');

    // An account without a password: its only provider stays, unless a passkey is another way in.
    const providerOnly = await createUser(ctx);
    await linkProvider(providerOnly, null);
    await registerPasskey(providerOnly, 'Key');
    await ctx.db.updateTable('users').set({ password_hash: '' }).where('id', '=', providerOnly.id).execute();
    const [only] = (await ways(providerOnly.uuid, admin)).json().data.result.providers;
    await ctx.db.deleteFrom('passkeys').where('user_id', '=', providerOnly.id).execute();
    const refused = await callApi(ctx, 'POST', `/admin/users/${providerOnly.uuid}/linked-identities/${only.id}/unlink`, admin, {
      reason: 'test',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EXTERNAL_LAST_SIGN_IN_WAY');
    expect((await ways(providerOnly.uuid, admin)).json().data.result).toMatchObject({ has_password: false, passkeys: [] });
  });
});
