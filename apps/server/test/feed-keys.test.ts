import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as feedKeysMigration from '../src/db/migrations/2026-11-26T1100-feed-keys.js';
import { createFeedAuthenticator } from '../src/modules/opds/feed-auth.js';
import { registerErrorHandler } from '../src/plugins/error-handler.js';
import { createStorageHealth } from '../src/db/storage-health.js';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

// Feed keys (issue 32, docs/OPDS.md "Feed keys"): made on the profile, shown once, stored hashed,
// at most 5 live per account; the feeds' authenticator takes one in the path or as HTTP Basic.

let ctx: TestContext;
/** A stand-in for the feed routes (the feeds helper registers the real ones): who reads, or the error. */
let feeds: FastifyInstance;
let clock = Date.UTC(2026, 10, 25, 12, 0, 0);

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://read.example.org' });
  const feedAuth = createFeedAuthenticator({ db: ctx.db, now: () => clock });
  feeds = Fastify({ logger: false });
  registerErrorHandler(feeds, createStorageHealth());
  const answer = async (reader: Awaited<ReturnType<typeof feedAuth>>) => ({ username: reader.user.username, key_id: reader.keyId });
  feeds.get<{ Params: { feedKey: string } }>('/opds/key/:feedKey/v1.2/catalog', async (request) =>
    answer(await feedAuth(request, request.params.feedKey)),
  );
  feeds.get('/opds/v1.2/catalog', async (request) => answer(await feedAuth(request, null)));
  await feeds.ready();
});
afterAll(async () => {
  await feeds.close();
  await ctx.close();
});

const createKey = (user: TestUser, name: string | unknown = 'KOReader') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/feed_keys',
    headers: authHeader(user),
    payload: { name },
    remoteAddress: nextClientIp(),
  });

async function newKey(
  user: TestUser,
  name = 'KOReader',
): Promise<{ key_id: number; key: string; url: string; url_v2: string; name: string }> {
  const response = await createKey(user, name);
  expect(response.statusCode).toBe(201);
  return response.json().data.result;
}

const listKeys = async (user: TestUser) =>
  (await ctx.app.inject({ url: '/api/v1/user/feed_keys', headers: authHeader(user), remoteAddress: nextClientIp() })).json().data
    .result as {
    key_id: number;
    name: string;
    created_at: string;
    last_used_at: string | null;
  }[];

const basic = (username: string, key: string) => ({ authorization: `Basic ${Buffer.from(`${username}:${key}`).toString('base64')}` });

const byPath = (key: string, ip = nextClientIp()) =>
  feeds.inject({ url: `/opds/key/${encodeURIComponent(key)}/v1.2/catalog`, remoteAddress: ip });
const byBasic = (headers: Record<string, string>, ip = nextClientIp()) =>
  feeds.inject({ url: '/opds/v1.2/catalog', headers, remoteAddress: ip });

const WWW_AUTHENTICATE = 'Basic realm="Inkstream OPDS", charset="UTF-8"';

describe('POST /user/feed_keys', () => {
  it('answers the key once, with the two feed URLs an app can use as they are, and stores only its hash', async () => {
    const user = await createUser(ctx);
    const created = await newKey(user, '  Panels on my iPad  ');
    expect(created.name).toBe('Panels on my iPad');
    expect(created.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.url).toBe(`https://read.example.org/opds/key/${created.key}/v1.2/catalog`);
    expect(created.url_v2).toBe(`https://read.example.org/opds/key/${created.key}/v2/catalog`);

    const rows = await ctx.db.selectFrom('feed_keys').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.key);
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await listKeys(user);
    expect(listed).toEqual([{ key_id: created.key_id, name: 'Panels on my iPad', created_at: expect.any(String), last_used_at: null }]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
  });

  it('needs a login', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/feed_keys',
      payload: { name: 'x' },
      remoteAddress: nextClientIp(),
    });
    expect(response.statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/v1/user/feed_keys', remoteAddress: nextClientIp() })).statusCode).toBe(401);
  });

  it('takes names of 1 to 40 characters on one line, and refuses empty, longer, control and invisible ones', async () => {
    const user = await createUser(ctx);
    expect((await createKey(user, 'é'.repeat(40))).statusCode).toBe(201);
    expect((await newKey(user, 'Thorium  on   my laptop')).name).toBe('Thorium on my laptop');
    for (const name of ['Thorium\non my laptop', '', '   ', 'x'.repeat(41), 'bad\u0007bell', 'a\u202Eevil', 'zero\u200Bwidth', null]) {
      const response = await createKey(user, name);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    // Closed body: a field the schema does not name is dropped, never stored.
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/feed_keys',
      headers: authHeader(user),
      payload: { name: 'ok', user_id: 1, key: 'chosen-by-me' },
      remoteAddress: nextClientIp(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.result.key).not.toBe('chosen-by-me');
  });

  it('allows 5 live keys per account: the 6th is 409 FEED_KEY_LIMIT until one is revoked', async () => {
    const user = await createUser(ctx);
    const keys = [];
    for (let i = 1; i <= 5; i += 1) keys.push(await newKey(user, `app ${i}`));
    const sixth = await createKey(user, 'app 6');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().code).toBe('FEED_KEY_LIMIT');
    expect(await listKeys(user)).toHaveLength(5);

    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/feed_keys/${keys[0]?.key_id}`,
      headers: authHeader(user),
      remoteAddress: nextClientIp(),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await createKey(user, 'app 6')).statusCode).toBe(201);
  });

  it('does not let creations at the same moment pass the limit of 5', async () => {
    const user = await createUser(ctx);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => createKey(user, `race ${i}`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
    expect(await listKeys(user)).toHaveLength(5);
  });
});

describe('DELETE /user/feed_keys/{key_id}', () => {
  it("answers 404 for another reader's key and leaves it working", async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const created = await newKey(owner);
    for (const id of [created.key_id, 2_147_483_647]) {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/user/feed_keys/${id}`,
        headers: authHeader(other),
        remoteAddress: nextClientIp(),
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await byPath(created.key)).statusCode).toBe(200);
    const bad = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/user/feed_keys/abc',
      headers: authHeader(other),
      remoteAddress: nextClientIp(),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the feed authenticator', () => {
  it('reads the owner from a key in the path or as HTTP Basic (user name in any case)', async () => {
    const user = await createUser(ctx);
    const created = await newKey(user);
    const path = await byPath(created.key);
    expect(path.statusCode).toBe(200);
    expect(path.json()).toEqual({ username: user.username, key_id: created.key_id });
    const viaBasic = await byBasic(basic(user.username.toUpperCase(), created.key));
    expect(viaBasic.statusCode).toBe(200);
    expect(viaBasic.json()).toEqual({ username: user.username, key_id: created.key_id });
  });

  it('answers 401 UNAUTHORIZED with a WWW-Authenticate apps understand for missing, malformed, unknown and foreign keys', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const created = await newKey(user);
    const answers = [
      await byBasic({}),
      await byBasic({ authorization: 'Bearer abc' }),
      await byBasic({ authorization: 'Basic !!!' }),
      await byBasic({ authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` }),
      await byBasic(basic(user.username, 'x'.repeat(43))),
      // The key must be that user's.
      await byBasic(basic(other.username, created.key)),
      await byPath('short'),
      await byPath('A'.repeat(43)),
      await byPath(`${created.key}x`),
      await byPath('\u0000'.repeat(43)),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
      expect(answer.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('refuses a revoked key at once, by path and by Basic', async () => {
    const user = await createUser(ctx);
    const created = await newKey(user);
    expect((await byPath(created.key)).statusCode).toBe(200);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/feed_keys/${created.key_id}`,
      headers: authHeader(user),
      remoteAddress: nextClientIp(),
    });
    const path = await byPath(created.key);
    expect(path.statusCode).toBe(401);
    expect(path.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
    expect((await byBasic(basic(user.username, created.key))).statusCode).toBe(401);
    expect(await listKeys(user)).toEqual([]);
  });

  it('refuses the key of a disabled account with 401', async () => {
    const user = await createUser(ctx);
    const created = await newKey(user);
    await ctx.db.updateTable('users').set({ disabled_at: Date.now() }).where('id', '=', user.id).execute();
    expect((await byPath(created.key)).statusCode).toBe(401);
    expect((await byBasic(basic(user.username, created.key))).statusCode).toBe(401);
  });

  it('records the last use at most once a minute per key', async () => {
    const user = await createUser(ctx);
    const created = await newKey(user);
    const lastUsed = async () =>
      (await ctx.db.selectFrom('feed_keys').select('last_used_at').where('id', '=', created.key_id).executeTakeFirstOrThrow()).last_used_at;
    const start = clock;
    expect(await lastUsed()).toBeNull();
    await byPath(created.key);
    expect(Number(await lastUsed())).toBe(start);
    clock = start + 59_000;
    await byPath(created.key);
    await byBasic(basic(user.username, created.key));
    expect(Number(await lastUsed())).toBe(start);
    clock = start + 60_000;
    await byPath(created.key);
    expect(Number(await lastUsed())).toBe(start + 60_000);
    expect((await listKeys(user))[0]?.last_used_at).toBe(new Date(start + 60_000).toISOString());
    clock = start;
  });

  /** The feeds' clock at the real time, so that their windows and the login's (real time) overlap. */
  const clockAtNow = () => void (clock = Math.max(clock, Date.now()));
  const login = (username: string, ip: string, password = 'secret-pass-1') =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username, password }, remoteAddress: ip });

  it('throttles bad keys per account first: 10 for one account from one address, and its logins, other accounts and keys go on', async () => {
    clockAtNow();
    const attacked = await createUser(ctx);
    const attackedKey = await newKey(attacked);
    const neighbour = await createUser(ctx);
    const neighbourKey = await newKey(neighbour);
    const ip = nextClientIp();
    for (let i = 0; i < 10; i += 1) expect((await byBasic(basic(attacked.username, `nope${i}`), ip)).statusCode).toBe(401);
    // The attacked account is throttled from that address, whatever is sent for it (its own key too)...
    for (let i = 0; i < 90; i += 1) {
      const answer = await byBasic(basic(attacked.username.toUpperCase(), `nope${i}`), ip);
      expect(answer.statusCode).toBe(429);
    }
    const limited = await byBasic(basic(attacked.username, attackedKey.key), ip);
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // ...while from the same address another account's key reads, the attacked key alone reads, and
    // right passwords log in: 100 bad feed credentials never close the address.
    expect((await byBasic(basic(neighbour.username, neighbourKey.key), ip)).statusCode).toBe(200);
    expect((await byPath(neighbourKey.key, ip)).statusCode).toBe(200);
    expect((await byPath(attackedKey.key, ip)).statusCode).toBe(200);
    expect((await login(neighbour.username, ip)).statusCode).toBe(200);
    expect((await login(attacked.username, ip)).statusCode).toBe(200);
    // From another address the attacked account reads.
    expect((await byBasic(basic(attacked.username, attackedKey.key))).statusCode).toBe(200);
    // The window ends 15 minutes after it opened.
    clock += 15 * 60 * 1000 + 1;
    expect((await byBasic(basic(attacked.username, attackedKey.key), ip)).statusCode).toBe(200);
  });

  it('throttles one bad key repeated (an app with a revoked key) without closing the address to other keys', async () => {
    const reader = await createUser(ctx);
    const good = await newKey(reader);
    const ip = nextClientIp();
    const stale = 'S'.repeat(43);
    for (let i = 0; i < 10; i += 1) expect((await byPath(stale, ip)).statusCode).toBe(401);
    expect((await byPath(stale, ip)).statusCode).toBe(429);
    expect((await byPath(good.key, ip)).statusCode).toBe(200);
  });

  it('keeps a loose ceiling per address: 100 bad keys sprayed over many keys close its feeds, never its logins', async () => {
    clockAtNow();
    const reader = await createUser(ctx);
    const good = await newKey(reader);
    const ip = nextClientIp();
    for (let i = 0; i < 100; i += 1) expect((await byPath(`${String(i).padStart(3, '0')}${'C'.repeat(40)}`, ip)).statusCode).toBe(401);
    expect((await byPath(good.key, ip)).statusCode).toBe(429);
    expect((await byPath(good.key)).statusCode).toBe(200);
    expect((await login(reader.username, ip)).statusCode).toBe(200);
    clock += 15 * 60 * 1000 + 1;
    expect((await byPath(good.key, ip)).statusCode).toBe(200);
  });
});

describe("the console's reader page", () => {
  it("lists a reader's keys and revokes one, audited; readers cannot", async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const reader = await createUser(ctx);
    const created = await newKey(reader, 'Chunky');
    const list = await ctx.app.inject({
      url: `/api/v1/admin/users/${reader.uuid}/feed_keys`,
      headers: authHeader(admin),
      remoteAddress: nextClientIp(),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.result).toEqual([
      { key_id: created.key_id, name: 'Chunky', created_at: expect.any(String), last_used_at: null },
    ]);

    const byReader = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${reader.uuid}/feed_keys/${created.key_id}`,
      headers: authHeader(reader),
      remoteAddress: nextClientIp(),
    });
    expect(byReader.statusCode).toBe(403);

    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${reader.uuid}/feed_keys/${created.key_id}`,
      headers: authHeader(admin),
      remoteAddress: nextClientIp(),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await byPath(created.key)).statusCode).toBe(401);
    const entry = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'feed_key.revoke')
      .where('target_id', '=', reader.uuid)
      .executeTakeFirst();
    expect(entry?.actor_user_id).toBe(admin.id);
    expect(String(entry?.before_json)).toContain('Chunky');

    // Revoked already, another reader's key, an unknown reader: 404.
    const other = await createUser(ctx);
    const otherKey = await newKey(other);
    for (const url of [
      `/api/v1/admin/users/${reader.uuid}/feed_keys/${created.key_id}`,
      `/api/v1/admin/users/${reader.uuid}/feed_keys/${otherKey.key_id}`,
      `/api/v1/admin/users/00000000-0000-4000-8000-000000000000/feed_keys/${otherKey.key_id}`,
    ]) {
      expect((await ctx.app.inject({ method: 'DELETE', url, headers: authHeader(admin), remoteAddress: nextClientIp() })).statusCode).toBe(
        404,
      );
    }
  });
});

describe('the migration', () => {
  it('goes down and up again', async () => {
    const db = ctx.db as unknown as Kysely<unknown>;
    await feedKeysMigration.down(db);
    await expect(ctx.db.selectFrom('feed_keys').select('id').execute()).rejects.toThrow();
    await feedKeysMigration.up(db);
    expect(await ctx.db.selectFrom('feed_keys').select('id').execute()).toEqual([]);
  });
});
