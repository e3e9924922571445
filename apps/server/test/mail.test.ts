import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createMailRenderer } from '../src/modules/mail/mail-render.js';
import { createMailSender, MAIL_RETRY_DELAYS_MS } from '../src/modules/mail/mail-sender.js';
import { createMailAccounts } from '../src/modules/users/mail-recipient.js';
import { createSmtpTransport } from '../src/modules/mail/mail-transport.js';
import { createUnsubscribeTokens } from '../src/modules/mail/mail-unsubscribe.js';
import { enqueueMailJob, queueMail, type QueuedMail } from '../src/modules/mail/mail-queue.js';
import type { MailOptions } from '../src/modules/mail/mail-module.js';
import { authHeader, createUser, type TestUser } from './helpers/factories.js';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

const fixtures = path.join(import.meta.dirname, 'fixtures/mail');
const renderer = createMailRenderer({ templates: path.join(fixtures, 'templates'), locales: path.join(fixtures, 'locales') });
/** Short waits between tries (the real schedule is checked on its own below). */
const mailOptions: MailOptions = { renderer, retryDelaysMs: [20, 20, 20] };

let counter = 0;
const address = () => `reader${++counter}.${Date.now()}@mail.example.com`;

async function queue(ctx: TestContext, mail: Partial<QueuedMail> & { to: string }): Promise<string> {
  const result = await ctx.app.domainEvents.transact((trx) =>
    queueMail(
      trx,
      ctx.app.domainEvents,
      {
        kind: 'password-reset',
        userId: null,
        language: 'en-us',
        data: { username: 'ann', reset_url: 'https://read.example.com/reset-password?token=secret-token-123' },
        ...mail,
      },
      Date.now(),
    ),
  );
  if (!result.uuid) throw new Error('refused by the hourly cap');
  return result.uuid;
}

const outboxRow = (ctx: TestContext, uuid: string) =>
  ctx.db.selectFrom('mail_outbox').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();

/** Runs due jobs until `done` holds (retries become due a few ms later). */
async function drainUntil(ctx: { app: TestContext['app'] }, done: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await ctx.app.jobs.drain();
    if (await done()) return;
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the retry schedule', () => {
  it('spans at least 24 hours before a message is failed', () => {
    const total = MAIL_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
  });
});

describe('sending through SMTP', () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let admin: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestContext(
      { SMTP_URL: sink.url, MAIL_FROM: '"Ink Test" <no-reply@read.example.com>', PUBLIC_URL: 'https://read.example.com' },
      { mail: mailOptions },
    );
    admin = await createUser(ctx, { role: 'admin' });
    reader = await createUser(ctx);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await sink?.close();
  });

  it('delivers a transactional message with its headers, text and HTML parts, and no List-Unsubscribe', async () => {
    const to = address();
    const uuid = await queue(ctx, { to, secretFields: ['reset_url'] });
    await ctx.app.jobs.drain();
    const message = await sink.waitFor((m) => m.to === to);
    expect(message.rcptTo).toEqual([to]);
    expect(message.parsed.from?.value[0]).toEqual({ address: 'no-reply@read.example.com', name: 'Ink Test' });
    expect(message.subject).toBe('Reset your Inkstream password');
    expect(message.messageId).toBe((await outboxRow(ctx, uuid)).message_id);
    expect(message.text).toContain('https://read.example.com/reset-password?token=secret-token-123');
    expect(message.html).toContain('href="https://read.example.com/reset-password?token=secret-token-123"');
    expect(message.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(message.rawHeader('List-Unsubscribe')).toBeUndefined();
    expect(message.rawHeader('List-Unsubscribe-Post')).toBeUndefined();
    const row = await outboxRow(ctx, uuid);
    expect(row.state).toBe('sent');
    expect(row.sent_at).not.toBeNull();
    // The reset link is erased once sent; the rest of the data stays for the console.
    expect(JSON.parse(row.data)).toEqual({ username: 'ann' });
  });

  it('writes Arabic messages right to left', async () => {
    const to = address();
    await queue(ctx, { to, language: 'ar-sa' });
    await ctx.app.jobs.drain();
    const message = await sink.waitFor((m) => m.to === to);
    expect(message.subject).toBe('إعادة تعيين كلمة مرور Inkstream');
    expect(message.html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(message.text).toContain('اختر كلمة مرور جديدة');
  });

  it('gives list messages List-Unsubscribe (RFC 8058) and a footer link; one-click POST leaves the list, GET does not', async () => {
    const to = address();
    await queue(ctx, {
      to,
      kind: 'membership-reminder',
      userId: reader.id,
      list: 'reminders',
      data: { ends_on: '2026-12-01', books: [] },
    });
    await ctx.app.jobs.drain();
    const message = await sink.waitFor((m) => m.to === to);
    const header = message.rawHeader('List-Unsubscribe');
    expect(header).toMatch(/^<https:\/\/read\.example\.com\/api\/v1\/mail\/unsubscribe\?token=[A-Za-z0-9._-]+>$/);
    expect(message.rawHeader('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const apiUrl = new URL(header!.slice(1, -1));
    const token = apiUrl.searchParams.get('token')!;
    expect(message.html).toContain(`href="https://read.example.com/unsubscribe?token=${token}"`);
    expect(message.text).toContain(`https://read.example.com/unsubscribe?token=${token}`);

    const listsOf = () =>
      ctx.db.selectFrom('users').select(['mail_reminders', 'mail_digest']).where('id', '=', reader.id).executeTakeFirstOrThrow();
    expect(await listsOf()).toEqual({ mail_reminders: 1, mail_digest: 0 });
    // A link scanner's GET says which list, and changes nothing.
    const preview = await ctx.app.inject({ method: 'GET', url: `/api/v1/mail/unsubscribe?token=${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ data: { list: 'reminders' } });
    expect((await listsOf()).mail_reminders).toBe(1);
    // The mail client's one-click POST (RFC 8058 §3.1).
    const post = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/mail/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ data: { list: 'reminders', unsubscribed: true } });
    expect(await listsOf()).toEqual({ mail_reminders: 0, mail_digest: 0 });
    // The web page posts without a body; again is fine.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/v1/mail/unsubscribe?token=${token}` });
    expect(again.statusCode).toBe(200);
  });

  it('refuses forged, edited and malformed unsubscribe tokens with 400', async () => {
    await ctx.db.updateTable('users').set({ mail_digest: 1 }).where('id', '=', reader.id).execute();
    const forged = `${reader.uuid}.digest.${'A'.repeat(43)}`;
    for (const token of [forged, `${reader.uuid}.digest`, 'x', `${reader.uuid}.other.${'A'.repeat(43)}`, '%0d%0a']) {
      const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/mail/unsubscribe?token=${token}` });
      expect(response.statusCode, token).toBe(400);
    }
    const forgedPost = await ctx.app.inject({ method: 'POST', url: `/api/v1/mail/unsubscribe?token=${forged}` });
    expect(forgedPost.json().code).toBe('INVALID_UNSUBSCRIBE_TOKEN');
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/v1/mail/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect((await ctx.db.selectFrom('users').select('mail_digest').where('id', '=', reader.id).executeTakeFirstOrThrow()).mail_digest).toBe(
      1,
    );
  });

  it('retries when the server refuses, then delivers exactly once', async () => {
    const to = address();
    sink.refuseNext(2, 451);
    const uuid = await queue(ctx, { to });
    await drainUntil(ctx, async () => (await outboxRow(ctx, uuid)).state === 'sent');
    expect(sink.refused).toBeGreaterThanOrEqual(2);
    expect(sink.to(to)).toHaveLength(1);
    const row = await outboxRow(ctx, uuid);
    expect(row.attempts).toBe(3);
    expect(row.last_error).toBeNull();
  });

  it('is failed after the last try, without the secret fields; the console resends it (audited)', async () => {
    const to = address();
    sink.refuseNext(4, 550);
    const uuid = await queue(ctx, { to, data: { username: 'bob' } });
    await drainUntil(ctx, async () => (await outboxRow(ctx, uuid)).state === 'failed');
    const failed = await outboxRow(ctx, uuid);
    expect(failed.attempts).toBe(4);
    expect(failed.last_error).toMatch(/^550 /);
    expect(failed.last_error).not.toContain(to);
    expect(sink.to(to)).toHaveLength(0);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/outbox?state=failed', headers: authHeader(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((item: { uuid: string }) => item.uuid)).toContain(uuid);
    const resend = await ctx.app.inject({ method: 'POST', url: `/api/v1/admin/outbox/${uuid}/resend`, headers: authHeader(admin) });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().data).toMatchObject({ uuid, state: 'queued', attempts: 0 });
    await ctx.app.jobs.drain();
    await sink.waitFor((m) => m.to === to);
    expect((await outboxRow(ctx, uuid)).state).toBe('sent');
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'mail.resend')
      .where('target_id', '=', uuid)
      .execute();
    expect(audit).toHaveLength(1);
    // A sent message is not resent.
    const twice = await ctx.app.inject({ method: 'POST', url: `/api/v1/admin/outbox/${uuid}/resend`, headers: authHeader(admin) });
    expect(twice.statusCode).toBe(409);
  });

  it('erases the secret fields of a failed message and refuses to resend it (the link is gone)', async () => {
    const to = address();
    sink.refuseNext(4, 451);
    const uuid = await queue(ctx, { to, secretFields: ['reset_url'] });
    await drainUntil(ctx, async () => (await outboxRow(ctx, uuid)).state === 'failed');
    expect(JSON.parse((await outboxRow(ctx, uuid)).data)).toEqual({ username: 'ann' });
    const resend = await ctx.app.inject({ method: 'POST', url: `/api/v1/admin/outbox/${uuid}/resend`, headers: authHeader(admin) });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().code).toBe('MAIL_NOT_RESENDABLE');
  });

  it('delivers once when the server (app) closed between the commit and the send, after a new one starts', async () => {
    const first = await buildApp({ config: ctx.config, database: ctx.database, storage: ctx.storage, logger: false, mail: mailOptions });
    await first.ready();
    const to = address();
    const uuid = await queue(ctx, { to });
    await first.close(); // committed, never sent
    expect(sink.to(to)).toHaveLength(0);
    const second = await buildApp({ config: ctx.config, database: ctx.database, storage: ctx.storage, logger: false, mail: mailOptions });
    await second.ready();
    try {
      await second.jobs.drain();
      await sink.waitFor((m) => m.to === to);
      await second.jobs.drain();
      expect(sink.to(to)).toHaveLength(1);
      expect((await outboxRow(ctx, uuid)).state).toBe('sent');
    } finally {
      await second.close();
    }
  });

  it('sends a message whose node died while sending once its claim lapsed, and only once', async () => {
    const to = address();
    const uuid = await queue(ctx, { to });
    const past = Date.now() - 1;
    // What a node that claimed the message and its job, then died, leaves behind (leases lapsed).
    await ctx.db
      .updateTable('mail_outbox')
      .set({ state: 'sending', next_attempt_at: past, attempts: 1 })
      .where('uuid', '=', uuid)
      .execute();
    await ctx.db
      .updateTable('jobs')
      .set({ state: 'running', lease_owner: 'node-dead', lease_until: past, attempts: 1 })
      .where('kind', '=', 'mail-send')
      .where('payload', '=', JSON.stringify({ uuid }))
      .execute();
    await ctx.app.jobs.drain();
    await sink.waitFor((m) => m.to === to);
    await ctx.app.jobs.drain();
    expect(sink.to(to)).toHaveLength(1);
    expect((await outboxRow(ctx, uuid)).attempts).toBe(2);
  });

  it('leaves a message another node holds alone until its claim lapses', async () => {
    const to = address();
    const uuid = await queue(ctx, { to });
    await ctx.db
      .updateTable('mail_outbox')
      .set({ state: 'sending', next_attempt_at: Date.now() + 200 })
      .where('uuid', '=', uuid)
      .execute();
    await ctx.app.jobs.drain();
    expect(sink.to(to)).toHaveLength(0);
    await drainUntil(ctx, async () => (await outboxRow(ctx, uuid)).state === 'sent');
    expect(sink.to(to)).toHaveLength(1);
  });

  it(`two instances draining at once send each message once (${TEST_DIALECT})`, async () => {
    const other = await buildApp({ config: ctx.config, database: ctx.database, storage: ctx.storage, logger: false, mail: mailOptions });
    await other.ready();
    try {
      const addresses = Array.from({ length: 12 }, () => address());
      for (const to of addresses) {
        const uuid = await queue(ctx, { to });
        // Several jobs for one message (a successor job, a resend): the outbox row's claim decides.
        for (let extra = 0; extra < 3; extra++) await enqueueMailJob(ctx.db, ctx.app.domainEvents, uuid, Date.now(), Date.now());
      }
      await Promise.all([ctx.app.jobs.drain(), other.jobs.drain(), ctx.app.jobs.drain(), other.jobs.drain()]);
      await Promise.all(addresses.map((to) => sink.waitFor((m) => m.to === to)));
      await Promise.all([ctx.app.jobs.drain(), other.jobs.drain()]);
      for (const to of addresses) expect(sink.to(to), to).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it(`one message tried by many senders at once is sent once: the outbox row's claim decides (${TEST_DIALECT})`, async () => {
    const senders = [0, 1].map(() =>
      createMailSender({
        db: ctx.db,
        domainEvents: ctx.app.domainEvents,
        transport: () => transport,
        renderer,
        unsubscribe: createUnsubscribeTokens(ctx.config.jwtSecret),
        accounts: createMailAccounts(ctx.db),
        publicUrl: ctx.config.publicUrl,
        from: ctx.config.mail.from,
        siteName: async () => 'Inkstream',
        log: { warn: () => undefined },
      }),
    );
    const transport = createSmtpTransport(sink.url);
    try {
      for (let round = 0; round < 3; round++) {
        const to = address();
        const uuid = await queue(ctx, { to });
        const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => senders[i % 2]!.sendOne(uuid)));
        expect(outcomes.filter((outcome) => 'state' in outcome && outcome.state === 'sent')).toHaveLength(1);
        await sink.waitFor((m) => m.to === to);
        expect(sink.to(to)).toHaveLength(1);
      }
    } finally {
      transport.close();
    }
  });

  it('sends a resent message at once when the runner is running (woken, not at the next poll)', async () => {
    const awake = await buildApp({
      config: ctx.config,
      database: ctx.database,
      storage: ctx.storage,
      logger: false,
      mail: mailOptions,
      backgroundJobs: true,
      jobPollMs: 600_000,
    });
    await awake.ready();
    try {
      const to = address();
      sink.refuseNext(4, 550);
      const uuid = await queue(ctx, { to, data: { username: 'cy' } });
      await drainUntil(ctx, async () => (await outboxRow(ctx, uuid)).state === 'failed');
      const resend = await awake.inject({ method: 'POST', url: `/api/v1/admin/outbox/${uuid}/resend`, headers: authHeader(admin) });
      expect(resend.statusCode).toBe(200);
      await sink.waitFor((m) => m.to === to, 5_000);
    } finally {
      await awake.close();
    }
  });

  it('lists the outbox for administrators only, by state and kind, paged by cursor', async () => {
    const forReader = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: authHeader(reader) });
    expect(forReader.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/outbox' });
    expect(anonymous.statusCode).toBe(401);
    const byKind = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox?kind=membership-reminder',
      headers: authHeader(admin),
    });
    expect(byKind.statusCode).toBe(200);
    const items = byKind.json().data.items as { kind: string; list: string | null; user: { uuid: string } | null }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.kind === 'membership-reminder')).toBe(true);
    expect(items[0]).toMatchObject({ list: 'reminders', user: { uuid: reader.uuid } });

    const all: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/outbox?state=sent&page_size=2${cursor ? `&cursor=${cursor}` : ''}`,
        headers: authHeader(admin),
      });
      expect(page.statusCode).toBe(200);
      const data = page.json().data as { items: { uuid: string; state: string }[]; next_cursor: string | null };
      expect(data.items.every((item) => item.state === 'sent')).toBe(true);
      all.push(...data.items.map((item) => item.uuid));
      cursor = data.next_cursor;
      pages += 1;
    } while (cursor && pages < 100);
    const sent = await ctx.db.selectFrom('mail_outbox').select('uuid').where('state', '=', 'sent').orderBy('id', 'desc').execute();
    expect(all).toEqual(sent.map((row) => row.uuid));
  });

  it('answers bad input with 400 or 404, never 5xx', async () => {
    const cases: [string, string, number][] = [
      ['GET', '/api/v1/admin/outbox?state=lost', 400],
      ['GET', '/api/v1/admin/outbox?kind=../../x', 400],
      ['GET', '/api/v1/admin/outbox?cursor=bm9wZQ', 400],
      ['GET', '/api/v1/admin/outbox?page_size=0', 400],
      ['GET', '/api/v1/admin/outbox/not-a-uuid', 400],
      ['POST', '/api/v1/admin/outbox/not-a-uuid/resend', 400],
      ['GET', '/api/v1/admin/outbox/00000000-0000-4000-8000-000000000000/message', 404],
      ['POST', '/api/v1/admin/outbox/00000000-0000-4000-8000-000000000000/resend', 404],
      ['GET', `/api/v1/mail/unsubscribe?token=${'a'.repeat(500)}`, 400],
    ];
    for (const [method, url, status] of cases) {
      const response = await ctx.app.inject({ method: method as 'GET', url, headers: authHeader(admin) });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
    }
    // With SMTP_URL there is no .eml copy to read.
    const sentUuid = (await ctx.db.selectFrom('mail_outbox').select('uuid').where('state', '=', 'sent').executeTakeFirstOrThrow()).uuid;
    const message = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/outbox/${sentUuid}/message`, headers: authHeader(admin) });
    expect(message.statusCode).toBe(404);
  });
});

describe('the embedded default: no SMTP_URL, .eml files', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://read.example.com' }, { mail: mailOptions });
    admin = await createUser(ctx, { role: 'admin' });
  }, 60_000);
  afterAll(() => ctx?.close());

  it('writes the complete message to DATA_DIR/mail/<date>-<uuid>.eml, which the console reads back with its links', async () => {
    const to = address();
    const uuid = await queue(ctx, { to, language: 'zh-cn', secretFields: ['reset_url'] });
    await ctx.app.jobs.drain();
    const dir = path.join(ctx.dataDir, 'mail');
    const files = readdirSync(dir);
    expect(files).toEqual([`${new Date().toISOString().slice(0, 10)}-${uuid}.eml`]);
    const parsed = await simpleParser(readFileSync(path.join(dir, files[0]!)));
    expect(parsed.subject).toBe('重置你的 Inkstream 密码');
    expect(parsed.messageId).toBe(`<${uuid}@inkstream.mail>`);
    expect(parsed.text).toContain('https://read.example.com/reset-password?token=secret-token-123');
    expect(parsed.html).toContain('设置新密码');
    expect((Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.value[0]?.address).toBe(to);
    expect((await outboxRow(ctx, uuid)).state).toBe('sent');

    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: authHeader(admin) });
    expect(list.json().data.items[0]).toMatchObject({ uuid, state: 'sent', has_file: true, recipient: to });
    const message = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/outbox/${uuid}/message`, headers: authHeader(admin) });
    expect(message.statusCode).toBe(200);
    expect(message.json().data).toMatchObject({
      subject: '重置你的 Inkstream 密码',
      links: ['https://read.example.com/reset-password?token=secret-token-123'],
    });
    expect(message.json().data.text).toContain('设置新密码');
  });
});
