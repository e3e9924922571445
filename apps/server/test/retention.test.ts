import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_DAYS } from '@inkstream/contracts';
import { DAY_MS } from '../src/lib/time.js';
import { createAuditService } from '../src/modules/audit/audit.service.js';
import { deleteRolledUpEventsBefore } from '../src/modules/events/events.repository.js';
import { createHousekeeping } from '../src/modules/housekeeping/housekeeping.js';
import { createSiteSettingsService } from '../src/modules/settings/site-settings.service.js';
import { readWatermark } from '../src/modules/stats/reading-aggregates.repository.js';
import { authHeader, createBook, createUser, progressRow, type TestBook, type TestUser } from './helpers/factories.js';
import { insertPaidOrder } from './helpers/payment-flows.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { consoleTitles } from '../src/modules/catalogue/console-titles.js';

let ctx: TestContext;
let book: TestBook;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 1 });
  admin = await createUser(ctx, { role: 'admin', username: 'keeper' });
  member = await createUser(ctx);
});
afterAll(() => ctx.close());

const log = { warn: () => undefined, error: () => undefined };
const putSettings = (payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: authHeader(admin), payload });
/** The settings as the housekeeping of a node reads them (its own copy, as another node would). */
const retentionOfSettings = () =>
  createSiteSettingsService({
    db: ctx.db,
    domainEvents: ctx.app.domainEvents,
    audit: createAuditService({ db: ctx.db, bookTitles: consoleTitles }),
    defaults: { siteName: 'x', contactEmail: 'x@example.com' },
  }).retentionDays();

async function runHousekeeping() {
  const housekeeping = createHousekeeping({ db: ctx.db, domainEvents: ctx.app.domainEvents, log, retention: retentionOfSettings });
  const run = await housekeeping.runOnce();
  await housekeeping.stop();
  return run!;
}

const daysAgo = (days: number) => Date.now() - days * DAY_MS;
const chapterId = () => book.chapters[0]!.id;

async function readerRows(readerKey: string, at: number) {
  await ctx.db
    .insertInto('reading_progress')
    .values(progressRow(readerKey, book.id, chapterId(), at))
    .execute();
  await ctx.db
    .insertInto('chapter_reads')
    .values({ reader_key: readerKey, chapter_id: chapterId(), book_id: book.id, read_at: at, finished_at: null })
    .execute();
}
const keysOf = async (table: 'reading_progress' | 'chapter_reads') =>
  (await ctx.db.selectFrom(table).select('reader_key').orderBy('reader_key').execute()).map((r) => r.reader_key);

async function event(receivedAt: number, who: { userId?: number; visitorId?: string }) {
  const row = await ctx.db
    .insertInto('reading_events')
    .values({
      event_type: 'start_reading',
      book_id: book.id,
      chapter_id: chapterId(),
      user_id: who.userId ?? null,
      visitor_id: who.visitorId ?? null,
      occurred_at: receivedAt,
      received_at: receivedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const mail = (uuid: string, state: 'sent' | 'failed' | 'queued', ageDays: number) => ({
  uuid,
  kind: 'payment-receipt',
  recipient: 'reader@example.com',
  recipient_key: 'reader@example.com',
  user_id: null,
  language: 'en-us',
  list: null,
  data: '{}',
  secret_fields: null,
  state,
  next_attempt_at: Date.now(),
  last_error: null,
  message_id: `<${uuid}@test>`,
  created_at: daysAgo(ageDays),
  sent_at: null,
  updated_at: Date.now(),
});
const audit = (target: string, ageDays: number) => ({
  actor_user_id: null,
  actor_name: 'cli',
  action: 'test.retention',
  target_type: 'test',
  target_id: target,
  before_json: null,
  after_json: null,
  created_at: daysAgo(ageDays),
});

describe(`retention settings (${TEST_DIALECT})`, () => {
  it('has defaults, and refuses a value below its minimum (400) without changing anything', async () => {
    const settings = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: authHeader(admin) })).json().data;
    expect(settings).toMatchObject({
      retention_reading_events_days: 365,
      retention_visitor_days: 180,
      retention_outbox_days: 90,
      retention_audit_days: 730,
    });
    for (const [key, { min, max }] of Object.entries(RETENTION_DAYS)) {
      const below = await putSettings({ [key]: min - 1 });
      expect(below.statusCode).toBe(400);
      expect(below.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await putSettings({ [key]: max + 1 })).statusCode).toBe(400);
      expect((await putSettings({ [key]: 1.5 })).statusCode).toBe(400);
      expect((await putSettings({ [key]: String(min + 1) })).statusCode).toBe(400);
    }
    expect(await retentionOfSettings()).toEqual({
      retention_reading_events_days: 365,
      retention_visitor_days: 180,
      retention_outbox_days: 90,
      retention_audit_days: 730,
    });
    const changed = await putSettings({ retention_audit_days: 400 });
    expect(changed.json().data.retention_audit_days).toBe(400);
    const entry = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after_json!)).toEqual({ retention_audit_days: 400 });
  });

  it('deletes exactly what is older than each setting, and nothing of members or payments', async () => {
    const ok = await putSettings({
      retention_reading_events_days: 90,
      retention_visitor_days: 30,
      retention_outbox_days: 7,
      retention_audit_days: 365,
    });
    expect(ok.statusCode, ok.body).toBe(200);

    // Visitors: 31 days without a read goes, 29 stays; a member's progress of 400 days stays.
    await readerRows('v:gone0001', daysAgo(31));
    await readerRows('v:kept0001', daysAgo(29));
    await readerRows(`u:${member.id}`, daysAgo(400));
    // Reading events: older than 90 days go (once rolled up); a visitor's event of 31 days stays but no longer names them.
    const oldEvent = await event(daysAgo(91), { userId: member.id });
    const oldVisitorEvent = await event(daysAgo(95), { visitorId: 'abcd1234' });
    const visitorEvent = await event(daysAgo(31), { visitorId: 'abcd1234' });
    const recentVisitorEvent = await event(daysAgo(29), { visitorId: 'abcd1234' });
    const recentEvent = await event(daysAgo(89), { userId: member.id });
    // Outbox: finished mail older than 7 days goes; queued mail is never touched.
    await ctx.db
      .insertInto('mail_outbox')
      .values([
        mail('ret-old-sent', 'sent', 8),
        mail('ret-old-failed', 'failed', 8),
        mail('ret-old-queued', 'queued', 8),
        mail('ret-new-sent', 'sent', 6),
      ])
      .execute();
    // Audit log: 366 days goes, 364 stays.
    await ctx.db
      .insertInto('audit_log')
      .values([audit('old', 366), audit('recent', 364)])
      .execute();
    // A payment from years ago: the ledger is never touched by retention.
    const { orderId: order } = await insertPaidOrder(ctx, member, 'sandbox');
    await ctx.db
      .updateTable('payment_orders')
      .set({ created_at: daysAgo(3000), paid_at: daysAgo(3000) })
      .where('order_id', '=', order)
      .execute();
    const ordersBefore = await ctx.db.selectFrom('payment_orders').select('order_id').execute();

    const run = await runHousekeeping();
    expect(run.visitorProgress.deleted).toBe(1);
    expect(run.visitorReads.deleted).toBe(1);
    expect(await keysOf('reading_progress')).toEqual([`u:${member.id}`, 'v:kept0001']);
    expect(await keysOf('chapter_reads')).toEqual([`u:${member.id}`, 'v:kept0001']);

    expect(await readWatermark(ctx.db)).toBeGreaterThanOrEqual(recentEvent);
    const events = await ctx.db.selectFrom('reading_events').select(['id', 'visitor_id']).orderBy('id').execute();
    expect(events).toEqual([
      { id: visitorEvent, visitor_id: null },
      { id: recentVisitorEvent, visitor_id: 'abcd1234' },
      { id: recentEvent, visitor_id: null },
    ]);
    expect(events.map((e) => e.id)).not.toContain(oldEvent);
    expect(events.map((e) => e.id)).not.toContain(oldVisitorEvent);
    expect(run.readingEvents.deleted).toBe(2);
    // The roll-up counted the deleted events before they went.
    const totals = await ctx.db
      .selectFrom('reading_day_totals')
      .select(({ fn }) => fn.sum<number>('events').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(totals.n)).toBeGreaterThanOrEqual(5);

    const outbox = await ctx.db.selectFrom('mail_outbox').select('uuid').where('uuid', 'like', 'ret-%').orderBy('uuid').execute();
    expect(outbox.map((r) => r.uuid)).toEqual(['ret-new-sent', 'ret-old-queued']);
    const audits = await ctx.db.selectFrom('audit_log').select('target_id').where('action', '=', 'test.retention').execute();
    expect(audits.map((r) => r.target_id)).toEqual(['recent']);
    // The settings changes themselves (today) are kept.
    expect((await ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'settings.update').execute()).length).toBeGreaterThan(0);

    expect(await ctx.db.selectFrom('payment_orders').select('order_id').execute()).toEqual(ordersBefore);
    expect(await ctx.db.selectFrom('membership_grants').select('id').where('user_id', '=', member.id).executeTakeFirst()).toBeDefined();

    // A second run finds nothing more.
    const again = await runHousekeeping();
    expect([again.readingEvents.deleted, again.visitorEvents.deleted, again.auditLog.deleted, again.outbox.deleted]).toEqual([0, 0, 0, 0]);
  });

  it('never deletes an event the roll-up has not added up yet, and works in bounded batches', async () => {
    await ctx.db.deleteFrom('reading_events').execute();
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await event(daysAgo(200), { userId: member.id }));
    // Only the first three are "rolled up": the rest stay whatever their age.
    const batches: number[] = [];
    let n: number;
    do {
      n = await deleteRolledUpEventsBefore(ctx.db, daysAgo(90), ids[2]!, 2);
      batches.push(n);
    } while (n === 2);
    expect(batches).toEqual([2, 1]);
    const left = await ctx.db.selectFrom('reading_events').select('id').orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual([ids[3], ids[4]]);
  });
});
