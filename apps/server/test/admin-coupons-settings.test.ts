import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createAuditService } from '../src/modules/audit/audit.service.js';
import { createSiteSettingsService, SETTINGS_CACHE_MS } from '../src/modules/settings/site-settings.service.js';
import { adminCli } from './helpers/admin-cli.js';
import { authHeader, createUser, type TestUser } from './helpers/factories.js';
import { redeemCoupon } from './helpers/payment-flows.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { consoleTitles } from '../src/modules/catalogue/console-titles.js';

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({ SITE_NAME: 'Inkstream Test', CONTACT_EMAIL: 'help@example.com' });
  admin = await createUser(ctx, { role: 'admin', username: 'couponboss' });
});
afterAll(() => ctx.close());

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: authHeader(user), ...(payload ? { payload } : {}) });
const redeem = (user: TestUser, code: string) => redeemCoupon(ctx, user, code);
const auditRows = (action: string) => ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe(`admin coupons on ${TEST_DIALECT}`, () => {
  it('creates a coupon a reader then redeems, lists it with counts and disables it', async () => {
    const created = await call(admin, 'POST', '/coupons', { code: 'spring-25', days: 7, max_redemptions: 2, note: 'spring mailing' });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      code: 'SPRING-25',
      days: 7,
      months: null,
      max_redemptions: 2,
      redemption_count: 0,
      state: 'active',
    });
    const reader = await createUser(ctx);
    expect((await redeem(reader, 'spring-25')).statusCode).toBe(200);
    const listed = (await call(admin, 'GET', '/coupons?state=active')).json().data;
    expect(listed.items.find((c: { code: string }) => c.code === 'SPRING-25')).toMatchObject({ redemption_count: 1 });

    const disabled = await call(admin, 'POST', '/coupons/spring-25/disable');
    expect(disabled.json().data.state).toBe('disabled');
    expect((await redeem(await createUser(ctx), 'SPRING-25')).json().code).toBe('INVALID_COUPON');
    expect((await call(admin, 'GET', '/coupons?state=disabled')).json().data.items.map((c: { code: string }) => c.code)).toContain(
      'SPRING-25',
    );
    expect((await call(admin, 'POST', '/coupons/spring-25/disable')).statusCode).toBe(409);
    expect((await call(admin, 'POST', '/coupons/NOPE-NOPE/disable')).json().code).toBe('COUPON_NOT_FOUND');

    const [createRow] = (await auditRows('coupon.create')).filter((r) => r.target_id === 'SPRING-25');
    expect(createRow).toMatchObject({ actor_name: 'couponboss', before_json: 'null' });
    expect((await auditRows('coupon.disable')).some((r) => r.target_id === 'SPRING-25')).toBe(true);
  });

  it('knows expired and exhausted coupons', async () => {
    await call(admin, 'POST', '/coupons', { code: 'OLDONE', months: 1, expires_at: '2020-01-01T00:00:00Z' });
    await call(admin, 'POST', '/coupons', { code: 'ONLYONE', days: 1, max_redemptions: 1 });
    await redeem(await createUser(ctx), 'ONLYONE');
    const states = Object.fromEntries(
      (await call(admin, 'GET', '/coupons?page_size=200')).json().data.items.map((c: { code: string; state: string }) => [c.code, c.state]),
    );
    expect(states).toMatchObject({ OLDONE: 'expired', ONLYONE: 'exhausted' });
    expect((await call(admin, 'GET', '/coupons?state=exhausted')).json().data.items.map((c: { code: string }) => c.code)).toEqual([
      'ONLYONE',
    ]);
  });

  it('refuses a taken code (409) and bad input with details, like the command line', async () => {
    await call(admin, 'POST', '/coupons', { code: 'TAKEN1', days: 3 });
    const taken = await call(admin, 'POST', '/coupons', { code: 'taken1', months: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('CONFLICT');
    const both = await call(admin, 'POST', '/coupons', { code: 'BOTH1', days: 3, months: 1 });
    expect(both.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'days' }] });
    const badCode = await call(admin, 'POST', '/coupons', { code: 'a b', days: 3 });
    expect(badCode.json().details[0].field).toContain('code');
    const badDate = await call(admin, 'POST', '/coupons', { code: 'DATE1', days: 3, expires_at: 'tomorrow' });
    expect(badDate.json().details[0].field).toContain('expires_at');
    const cli = await adminCli(ctx)('coupon', 'create', 'TAKEN1', '--days', '3');
    expect(cli.code).toBe(1);
    await adminCli(ctx)('coupon', 'create', 'FROMCLI', '--days', '3');
    expect((await auditRows('coupon.create')).find((r) => r.target_id === 'FROMCLI')?.actor_name).toBe('cli');
  });

  it('audits the command line membership commands as cli', async () => {
    const reader = await createUser(ctx);
    expect((await adminCli(ctx)('membership', 'grant', reader.username, '--days', '4')).code).toBe(0);
    expect((await adminCli(ctx)('membership', 'revoke', reader.username)).code).toBe(0);
    for (const action of ['membership.grant', 'membership.revoke']) {
      expect((await auditRows(action)).find((r) => r.target_id === reader.uuid)?.actor_name).toBe('cli');
    }
  });

  it('refuses readers', async () => {
    const reader = await createUser(ctx);
    expect((await call(reader, 'POST', '/coupons', { code: 'MINE1', days: 3 })).statusCode).toBe(403);
    expect((await call(reader, 'GET', '/settings')).statusCode).toBe(403);
  });
});

describe(`site settings on ${TEST_DIALECT}`, () => {
  const publicConfig = () => ctx.app.inject({ url: '/api/v1/config/public' }).then((r) => r.json().data.result);

  it('starts from the configuration and changes without restart, audited', async () => {
    const configured = {
      site_name: 'Inkstream Test',
      contact_email: 'help@example.com',
      default_free_chapters: 3,
      comment_links_min_age_hours: 24,
      // Coins (issue 42): off until the operator turns them on.
      coins_enabled: false,
      // Issue 61: a new site shows all ages, teen and mature books, and no adult one.
      adult_books: 'off',
      adult_books_for_others: 'hidden',
      blur_mature_covers: false,
      default_chapter_price: 50,
      // Renewals (issue 59): offered where a rail renews; a week of grace after a failed renewal.
      renewing_memberships: true,
      renewal_grace_days: 7,
      // Retention (issue 43): the defaults (contracts RETENTION_DAYS).
      retention_reading_events_days: 365,
      retention_visitor_days: 180,
      retention_outbox_days: 90,
      retention_audit_days: 730,
    };
    expect((await call(admin, 'GET', '/settings')).json().data).toEqual(configured);
    const updated = await call(admin, 'PUT', '/settings', { contact_email: 'care@example.org' });
    expect(updated.json().data.contact_email).toBe('care@example.org');
    const config = await publicConfig();
    expect(config).toMatchObject({ site_name: 'Inkstream Test', contact_email: 'care@example.org' });
    expect(Object.keys(config).sort()).toEqual([
      'coins',
      'community',
      'contact_email',
      'default_language',
      'languages',
      'payments',
      'sign_in_providers',
      'site_name',
    ]);
    // No OpenID providers configured: none to show (issue 60).
    // Outside production with no WeChat login configured, the sandbox stands in for it (issue 60).
    expect(config.sign_in_providers).toEqual([
      { id: 'wechat', name: 'WeChat', method: 'wechat', languages: ['zh-cn', 'en-us', 'fr-fr', 'es-es', 'ar-sa'], sandbox: true },
    ]);
    // Coins off: no packs are offered.
    expect(config.coins).toEqual({ enabled: false, packs: [] });
    await call(admin, 'PUT', '/settings', { site_name: 'Ink 2', default_free_chapters: 5 });
    // The three changed; the rest as configured.
    expect((await call(admin, 'GET', '/settings')).json().data).toEqual({
      ...configured,
      site_name: 'Ink 2',
      contact_email: 'care@example.org',
      default_free_chapters: 5,
    });
    const rows = await auditRows('settings.update');
    expect(rows.map((r) => JSON.parse(r.after_json ?? '{}'))).toEqual([
      { contact_email: 'care@example.org' },
      { site_name: 'Ink 2', default_free_chapters: 5 },
    ]);
    expect(JSON.parse(rows[0]?.before_json ?? '{}')).toEqual({ contact_email: 'help@example.com' });
  });

  it('refuses bad values with details', async () => {
    for (const [body, field] of [
      [{ contact_email: 'not-an-email' }, 'contact_email'],
      [{ site_name: '' }, 'site_name'],
      [{ site_name: 'x'.repeat(65) }, 'site_name'],
      [{ default_free_chapters: 1001 }, 'default_free_chapters'],
      [{ default_free_chapters: -1 }, 'default_free_chapters'],
      [{ comment_links_min_age_hours: 8761 }, 'comment_links_min_age_hours'],
      [{ comment_links_min_age_hours: 1.5 }, 'comment_links_min_age_hours'],
      [{ site_name: 'bad\u0007name' }, 'site_name'],
      [{ retention_audit_days: 364 }, 'retention_audit_days'],
    ] as const) {
      const response = await call(admin, 'PUT', '/settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details[0].field, JSON.stringify(body)).toContain(field);
    }
    expect((await call(admin, 'PUT', '/settings', {})).statusCode).toBe(400);
  });

  it('another node sees a change within its cache time', async () => {
    let clock = Date.now();
    const audit = createAuditService({ db: ctx.db, bookTitles: consoleTitles });
    const defaults = { siteName: 'x', contactEmail: 'x@example.com' };
    const { domainEvents } = ctx.app;
    const nodeA = createSiteSettingsService({ db: ctx.db, domainEvents, audit, defaults, now: () => clock });
    const nodeB = createSiteSettingsService({ db: ctx.db, domainEvents, audit, defaults, now: () => clock });
    // Node A forgets its copy when the site-settings version moves, as the wiring root has it do;
    // node B stands for another node that missed the broadcast and keeps its copy for its cache time.
    const stop = ctx.app.versions['site-settings'].subscribe(() => nodeA.forget());
    onTestFinished(stop);
    expect(await nodeA.defaultFreeChapters()).toBe((await nodeB.get()).default_free_chapters);
    const before = (await nodeB.get()).default_free_chapters;
    await nodeA.update({ userId: admin.id, name: admin.username }, { default_free_chapters: before + 1 });
    expect(await nodeA.defaultFreeChapters()).toBe(before + 1);
    expect(await nodeB.defaultFreeChapters()).toBe(before);
    clock += SETTINGS_CACHE_MS + 1;
    expect(await nodeB.defaultFreeChapters()).toBe(before + 1);
  });

  it('keeps answering the public values while the database is unreachable', async () => {
    const audit = createAuditService({ db: ctx.db, bookTitles: consoleTitles });
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const failing = { selectFrom: () => ({ select: () => ({ execute: () => Promise.reject(down) }) }) } as unknown as typeof ctx.db;
    const service = createSiteSettingsService({
      db: failing,
      domainEvents: ctx.app.domainEvents,
      audit,
      defaults: { siteName: 'Fallback', contactEmail: 'f@example.com' },
    });
    expect(await service.getForPublic()).toMatchObject({ site_name: 'Fallback', contact_email: 'f@example.com' });
    await expect(service.get()).rejects.toThrow('ECONNREFUSED');
  });
});
