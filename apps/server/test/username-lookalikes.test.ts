import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest, migrateUpTo } from '../src/db/migrator.js';
import { DEMO_ACCOUNTS } from '../src/modules/demo/demo-accounts.js';
import { nextClientIp } from './helpers/factories.js';
import { createTestContext, createTestDatabase, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let counter = 0;
/** Letters only after the prefix, none of them look-alikes of another (no o/0, l/1, m/rn). */
const uniqueTail = () => `${Date.now().toString(36).slice(-3)}${(counter += 1)}`.replace(/[0o1lim]/g, 'x');

const register = (username: string, password = 'hunter22') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user/register', payload: { username, password }, remoteAddress: nextClientIp() });
const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { username, password }, remoteAddress: nextClientIp() });

describe(`look-alike user names on ${TEST_DIALECT}`, () => {
  it('refuses a look-alike of a taken name with the taken-name error (Cyrillic а, full width, 1 and l, I and l)', async () => {
    const tail = uniqueTail();
    const name = `payer${tail}1`;
    expect((await register(name)).statusCode).toBe(201);
    const lookAlikes = [
      `p\u0430yer${tail}1`, // Cyrillic а
      [...`payer${tail}1`].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join(''), // full width
      `payer${tail}l`, // l for 1
      `PAYER${tail.toUpperCase()}I`, // capital I for 1
    ];
    for (const lookAlike of lookAlikes) {
      const response = await register(lookAlike, 'other-pass');
      expect(response.statusCode, lookAlike).toBe(409);
      expect(response.json()).toEqual({ error: 'This username is already taken', code: 'USERNAME_TAKEN' });
    }
    // Login stays by the exact name: a look-alike is not the account.
    expect((await login(name, 'hunter22')).statusCode).toBe(200);
    expect((await login(lookAlikes[0]!, 'hunter22')).json().code).toBe('INVALID_CREDENTIALS');
    // Names that only share letters are still free.
    expect((await register(`payer${tail}2`)).statusCode).toBe(201);
  });

  it('fills the skeleton of existing accounts in the migration; two that already look alike both keep working', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'inkstream-skeleton-'));
    const database = await createTestDatabase();
    const handle = openDatabase({ databaseUrl: database.databaseUrl, sqlitePath: path.join(dir, 'old.sqlite') });
    try {
      await migrateUpTo(handle.db, '2026-11-25T0100-login-delays');
      const names = ['payer1', 'p\u0430yer1', ...DEMO_ACCOUNTS.map((a) => a.username), '读者小明'];
      for (const [index, username] of names.entries()) {
        await sql`INSERT INTO users (uuid, username, username_key, password_hash, role, invite_code, user_type, created_at)
          VALUES (${crypto.randomUUID()}, ${username}, ${username.toLowerCase()}, 'x', 'user', ${`CODE${index}`}, 'inkstream', 0)`.execute(
          handle.db,
        );
      }
      await migrateToLatest(handle.db);
      const rows = await handle.db.selectFrom('users').select(['id', 'username', 'username_skeleton']).orderBy('id').execute();
      expect(rows.map((r) => r.username_skeleton)).toEqual([
        'payerl',
        `payerl#${rows[1]!.id}`,
        'dernornernber',
        'dernoexpired',
        '读者小明',
      ]);
      // The index refuses a new row with a taken skeleton.
      await expect(
        sql`INSERT INTO users (uuid, username, username_key, username_skeleton, password_hash, role, invite_code, user_type, created_at)
          VALUES (${crypto.randomUUID()}, 'payerl', 'payerl', 'payerl', 'x', 'user', 'CODEX', 'inkstream', 0)`.execute(handle.db),
      ).rejects.toThrow();
    } finally {
      await handle.close();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
