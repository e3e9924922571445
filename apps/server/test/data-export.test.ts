import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@inkstream/contracts';
import { createHousekeeping } from '../src/modules/housekeeping/housekeeping.js';
import { createMailRenderer } from '../src/modules/mail/mail-render.js';
import { EXPORTED_TABLES } from '../src/modules/data-rights/export/export-tables.js';
import { readExportSnapshot } from '../src/modules/data-rights/export/export-snapshot.js';
import { csvCell } from '../src/modules/data-rights/export/export-csv.js';
import { adminCli } from './helpers/admin-cli.js';
import { createAdminContext } from './helpers/admin-context.js';
import { makeFeedKey } from './helpers/feed-keys.js';
import {
  authHeader,
  createBook,
  createUser,
  createUserWithEmail,
  grantMembership,
  nextClientIp,
  type Injected,
  type TestBook,
  type TestUser,
} from './helpers/factories.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { unzip, type ZipEntry } from './helpers/zip.js';

/**
 * "Download my data" (issue 43, docs/ACCOUNTS.md "Download your data"): the archive's files and
 * contents, no secret in any byte, the limits (one a day, 7 days, once a minute, the owner's login
 * and signature), the mail, the operator's start (audited), the races, and the snapshot.
 */
const MINUTE = 60_000;
const DAY = 24 * 3_600_000;
let ctx: TestContext;
let admin: TestUser;
let book: TestBook;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  book = await createBook(ctx, {
    chapters: 3,
    titles: { 'en-us': 'The Tower', 'fr-fr': 'La Tour' },
    chapterTitle: (n) => `Floor ${n}`,
  });
}, 60_000);
afterAll(() => ctx?.close());
afterEach(() => void vi.useRealTimers());

const call = (method: 'GET' | 'POST', url: string, user: { token: string } | null, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? authHeader(user) : {},
    remoteAddress: nextClientIp(),
    ...(payload ? { payload } : {}),
  }) as Promise<Injected & { headers: Record<string, string | string[] | undefined>; rawPayload: Buffer }>;

const requestExport = (user: TestUser) => call('POST', '/user/data_export', user, {});
const currentExport = async (user: TestUser) => (await call('GET', '/user/data_export', user)).json().data.export;
/** The audit rows of the archives an operator or the command line started for `reader`. */
const exportAudits = (reader: TestUser) =>
  ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.data_export').where('target_id', '=', reader.uuid).execute();
const download = (user: TestUser | null, url: string) => call('GET', url.replace(/^\/api\/v1/, ''), user);

/** Asks, builds (the job), and returns the ready export. */
async function readyExport(user: TestUser) {
  const asked = await requestExport(user);
  expect(asked.statusCode, asked.body).toBe(202);
  await ctx.app.jobs.drain();
  const ready = await currentExport(user);
  expect(ready.state).toBe('ready');
  return ready as { uuid: string; download_url: string; expires_at: number; ready_at: number; size_bytes: number };
}

const fileOf = (entries: ZipEntry[], name: string) => {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`no ${name} in the archive`);
  return entry.data;
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON files read field by field
const jsonOf = (entries: ZipEntry[], name: string): any => JSON.parse(fileOf(entries, name).toString('utf8'));

/** A reader with something in every table the archive reads, and the secrets that must stay out. */
async function fillReader() {
  const reader = await createUserWithEmail(ctx, { language: 'fr-fr' });
  const inviter = await createUser(ctx);
  const friend = await createUser(ctx);
  const other = await createUser(ctx);
  const now = Date.now();
  const [c1, c2, c3] = book.chapters.map((c) => c.id) as [number, number, number];
  const secrets = {
    totp: `TOTPSECRET${randomUUID()}`,
    pendingTotp: `PENDINGTOTP${randomUUID()}`,
    recoveryHash: createHash('sha256').update(randomUUID()).digest('hex'),
    tokenHash: createHash('sha256').update(randomUUID()).digest('hex'),
    p256dh: `P256DH${randomUUID().slice(0, 18)}`,
    pushAuth: `PUSHAUTH${randomUUID().slice(0, 18)}`,
    pushPath: `pushpath${randomUUID()}`,
  };
  await ctx.db
    .updateTable('users')
    .set({
      invited_by: inviter.id,
      totp_secret: secrets.totp,
      totp_pending_secret: secrets.pendingTotp,
      totp_enabled_at: now,
      mail_digest: 1,
    })
    .where('id', '=', reader.id)
    .execute();
  await ctx.db.updateTable('users').set({ invited_by: reader.id }).where('id', '=', friend.id).execute();
  await ctx.db
    .insertInto('user_recovery_codes')
    .values({ user_id: reader.id, code_hash: secrets.recoveryHash, used_at: null, created_at: now })
    .execute();
  await ctx.db
    .insertInto('account_tokens')
    .values({
      user_id: reader.id,
      purpose: 'password-reset',
      token_hash: secrets.tokenHash,
      email: null,
      expires_at: now + DAY,
      used_at: null,
      created_at: now,
    })
    .execute();
  const feedKey = await makeFeedKey(ctx, reader, 'KOReader');
  const feedKeyHash = (await ctx.db.selectFrom('feed_keys').select('key_hash').where('user_id', '=', reader.id).executeTakeFirstOrThrow())
    .key_hash;
  await ctx.db
    .insertInto('push_subscriptions')
    .values({
      user_id: reader.id,
      endpoint: `https://push.example.net/send/${secrets.pushPath}`,
      p256dh: secrets.p256dh,
      auth: secrets.pushAuth,
      language: 'fr-fr',
      created_at: now,
      last_success_at: null,
    })
    .execute();
  await grantMembership(ctx, reader.id, { days: 30 });
  const orderId = `ORD${randomUUID().slice(0, 8)}`;
  const providerTxn = `cs_test_${randomUUID()}`;
  await ctx.db
    .insertInto('payment_orders')
    .values({
      order_id: orderId,
      user_id: reader.id,
      provider: 'stripe',
      plan: 'coins',
      months: 0,
      amount_fen: 1234,
      currency: 'EUR',
      status: 'paid',
      provider_txn_id: providerTxn,
      provider_payment_id: 'pi_test_456',
      created_at: now,
      paid_at: now,
      expires_at: now + DAY,
      settled_at: now,
      refunded_at: null,
      coins: 100,
      bonus_coins: 10,
    })
    .execute();
  const lot = await ctx.db
    .insertInto('coin_lots')
    .values({
      user_id: reader.id,
      source: 'purchase',
      source_ref: orderId,
      coins: 100,
      remaining: 70,
      expires_at: null,
      created_at: now,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('coin_entries')
    .values([
      {
        user_id: reader.id,
        kind: 'purchase',
        coins: 100,
        balance_after: 100,
        order_id: orderId,
        chapter_id: null,
        book_id: null,
        lot_id: lot.id,
        reason: null,
        created_at: now,
      },
      // A reason a spreadsheet would run as a formula, with a comma and quotes: quoted and defused.
      {
        user_id: reader.id,
        kind: 'grant',
        coins: 5,
        balance_after: 105,
        order_id: null,
        chapter_id: null,
        book_id: null,
        lot_id: null,
        reason: '=SUM(1,2) "x"',
        created_at: now + 1,
      },
      {
        user_id: reader.id,
        kind: 'unlock',
        coins: -35,
        balance_after: 70,
        order_id: null,
        chapter_id: c3,
        book_id: book.id,
        lot_id: null,
        reason: null,
        created_at: now + 2,
      },
    ])
    .execute();
  await ctx.db
    .insertInto('chapter_grants')
    .values({ user_id: reader.id, chapter_id: c3, kind: 'coins', source_ref: `unlock-${randomUUID()}`, granted_at: now, revoked_at: null })
    .execute();
  const coupon = await ctx.db
    .insertInto('coupons')
    .values({
      code: `SPRING${randomUUID().slice(0, 8).toUpperCase()}`,
      grant_days: 7,
      grant_months: null,
      max_redemptions: null,
      expires_at: null,
      disabled_at: null,
      note: null,
      created_at: now,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('coupon_redemptions').values({ coupon_id: coupon.id, user_id: reader.id, created_at: now }).execute();
  // Gifts (issue 59): one the reader bought (its friend redeemed it), one the inviter gave the reader.
  const giftOrder = (id: string, userId: number) => ({
    order_id: id,
    user_id: userId,
    provider: 'sandbox' as const,
    plan: 'season' as const,
    months: 3,
    amount_fen: 2700,
    currency: 'CNY',
    status: 'paid' as const,
    provider_txn_id: `sandbox-${id}`,
    provider_payment_id: null,
    created_at: now,
    paid_at: now,
    expires_at: now + DAY,
    settled_at: now,
    refunded_at: null,
    gift: 1,
  });
  const giftBought = `GFT${randomUUID().slice(0, 8)}`;
  const giftReceived = `GFT${randomUUID().slice(0, 8)}`;
  await ctx.db
    .insertInto('payment_orders')
    .values([giftOrder(giftBought, reader.id), giftOrder(giftReceived, inviter.id)])
    .execute();
  const giftRow = (orderId: string, buyer: number, redeemer: number) => ({
    order_id: orderId,
    buyer_id: buyer,
    months: 3,
    code_hash: randomUUID().replaceAll('-', '').padEnd(64, '0'),
    created_at: now,
    revealed_at: now,
    redeemed_by: redeemer,
    redeemed_at: now,
    cancelled_at: null,
  });
  await ctx.db
    .insertInto('gift_codes')
    .values([giftRow(giftBought, reader.id, friend.id), giftRow(giftReceived, inviter.id, reader.id)])
    .execute();
  const key = `u:${reader.id}`;
  await ctx.db
    .insertInto('reading_progress')
    .values({ reader_key: key, book_id: book.id, chapter_id: c2, page_index: 3, page_offset: 0.5, text_fraction: null, updated_at: now })
    .execute();
  await ctx.db
    .insertInto('chapter_reads')
    .values([
      { reader_key: key, chapter_id: c1, book_id: book.id, read_at: now - 2000, finished_at: now - 1000 },
      { reader_key: key, chapter_id: c2, book_id: book.id, read_at: now, finished_at: null },
    ])
    .execute();
  await ctx.db
    .insertInto('reading_events')
    .values({
      event_type: 'start_chapter',
      book_id: book.id,
      chapter_id: c1,
      user_id: reader.id,
      visitor_id: null,
      occurred_at: now,
      received_at: now,
      client_at: Date.UTC(2026, 10, 20, 8, 30),
    })
    .execute();
  await ctx.db.insertInto('book_follows').values({ user_id: reader.id, book_id: book.id, created_at: now }).execute();
  await ctx.db.insertInto('chapter_likes').values({ user_id: reader.id, chapter_id: c1, created_at: now }).execute();
  const comment = (userId: number, body: string, parentId: number | null = null) =>
    ctx.db
      .insertInto('comments')
      .values({
        uuid: randomUUID(),
        book_id: book.id,
        chapter_id: c1,
        user_id: userId,
        parent_id: parentId,
        body,
        body_hash: createHash('sha256').update(body).digest('hex'),
        created_at: now,
      })
      .returning(['id', 'uuid'])
      .executeTakeFirstOrThrow();
  const mine = await comment(reader.id, 'What a floor! ' + randomUUID());
  const theirs = await comment(other.id, 'Spoilers ahead ' + randomUUID());
  const reply = await comment(other.id, 'Secret friend reply ' + randomUUID(), mine.id);
  await ctx.db.insertInto('comment_likes').values({ comment_id: theirs.id, user_id: reader.id, created_at: now }).execute();
  await ctx.db
    .insertInto('comment_reports')
    .values({
      comment_id: theirs.id,
      reporter_id: reader.id,
      reason: 'spoiler',
      detail: 'unmarked',
      created_at: now,
      resolved_at: null,
      resolution: null,
      resolved_by: null,
    })
    .execute();
  await ctx.db.insertInto('comment_alerts').values({ user_id: reader.id, comment_id: reply.id, created_at: now, read_at: null }).execute();
  await ctx.db
    .insertInto('book_ratings')
    .values({ book_id: book.id, user_id: reader.id, score: 9, review: 'Loved it', review_state: 'held', created_at: now, updated_at: now })
    .execute();
  await ctx.db
    .insertInto('mail_outbox')
    .values({
      uuid: randomUUID(),
      kind: 'refund-notice',
      recipient: reader.email,
      recipient_key: reader.email.toLowerCase(),
      user_id: reader.id,
      language: 'en-us',
      list: null,
      data: JSON.stringify({ order: orderId, username: reader.username }),
      secret_fields: null,
      state: 'sent',
      next_attempt_at: now,
      last_error: null,
      message_id: `<${randomUUID()}@inkstream.mail>`,
      created_at: now,
      sent_at: now,
      updated_at: now,
    })
    .execute();
  const passwordHash = (await ctx.db.selectFrom('users').select('password_hash').where('id', '=', reader.id).executeTakeFirstOrThrow())
    .password_hash;
  return {
    giftBought,
    giftReceived,
    reader,
    inviter,
    friend,
    orderId,
    providerTxn,
    coupon: coupon.code,
    mine,
    theirs,
    reply,
    secrets: { ...secrets, passwordHash, feedKey: feedKey.key, feedKeyHash, token: reader.token },
  };
}

describe(`the archive (${TEST_DIALECT})`, () => {
  let filled: Awaited<ReturnType<typeof fillReader>>;
  let entries: ZipEntry[];
  let zipBytes: Buffer;
  let readyExportRow: { ready_at: number; expires_at: number };

  beforeAll(async () => {
    filled = await fillReader();
    const asked = await requestExport(filled.reader);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().data.export).toMatchObject({ state: 'queued', download_url: null, ready_at: null, size_bytes: null });
    await ctx.app.jobs.drain();
    const ready = await currentExport(filled.reader);
    readyExportRow = ready;
    const got = await download(filled.reader, ready.download_url);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.headers['content-type']).toBe('application/zip');
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="inkstream-data-${new Date(ready.ready_at).toISOString().slice(0, 10)}.zip"`,
    );
    zipBytes = got.rawPayload;
    expect(zipBytes.length).toBe(ready.size_bytes);
    entries = await unzip(zipBytes);
  }, 60_000);

  it('holds a README and a file per kind, with CSV tables for spreadsheets', () => {
    expect(entries.map((e) => e.name).sort()).toEqual(
      [
        'README.txt',
        'account.json',
        'memberships.json',
        'orders.json',
        'orders.csv',
        'coins.json',
        'coin-history.csv',
        'unlocks.json',
        'coupons.json',
        'gifts.json',
        'subscriptions.json',
        'invitations.json',
        'reading-progress.json',
        'reading-history.json',
        'reading-history.csv',
        'reading-events.json',
        'follows.json',
        'statuses.json',
        'lists.json',
        'reading-preferences.json',
        'likes.json',
        'comments.json',
        'ratings.json',
        'push-subscriptions.json',
        'feed-keys.json',
        'sign-ins.json',
        'emails.json',
        'exports.json',
      ].sort(),
    );
    const readme = fileOf(entries, 'README.txt').toString('utf8');
    for (const entry of entries.filter((e) => e.name !== 'README.txt')) expect(readme).toContain(entry.name);
  });

  it('has the account, its settings and two-step on/off, and the invitations without the friends', () => {
    const account = jsonOf(entries, 'account.json');
    expect(account).toMatchObject({
      name: filled.reader.username,
      email: filled.reader.email,
      language: 'fr-fr',
      settings: { mail_reminders: true, mail_digest: true, notify_replies: true },
      two_step: { on: true, recovery_codes_left: 1 },
    });
    expect(account.email_links).toMatchObject([{ purpose: 'password-reset' }]);
    expect(jsonOf(entries, 'invitations.json')).toMatchObject({ invited_by: filled.inviter.username, readers_you_invited: 1 });
    expect(JSON.stringify(jsonOf(entries, 'invitations.json'))).not.toContain(filled.friend.username);
  });

  it('has memberships, orders, the wallet, unlocks and coupons', () => {
    expect(jsonOf(entries, 'memberships.json')).toMatchObject([{ source: 'admin', days: 30 }]);
    // The reader's gift order (issue 59) is an order of theirs too; the coin pack's is checked here.
    const orders = jsonOf(entries, 'orders.json');
    expect(orders.map((order: { order_id: string }) => order.order_id).sort()).toEqual([filled.orderId, filled.giftBought].sort());
    expect(orders.filter((order: { order_id: string }) => order.order_id === filled.orderId)).toMatchObject([
      {
        order_id: filled.orderId,
        provider: 'stripe',
        amount_minor_units: 1234,
        currency: 'EUR',
        provider_transaction: filled.providerTxn,
        provider_payment: 'pi_test_456',
        coins: 100,
        bonus_coins: 10,
      },
    ]);
    const coins = jsonOf(entries, 'coins.json');
    expect(coins.balance).toBe(70);
    expect(coins.lots).toMatchObject([{ coins: 100, remaining: 70 }]);
    // Titles in the reader's language (French).
    expect(coins.history[2]).toMatchObject({ kind: 'unlock', coins: -35, book_title: 'La Tour', chapter_number: 3 });
    expect(jsonOf(entries, 'unlocks.json')).toMatchObject([
      { book_title: 'La Tour', chapter_number: 3, chapter_title: 'Floor 3', kind: 'coins' },
    ]);
    expect(jsonOf(entries, 'coupons.json')).toMatchObject([{ code: filled.coupon, days: 7 }]);
    // Issue 59: the gift bought (its order and state) and the one redeemed (not whose order it was).
    const gifts = jsonOf(entries, 'gifts.json');
    expect(gifts).toHaveLength(2);
    expect(gifts).toContainEqual(
      expect.objectContaining({ kind: 'bought', order_id: filled.giftBought, plan: 'season', state: 'redeemed' }),
    );
    const redeemed = gifts.find((gift: { kind: string }) => gift.kind === 'redeemed');
    expect(redeemed).toMatchObject({ plan: 'season', months: 3, state: 'redeemed' });
    expect(JSON.stringify(redeemed)).not.toContain(filled.giftReceived);
  });

  it('has reading progress, history, events, follows, likes, comments, ratings', () => {
    expect(jsonOf(entries, 'reading-progress.json')).toMatchObject([{ chapter_number: 2, page_index: 3, page_offset: 0.5 }]);
    expect(jsonOf(entries, 'reading-history.json')).toHaveLength(2);
    // With the time the app gave the event (how a send repeated is recognised, issue 47).
    expect(jsonOf(entries, 'reading-events.json')).toMatchObject([
      { event: 'start_chapter', chapter_number: 1, client_at: '2026-11-20T08:30:00.000Z' },
    ]);
    expect(jsonOf(entries, 'follows.json')).toMatchObject([{ book_uuid: book.uuid, book_title: 'La Tour' }]);
    const likes = jsonOf(entries, 'likes.json');
    expect(likes.chapters).toMatchObject([{ chapter_number: 1 }]);
    expect(likes.comments).toMatchObject([{ comment_uuid: filled.theirs.uuid }]);
    const comments = jsonOf(entries, 'comments.json');
    expect(comments.comments).toMatchObject([{ uuid: filled.mine.uuid, state: 'visible', chapter_number: 1 }]);
    expect(comments.reports_you_filed).toMatchObject([{ comment_uuid: filled.theirs.uuid, reason: 'spoiler', detail: 'unmarked' }]);
    expect(comments.reply_alerts).toMatchObject([{ reply_uuid: filled.reply.uuid }]);
    expect(jsonOf(entries, 'ratings.json')).toMatchObject([{ score: 9, review: 'Loved it', review_state: 'held' }]);
  });

  it('has push hosts only, feed key names, e-mails with their subjects, and the exports', () => {
    expect(jsonOf(entries, 'push-subscriptions.json')).toEqual([
      expect.objectContaining({ push_service_host: 'push.example.net', language: 'fr-fr' }),
    ]);
    expect(jsonOf(entries, 'feed-keys.json')).toMatchObject([{ name: 'KOReader', revoked_at: null }]);
    expect(jsonOf(entries, 'sign-ins.json').sign_ins).toContainEqual({ method: 'password', provider: null, at: expect.any(String) });
    expect(jsonOf(entries, 'sign-ins.json').linked_providers).toEqual([]);
    expect(jsonOf(entries, 'emails.json')).toMatchObject([
      { kind: 'refund-notice', subject: `Refund of order ${filled.orderId}`, state: 'sent' },
    ]);
    // The archive in hand is not "building": it is this archive, ready, with the dates the profile shows (issue 56).
    expect(jsonOf(entries, 'exports.json')).toEqual([
      {
        state: 'ready',
        this_archive: true,
        started_by: 'you',
        requested_at: expect.any(String),
        ready_at: new Date(readyExportRow.ready_at).toISOString(),
        expires_at: new Date(readyExportRow.expires_at).toISOString(),
      },
    ]);
  });

  it("explains every key of every file in the README, in the reader's language (French here)", () => {
    const readme = fileOf(entries, 'README.txt').toString('utf8');
    expect(readme.startsWith('\ufeffVos données Inkstream\r\n')).toBe(true);
    const keys = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          walk(inner);
        }
    };
    for (const entry of entries) {
      if (entry.name.endsWith('.json')) walk(JSON.parse(entry.data.toString('utf8')));
      if (entry.name.endsWith('.csv'))
        for (const column of entry.data.toString('utf8').slice(1).split('\r\n')[0]!.split(',')) keys.add(column);
    }
    expect(keys.size).toBeGreaterThan(100);
    const glossary = readme.slice(readme.indexOf('Clés des fichiers'));
    const missing = [...keys].filter((key) => !glossary.includes(`\r\n${key}\r\n    `));
    expect(missing).toEqual([]);
  });

  it('writes RFC 4180 CSV in UTF-8 with a BOM, numbers as numbers, formulas defused', () => {
    const csv = fileOf(entries, 'coin-history.csv');
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('at,kind,coins,balance_after,order_id,book_title,chapter_number,reason');
    expect(lines[2]).toContain(`,grant,5,105,,,,"'=SUM(1,2) ""x"""`);
    expect(lines[3]).toContain(',unlock,-35,70,,La Tour,3,');
    expect(fileOf(entries, 'orders.csv').toString('utf8')).toContain(`${filled.orderId},`);
    expect(fileOf(entries, 'orders.csv').toString('utf8')).toContain(',12.34,EUR,paid,');
    expect(fileOf(entries, 'reading-history.csv').toString('utf8').split('\r\n')).toHaveLength(4);
    expect(['=1', '+1', '-x', '@x', 'plain', -3].map(csvCell)).toEqual(["'=1", "'+1", "'-x", "'@x", 'plain', '-3']);
  });

  it('holds no secret in any byte: password hash, two-step secrets, recovery codes, token and key hashes, push keys', () => {
    const everything = [zipBytes, ...entries.map((e) => e.data)];
    const forbidden = [
      filled.secrets.passwordHash,
      filled.secrets.totp,
      filled.secrets.pendingTotp,
      filled.secrets.recoveryHash,
      filled.secrets.tokenHash,
      filled.secrets.feedKey,
      filled.secrets.feedKeyHash,
      filled.secrets.p256dh,
      filled.secrets.pushAuth,
      filled.secrets.pushPath,
      filled.secrets.token,
    ];
    for (const bytes of everything) for (const secret of forbidden) expect(bytes.includes(Buffer.from(secret, 'utf8')), secret).toBe(false);
  });
});

describe(`the limits (${TEST_DIALECT})`, () => {
  it('allows one archive a day: 429 EXPORT_TOO_SOON with Retry-After and next_export_at', async () => {
    const reader = await createUser(ctx);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const first = await requestExport(reader);
    expect(first.statusCode).toBe(202);
    const next = first.json().data.export.next_export_at;
    expect(next).toBe(first.json().data.export.requested_at + DAY);
    vi.setSystemTime(start + DAY - MINUTE);
    const again = await requestExport(reader);
    expect([again.statusCode, again.json().code, again.json().next_export_at]).toEqual([429, 'EXPORT_TOO_SOON', next]);
    expect(Number(again.headers['retry-after'])).toBe(60);
    vi.setSystemTime(start + DAY + 1);
    expect((await requestExport(reader)).statusCode).toBe(202);
  });

  it('a failed build does not count towards the day', async () => {
    const reader = await createUser(ctx);
    expect((await requestExport(reader)).statusCode).toBe(202);
    await ctx.db.updateTable('data_exports').set({ state: 'failed' }).where('user_id', '=', reader.id).execute();
    expect((await requestExport(reader)).statusCode).toBe(202);
  });

  it('opens only for the owner, with the signature, once a minute, for 7 days', async () => {
    const reader = await createUser(ctx);
    const other = await createUser(ctx);
    const ready = await readyExport(reader);
    const url = ready.download_url;
    expect(url).toMatch(
      new RegExp(`^/api/v1/user/data_export/${ready.uuid}/download\\?expires=${ready.expires_at}&sig=[A-Za-z0-9_-]{43}$`),
    );
    expect(ready.expires_at).toBe(ready.ready_at + 7 * DAY);
    const refused = async (user: TestUser | null, link: string) => {
      const answer = await download(user, link);
      return [answer.statusCode, answer.json().code];
    };
    expect(await refused(null, url)).toEqual([401, 'AUTH_REQUIRED']);
    expect(await refused(other, url)).toEqual([404, 'EXPORT_NOT_FOUND']);
    expect(await refused(reader, url.replace(ready.uuid, randomUUID()))).toEqual([404, 'EXPORT_NOT_FOUND']);
    expect(
      await refused(
        reader,
        url.replace(/sig=./, (s) => (s.endsWith('A') ? 'sig=B' : 'sig=A')),
      ),
    ).toEqual([404, 'EXPORT_NOT_FOUND']);
    expect(await refused(reader, url.replace(/expires=\d+/, `expires=${ready.expires_at + DAY}`))).toEqual([404, 'EXPORT_NOT_FOUND']);
    expect(await refused(reader, url.replace(/sig=.*/, 'sig=short'))).toEqual([404, 'EXPORT_NOT_FOUND']);
    // Another reader's own link for the same uuid cannot be made: the signature names the owner.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    expect((await download(reader, url)).statusCode).toBe(200);
    const soon = await download(reader, url);
    expect([soon.statusCode, soon.json().code]).toEqual([429, 'EXPORT_DOWNLOAD_TOO_SOON']);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(55);
    vi.setSystemTime(start + MINUTE + 1);
    expect((await download(reader, url)).statusCode).toBe(200);
    // Past its 7 days: 410, then the housekeeping removes the bytes and marks it expired.
    vi.setSystemTime(ready.expires_at + 1);
    expect(await refused(reader, url)).toEqual([410, 'EXPORT_EXPIRED']);
    expect(await currentExport(reader)).toMatchObject({ uuid: ready.uuid, state: 'expired', download_url: null });
    const housekeeping = createHousekeeping({ db: ctx.db, domainEvents: ctx.app.domainEvents, log: { warn: () => {}, error: () => {} } });
    const run = await housekeeping.runOnce();
    await housekeeping.stop();
    expect(run?.dataExports.deleted).toBeGreaterThanOrEqual(1);
    const row = await ctx.db.selectFrom('data_exports').select(['state', 'id']).where('uuid', '=', ready.uuid).executeTakeFirstOrThrow();
    expect(row.state).toBe('expired');
    expect(await ctx.db.selectFrom('data_export_archives').select('export_id').where('export_id', '=', row.id).execute()).toEqual([]);
    expect(await refused(reader, url)).toEqual([410, 'EXPORT_EXPIRED']);
  });

  it('refuses bad input with 4xx', async () => {
    const reader = await createUser(ctx);
    expect((await call('POST', '/user/data_export', reader, { extra: 1 })).statusCode).toBe(202);
    expect((await call('POST', '/user/data_export', null, {})).statusCode).toBe(401);
    expect((await call('GET', '/user/data_export/not-a-uuid/download?expires=1&sig=x', reader)).statusCode).toBe(404);
    expect((await call('GET', `/user/data_export/${randomUUID()}/download`, reader)).statusCode).toBe(400);
    expect((await call('GET', `/user/data_export/${randomUUID()}/download?expires=${'9'.repeat(30)}&sig=x`, reader)).statusCode).toBe(400);
  });

  it('answers null before the first archive', async () => {
    const reader = await createUser(ctx);
    const answer = await call('GET', '/user/data_export', reader);
    expect(answer.json()).toEqual({ data: { export: null } });
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe(`the mail and the operator (${TEST_DIALECT})`, () => {
  it('mails the reader when the archive is ready, in their language, linking to the profile', async () => {
    const reader = await createUserWithEmail(ctx, { language: 'es-es' });
    await readyExport(reader);
    const mail = await ctx.db
      .selectFrom('mail_outbox')
      .select(['kind', 'language', 'data', 'recipient'])
      .where('user_id', '=', reader.id)
      .where('kind', '=', 'data-export-ready')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ language: 'es-es', recipient: reader.email });
    const data = JSON.parse(mail.data);
    expect(data).toMatchObject({ link: `${ctx.config.publicUrl}/profile#your-data`, days: 7 });
    const rendered = await createMailRenderer().render({ kind: 'data-export-ready', language: 'es-es', data, siteName: 'Inkstream' });
    expect(rendered.subject).toBe('El archivo con tus datos está listo');
    expect(rendered.text).toContain(`${ctx.config.publicUrl}/profile#your-data`);
    expect(rendered.text).toContain('7 días');
    // Every language has every string of the English message.
    const renderer = createMailRenderer();
    const keys = Object.keys(renderer.words('data-export-ready', 'en-us')).sort();
    for (const language of LANGUAGES) expect(Object.keys(renderer.words('data-export-ready', language)).sort(), language).toEqual(keys);
  });

  it('lets an operator start one for a reader, audited with the reason, outside the day limit', async () => {
    const reader = await createUser(ctx);
    expect((await requestExport(reader)).statusCode).toBe(202);
    const url = `/admin/users/${reader.uuid}/data_export`;
    expect((await call('POST', url, reader, { reason: 'asked by mail' })).statusCode).toBe(403);
    expect((await call('POST', url, admin, {})).statusCode).toBe(400);
    expect((await call('POST', `/admin/users/${randomUUID()}/data_export`, admin, { reason: 'x' })).json().code).toBe('USER_NOT_FOUND');
    const started = await call('POST', url, admin, { reason: 'asked by mail' });
    expect(started.statusCode, started.body).toBe(202);
    const { uuid } = started.json().data.export;
    expect(started.json().data.export).toMatchObject({ state: 'queued', download_url: null });
    const audit = await exportAudits(reader);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: admin.id, target_type: 'user' });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ export: uuid, reason: 'asked by mail' });
    const row = await ctx.db
      .selectFrom('data_exports')
      .select(['requested_by', 'reason'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ requested_by: admin.id, reason: 'asked by mail' });
    await ctx.app.jobs.drain();
    expect(await currentExport(reader)).toMatchObject({ uuid, state: 'ready' });
  });
});

describe(`the command line (${TEST_DIALECT})`, () => {
  it("starts a reader's archive with `user export <name> --reason`, audited as cli", async () => {
    const reader = await createUser(ctx);
    const cli = adminCli(ctx);
    expect((await cli('user', 'export', reader.username)).code).toBe(2);
    expect((await cli('user', 'export', 'nobody-by-this-name', '--reason', 'asked')).code).toBe(1);
    const done = await cli('user', 'export', reader.username, '--reason', 'asked by phone');
    expect(done.code, done.err).toBe(0);
    expect(done.out).toContain('queued');
    const audit = await exportAudits(reader);
    expect(audit).toMatchObject([{ actor_name: 'cli', actor_user_id: null }]);
    await ctx.app.jobs.drain();
    expect(await currentExport(reader)).toMatchObject({ state: 'ready' });
  });
});

describe(`races and one moment (${TEST_DIALECT})`, () => {
  it('makes one archive when a reader asks twice at once', async () => {
    const reader = await createUser(ctx);
    const answers = await Promise.all(Array.from({ length: 6 }, () => requestExport(reader)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 429, 429, 429, 429, 429]);
    expect(await ctx.db.selectFrom('data_exports').select('id').where('user_id', '=', reader.id).execute()).toHaveLength(1);
  });

  it('lets only one of two downloads at once through', async () => {
    const reader = await createUser(ctx);
    const ready = await readyExport(reader);
    const answers = await Promise.all(Array.from({ length: 4 }, () => download(reader, ready.download_url)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429]);
  });

  it('reads the archive as of one moment: activity committed while it builds is in no file', async () => {
    const { reader } = await fillReader();
    const [, c2, c3] = book.chapters.map((c) => c.id) as [number, number, number];
    const secondBook = await createBook(ctx, { chapters: 1 });
    // Another request's activity: started outside the snapshot's transaction (a promise chain made
    // here, not a call from inside its callback, which the transaction guard would rightly refuse).
    let startActivity!: () => void;
    const late = new Promise<void>((resolve) => (startActivity = resolve)).then(() => activity());
    const activity = () =>
      ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('chapter_likes').values({ user_id: reader.id, chapter_id: c2, created_at: Date.now() }).execute();
        await trx
          .insertInto('chapter_reads')
          .values({ reader_key: `u:${reader.id}`, chapter_id: c3, book_id: book.id, read_at: Date.now(), finished_at: null })
          .execute();
        await trx.insertInto('book_follows').values({ user_id: reader.id, book_id: secondBook.id, created_at: Date.now() }).execute();
      });
    const snapshot = await readExportSnapshot(ctx.db, reader.id, Date.now(), (kind) => kind, {
      afterFirstRead: async () => {
        // PostgreSQL: the activity commits from another connection while the snapshot is open.
        // SQLite has one connection: the activity waits for the snapshot's transaction to end.
        startActivity();
        if (TEST_DIALECT === 'postgres') await late;
      },
    });
    await late;
    expect((snapshot!.json['likes.json'] as { chapters: unknown[] }).chapters).toHaveLength(1);
    expect(snapshot!.json['reading-history.json']).toHaveLength(2);
    expect(snapshot!.csv['reading-history.csv']!.rows).toHaveLength(2);
    expect(snapshot!.json['follows.json']).toHaveLength(1);
    const after = await readExportSnapshot(ctx.db, reader.id, Date.now(), (kind) => kind);
    expect((after!.json['likes.json'] as { chapters: unknown[] }).chapters).toHaveLength(2);
    expect(after!.json['reading-history.json']).toHaveLength(3);
    expect(after!.csv['reading-history.csv']!.rows).toHaveLength(3);
    expect(after!.json['follows.json']).toHaveLength(2);
  });
});

describe('the personal-data map', () => {
  it('places every reader table of the schema in a file or says why not', () => {
    for (const table of [
      'users',
      'user_recovery_codes',
      'comments',
      'comment_likes',
      'comment_reports',
      'comment_bans',
      'comment_alerts',
      'book_ratings',
      'chapter_likes',
      'chapter_grants',
      'reader_changes',
      'membership_grants',
      'reading_events',
      'reading_event_days',
      'reading_progress',
      'chapter_reads',
      'book_follows',
      'push_subscriptions',
      'coupon_redemptions',
      'gift_codes',
      'payment_orders',
      'coin_lots',
      'coin_entries',
      'coin_spends',
      'payment_incidents',
      'audit_log',
      'jobs',
      'mail_outbox',
      'feed_keys',
      'account_tokens',
      'data_exports',
    ]) {
      expect(EXPORTED_TABLES[table], table).toMatch(/^([a-z-]+\.(json|csv)|not exported: .{10,})$/);
    }
  });
});
