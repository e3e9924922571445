import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser } from './helpers/factories.js';
import { adminCli } from './helpers/admin-cli.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { until } from './helpers/until.js';

let ctx: TestContext;
let admin: ReturnType<typeof adminCli>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = adminCli(ctx);
});
afterAll(() => ctx.close());

describe('admin command line', () => {
  it('prints help with every command', async () => {
    const { code, out } = await admin('--help');
    expect(code).toBe(0);
    for (const usage of [
      'user create',
      'user list',
      'membership grant',
      'membership revoke',
      'book list',
      'book set-free',
      'book recommend',
      'book unlocks',
      'coins grant',
      'settings show',
      'settings set',
    ]) {
      expect(out).toContain(usage);
    }
  });

  it('creates users who can log in, and administrators', async () => {
    expect((await admin('user', 'create', 'opsadmin', '--password', 'a-long-password', '--admin')).code).toBe(0);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: 'OPSADMIN', password: 'a-long-password' },
    });
    expect(login.statusCode).toBe(200);
    const me = await ctx.app.inject({ url: '/api/v1/user/me', headers: authHeader({ token: login.json().data.jwt_token }) });
    expect(me.json().data.result.role).toBe('admin');
    const list = await admin('user', 'list');
    expect(list.out).toMatch(/opsadmin\s+admin/);
  });

  it('refuses bad arguments with a message and exit code 2', async () => {
    for (const argv of [
      ['user', 'create', 'ab', '--password', 'secretpw'],
      ['user', 'create', 'valid1', '--password', 'x'],
      ['user', 'create', 'valid1'],
      ['user', 'list', '--days', '3'],
      ['membership', 'grant', 'someone'],
      ['membership', 'grant', 'someone', '--days', '0'],
      ['membership', 'grant', 'someone', '--days', '2', '--months', '1'],
      ['book', 'set-free', 'not-a-uuid', '3'],
      ['book', 'set-free', '00000000-0000-4000-8000-000000000000', '-1'],
      ['book', 'recommend', '00000000-0000-4000-8000-000000000000', '--rank', 'first'],
      ['book', 'unlocks', '00000000-0000-4000-8000-000000000000'],
      ['book', 'unlocks', '00000000-0000-4000-8000-000000000000', '--price', '0'],
      ['book', 'unlocks', '00000000-0000-4000-8000-000000000000', '--price', '10001'],
      ['book', 'unlocks', '00000000-0000-4000-8000-000000000000', '--price', '5', '--wait-free-hours', '721'],
      ['book', 'unlocks', '00000000-0000-4000-8000-000000000000', '--off', '--price', '5'],
      ['book', 'unlocks', 'not-a-uuid', '--price', '5'],
      ['book', 'unlocks', '00000000-0000-4000-8000-000000000000', '--off', '--force'],
      ['coins', 'grant', 'someone', '10'],
      ['coins', 'grant', 'someone', '0', '--reason', 'why'],
      ['coins', 'grant', 'someone', 'ten', '--reason', 'why'],
      ['coins', 'grant', 'someone', '10', '--reason', ' '],
      ['coins', 'grant', 'someone', '10', '--reason', 'x'.repeat(201)],
      ['frobnicate'],
      ['user', 'create', 'x', '--colour', 'red'],
    ]) {
      const result = await admin(...argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err, argv.join(' ')).toMatch(/^error: /);
    }
  });

  it('fails with exit code 1 for unknown users and books and a taken name', async () => {
    expect((await admin('membership', 'grant', 'nobody', '--days', '3')).code).toBe(1);
    expect((await admin('book', 'set-free', '00000000-0000-4000-8000-000000000000', '3')).code).toBe(1);
    expect((await admin('book', 'unlocks', '00000000-0000-4000-8000-000000000000', '--price', '3', '--force')).code).toBe(1);
    expect((await admin('coins', 'grant', 'nobody', '3', '--reason', 'why')).code).toBe(1);
    await admin('user', 'create', 'twice', '--password', 'secretpw');
    const again = await admin('user', 'create', 'TWICE', '--password', 'secretpw');
    expect(again.code).toBe(1);
    expect(again.err).toContain('already taken');
  });

  it('grants stacking membership time and revokes it, as the API then shows', async () => {
    const user = await createUser(ctx);
    const membership = () =>
      ctx.app.inject({ url: '/api/v1/user/book/membership', headers: authHeader(user) }).then((r) => r.json().data.result);
    expect((await admin('membership', 'grant', user.username, '--days', '10')).code).toBe(0);
    const first = Date.parse((await membership()).expire_at);
    expect(first).toBeGreaterThan(Date.now() + 9.9 * 86_400_000);
    expect((await admin('membership', 'grant', user.username, '--months', '1')).code).toBe(0);
    const second = Date.parse((await membership()).expire_at);
    expect(second - first).toBeGreaterThanOrEqual(28 * 86_400_000);
    const revoked = await admin('membership', 'revoke', user.username);
    expect(revoked.out).toContain('revoked 2 grant(s)');
    expect(await membership()).toBeNull();
  });

  it('changes free chapters and recommendations of the running catalogue', async () => {
    const book = await createBook(ctx, { chapters: 5, freeChapters: 1 });
    const chapter5 = `/api/v1/comics/chapter_comics/${book.chapters[4]!.uuid}/en-us`;
    expect((await ctx.app.inject(chapter5)).statusCode).toBe(403);
    expect((await admin('book', 'set-free', book.uuid, '5')).code).toBe(0);
    expect((await ctx.app.inject(chapter5)).statusCode).toBe(200);

    expect((await admin('book', 'recommend', book.uuid)).out).toContain('rank 1');
    const recommended = await ctx.app.inject('/api/v1/comics/book/recommendation/list?language=en-us');
    expect(recommended.json().data.result.map((b: { book_uuid: string }) => b.book_uuid)).toEqual([book.uuid]);
    expect((await admin('book', 'recommend', book.uuid, '--remove')).code).toBe(0);
    expect((await ctx.app.inject('/api/v1/comics/book/recommendation/list?language=en-us')).json().data.result).toEqual([]);
    const listed = await admin('book', 'list');
    expect(listed.out).toContain(book.uuid);
    // The command line goes through the console's service: its changes are in the audit log as `cli`.
    const audited = await ctx.db.selectFrom('audit_log').select(['actor_name', 'action']).where('actor_name', '=', 'cli').execute();
    expect(audited.map((entry) => entry.action)).toEqual(expect.arrayContaining(['book.update', 'recommendations.update']));
  });

  it("sells a book's chapters for coins and back to membership only, as readers then see it", async () => {
    const book = await createBook(ctx, { chapters: 3, freeChapters: 1 });
    const reader = await createUser(ctx);
    const offer = async () =>
      (await ctx.app.inject({ url: `/api/v1/user/book/unlocks?book_uuid=${book.uuid}`, headers: authHeader(reader) })).json().data.result;
    // Coins are off for the site (the default): a price would sell nothing, so it is refused, with the way out.
    const refused = await admin('book', 'unlocks', book.uuid, '--price', '35', '--wait-free-hours', '24');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('coins are off for the site');
    expect(refused.err).toContain('settings set coins_enabled true');
    expect(refused.out).toBe('');
    expect((await offer()).offered).toBe(false);
    // --force keeps the price for later and says it is not on sale.
    const forced = await admin('book', 'unlocks', book.uuid, '--price', '35', '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(forced.out).toContain('NOT on sale');
    expect(forced.out).not.toContain('membership or');
    expect((await offer()).offered).toBe(false);
    const switched = await admin('settings', 'set', 'coins_enabled', 'true');
    expect(switched.code, switched.err).toBe(0);
    expect(switched.out).toContain('coins_enabled: false -> true');
    const on = await admin('book', 'unlocks', book.uuid, '--price', '35', '--wait-free-hours', '24');
    expect(on.code, on.err).toBe(0);
    // The running server follows the switch within its settings cache's seconds.
    await until(async () => (await offer()).offered === true);
    expect(on.out).toContain('35 coin(s) a chapter; one free unlock every 24 hour(s)');
    const stored = () =>
      ctx.db.selectFrom('books').select(['coin_price', 'wait_free_hours']).where('id', '=', book.id).executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ coin_price: 35, wait_free_hours: 24 });
    expect((await admin('book', 'unlocks', book.uuid, '--price', '35', '--wait-free-hours', '0')).code).toBe(0);
    expect(await stored()).toEqual({ coin_price: 35, wait_free_hours: null });
    // Issue 59: rentals, 8 coins for 2 days; 0 turns them off.
    const rentals = await admin('book', 'unlocks', book.uuid, '--price', '35', '--rental-price', '8', '--rental-days', '2');
    expect(rentals.code, rentals.err).toBe(0);
    expect(rentals.out).toContain('rent a chapter for 8 coin(s), 2 day(s)');
    const rental = () =>
      ctx.db.selectFrom('books').select(['rental_price', 'rental_days']).where('id', '=', book.id).executeTakeFirstOrThrow();
    expect(await rental()).toEqual({ rental_price: 8, rental_days: 2 });
    expect((await admin('book', 'unlocks', book.uuid, '--price', '35', '--rental-price', '0')).out).toContain('no rentals');
    expect(await rental()).toEqual({ rental_price: null, rental_days: 2 });
    const off = await admin('book', 'unlocks', book.uuid, '--off');
    expect(off.out).toContain('membership only');
    expect(await stored()).toEqual({ coin_price: null, wait_free_hours: null });
    expect((await offer()).offered).toBe(false);
    const audited = await ctx.db.selectFrom('audit_log').select('actor_name').where('action', '=', 'book.unlocks').execute();
    expect(audited.map((row) => row.actor_name)).toEqual(['cli', 'cli', 'cli', 'cli', 'cli', 'cli']);
  });

  it('shows and changes the run-time settings as the console does: checked, audited as cli, read by the API', async () => {
    const shown = await admin('settings', 'show');
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toMatch(/^default_chapter_price\s+50$/m);
    const changed = await admin('settings', 'set', 'default_chapter_price', '80');
    expect(changed.code, changed.err).toBe(0);
    expect(changed.out).toContain('default_chapter_price: 50 -> 80');
    expect((await admin('settings', 'set', 'default_chapter_price', '80')).out).toContain('already 80');
    expect((await admin('settings', 'set', 'site_name', 'Ink & Stream')).code).toBe(0);
    // The console's limits, not the command line's own: 10,000 coins at most, 365 days of audit at least.
    const tooDear = await admin('settings', 'set', 'default_chapter_price', '10001');
    expect([tooDear.code, tooDear.err]).toEqual([2, expect.stringContaining('default_chapter_price must be <= 10000')]);
    const settingsChanges = () => ctx.db.selectFrom('audit_log').select('id').where('action', '=', 'settings.update').execute();
    const changesBefore = (await settingsChanges()).length;
    for (const argv of [
      ['settings', 'set', 'coins_enabled'],
      ['settings', 'set', 'coins_enabled', 'yes'],
      ['settings', 'set', 'coins_on', 'true'],
      ['settings', 'set', 'default_chapter_price', '0'],
      ['settings', 'set', 'contact_email', 'not-an-address'],
      ['settings', 'set', 'retention_audit_days', '30'],
      ['settings', 'set', 'site_name', 'Two', 'words'],
    ]) {
      const result = await admin(...argv);
      expect([result.code, result.err], argv.join(' ')).toEqual([2, expect.stringMatching(/^error: /)]);
    }
    // Nothing refused was written.
    expect(await settingsChanges()).toHaveLength(changesBefore);
    const apiAdmin = await createUser(ctx, { role: 'admin' });
    const api = async () => (await ctx.app.inject({ url: '/api/v1/admin/settings', headers: authHeader(apiAdmin) })).json().data;
    await until(async () => (await api()).default_chapter_price === 80);
    expect(await api()).toMatchObject({ default_chapter_price: 80, site_name: 'Ink & Stream' });
    const audited = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_name', 'after_json'])
      .where('action', '=', 'settings.update')
      .orderBy('id')
      .execute();
    expect(audited.map((row) => [row.actor_name, JSON.parse(row.after_json ?? '{}')])).toEqual(
      expect.arrayContaining([
        ['cli', { default_chapter_price: 80 }],
        ['cli', { site_name: 'Ink & Stream' }],
      ]),
    );
    // Each command opens the database and its services as a separate run would: give PostgreSQL under load its time.
  }, 90_000);

  it('gives a reader coins with the reason kept in their wallet', async () => {
    const reader = await createUser(ctx);
    const given = await admin('coins', 'grant', reader.username, '40', '--reason', 'beta tester');
    expect(given.code, given.err).toBe(0);
    expect(given.out).toContain('the wallet now holds 40');
    const wallet = (await ctx.app.inject({ url: '/api/v1/user/wallet', headers: authHeader(reader) })).json().data.result;
    expect(wallet.balance).toBe(40);
    expect(wallet.history[0]).toMatchObject({ kind: 'grant', coins: 40, reason: 'beta tester' });
    const [row] = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'coins.grant')
      .where('target_id', '=', reader.uuid)
      .execute();
    expect(row).toMatchObject({ actor_name: 'cli' });
  });
});
