import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, callApi, createUser, createUserWithEmail, nextClientIp, postApi, type TestUser } from './helpers/factories.js';
import { ceremonyAt, type CeremonyOptions, createSoftwareAuthenticator } from './helpers/software-authenticator.js';
import { arriveAtCallback, externalStep } from './helpers/provider-flow.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/**
 * Issue 60: a way into the account added or taken away (a passkey, a linked provider) is told to
 * the reader's confirmed address, so one added by someone holding their session does not go
 * unseen; the console's unlink too. WeChat here is the sandbox's (the flow is the real one).
 */
let ctx: TestContext;
let ceremony: CeremonyOptions;
beforeAll(async () => {
  ctx = await createTestContext();
  ceremony = ceremonyAt(ctx.config.publicUrl);
});
afterAll(() => ctx?.close());

const mailsOf = async (user: { id: number }) =>
  (await ctx.db.selectFrom('mail_outbox').selectAll().where('user_id', '=', user.id).orderBy('id').execute()).map((row) => ({
    kind: row.kind,
    recipient: row.recipient,
    language: row.language,
    data: JSON.parse(row.data) as Record<string, string>,
  }));

/** Links the sandbox's WeChat (as `nickname`) to the signed-in `user`, the whole flow. */
async function linkWechat(user: TestUser, nickname: string) {
  const ip = nextClientIp();
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/linked-identities/wechat/link',
    payload: {},
    headers: authHeader(user),
    remoteAddress: ip,
  });
  expect(started.statusCode, started.body).toBe(200);
  const cookie = String(started.headers['set-cookie']).split(';')[0]!;
  const state = new URL(started.json().data.result.authorization_url).searchParams.get('state')!;
  const scanned = await callApi(ctx, 'POST', '/sign-in/wechat/sandbox/scan', null, { state, nickname });
  const back = new URL(scanned.json().data.result.redirect_url);
  const browser = { cookie, ip };
  const result = (await arriveAtCallback(ctx, back, browser)).get('result');
  const outcome = await externalStep(ctx, 'result', browser, { result });
  expect(outcome.json().data.result.status).toBe('linked');
}

describe('the message when a way to sign in changes', () => {
  it('a passkey added and removed: one message each, in the reader’s language, naming the passkey', async () => {
    const reader = await createUserWithEmail(ctx, { language: 'zh-cn' });
    const options = await postApi(ctx, '/user/passkeys/registration/options', {}, authHeader(reader));
    const made = createSoftwareAuthenticator().register(options.json().data.result, ceremony);
    const added = await postApi(ctx, '/user/passkeys', { credential: made.json, name: 'My phone' }, authHeader(reader));
    expect(added.statusCode, added.body).toBe(201);
    const removed = await postApi(
      ctx,
      `/user/passkeys/${added.json().data.result.id}/remove`,
      { password: reader.password },
      authHeader(reader),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const mails = await mailsOf(reader);
    expect(mails.map((mail) => [mail.kind, mail.recipient, mail.language])).toEqual([
      ['sign-in-ways-changed', reader.email, 'zh-cn'],
      ['sign-in-ways-changed', reader.email, 'zh-cn'],
    ]);
    expect(mails[0]!.data.passkey_added).toMatch(/^My phone \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
    expect(mails[1]!.data.passkey_removed).toMatch(/^My phone \(/);
  });

  it('a provider linked, unlinked by the reader, and unlinked by an operator', async () => {
    const reader = await createUserWithEmail(ctx);
    await linkWechat(reader, `linked${reader.id}`);
    const [link] = (await callApi(ctx, 'GET', '/user/linked-identities', reader)).json().data.result.identities;
    const unlinked = await postApi(
      ctx,
      '/user/linked-identities/unlink',
      { id: link.id, current_password: reader.password },
      authHeader(reader),
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    await linkWechat(reader, `again${reader.id}`);
    const [again] = (await callApi(ctx, 'GET', '/user/linked-identities', reader)).json().data.result.identities;
    const admin = await createUser(ctx, { role: 'admin' });
    const byOperator = await callApi(ctx, 'POST', `/admin/users/${reader.uuid}/linked-identities/${again.id}/unlink`, admin, {
      reason: 'reported stolen',
    });
    expect(byOperator.statusCode, byOperator.body).toBe(200);
    const mails = await mailsOf(reader);
    expect(mails.map((mail) => Object.keys(mail.data).filter((key) => key !== 'username'))).toEqual([
      ['provider_linked'],
      ['provider_unlinked'],
      ['provider_linked'],
      ['provider_unlinked'],
    ]);
    for (const mail of mails) {
      expect(mail.kind).toBe('sign-in-ways-changed');
      const [change] = Object.entries(mail.data).filter(([key]) => key !== 'username');
      expect(change![1]).toMatch(/^WeChat \(/);
    }
  });

  it('a reader without a confirmed address gets no message, and the change is made all the same', async () => {
    const reader = await createUser(ctx);
    await linkWechat(reader, `quiet${reader.id}`);
    expect(await mailsOf(reader)).toEqual([]);
    expect((await callApi(ctx, 'GET', '/user/linked-identities', reader)).json().data.result.identities).toHaveLength(1);
  });
});
