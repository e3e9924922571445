import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASURE_TABLES } from '../src/modules/data-rights/deletion/erasure-tables.js';
import { createAdminContext } from './helpers/admin-context.js';
import { createComment } from './helpers/community-fixtures.js';
import { makeDeletionDue } from './helpers/account-erasure.js';
import { callApi, createBook, createUser, createUserWithEmail, type TestBook, type TestUser } from './helpers/factories.js';
import { makeFeedKey } from './helpers/feed-keys.js';
import { createSoftwareAuthenticator } from './helpers/software-authenticator.js';
import { liveColumns, userForeignKeys, type Column } from './helpers/schema-columns.js';
import { TEST_DIALECT, type TestContext } from './helpers/test-context.js';
import { enableTwoStep, totpCodeAt } from './helpers/two-step.js';

/**
 * The erasure against its own map (issue 56, item 35; erasure-tables.ts, docs/ACCOUNTS.md
 * "Deleting your account"): every table the map marks "deleted" is walked, not a hand-picked list.
 * The reader (two-step on, so with recovery codes) leaves a row in each; the test fails first if
 * the fixture left one of them empty (a table newly marked deleted must be filled here), then if
 * any of those rows is still there after the erasure.
 *
 * The reader's rows of a table are those whose reader column names them: a foreign key to users or
 * a reader-like column (user_id, reporter_id, reader_key `u:<id>` / `user:<id>`). Columns ending in
 * `_by` are left out: they name the reader as an operator (who banned, resolved, requested), which
 * the map keeps.
 */
let ctx: TestContext;
let admin: TestUser;
let book: TestBook;

const READER_COLUMN = /^(user_id|.*_user_id|reporter_id|reader_key)$/;
const DELETED_TABLES = Object.entries(ERASURE_TABLES)
  .filter(([, how]) => how.startsWith('deleted'))
  .map(([table]) => table);

beforeAll(async () => {
  ({ ctx, admin } = await createAdminContext());
  book = await createBook(ctx, { chapters: 3, freeChapters: 3, pagesPerChapter: 1 });
}, 60_000);
afterAll(() => ctx?.close());

const api = (user: { token: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  callApi(ctx, method, url, user, payload);

/** The reader columns of each table the map marks deleted. */
async function readerColumns(): Promise<Map<string, string[]>> {
  const found: Column[] = [...(await userForeignKeys(ctx.db)), ...(await liveColumns(ctx.db)).filter((c) => READER_COLUMN.test(c.column))];
  const columns = new Map<string, string[]>();
  for (const { table, column } of found) {
    if (!DELETED_TABLES.includes(table) || column.endsWith('_by')) continue;
    const list = columns.get(table) ?? [];
    if (!list.includes(column)) list.push(column);
    columns.set(table, list);
  }
  return columns;
}

/** The ids (or a row count where the table has no id) of the reader's rows in each table. */
async function readerRows(columns: Map<string, string[]>, userId: number): Promise<Map<string, number[]>> {
  const rows = new Map<string, number[]>();
  for (const table of DELETED_TABLES) {
    const matches = (columns.get(table) ?? []).map((column) =>
      column === 'reader_key' ? sql`${sql.ref(column)} in (${`u:${userId}`}, ${`user:${userId}`})` : sql`${sql.ref(column)} = ${userId}`,
    );
    if (matches.length === 0) {
      rows.set(table, []);
      continue;
    }
    const hasId = (await liveColumns(ctx.db)).some((c) => c.table === table && c.column === 'id');
    const { rows: found } = await sql<{ id: number }>`select ${hasId ? sql.ref('id') : sql`0`} as id from ${sql.table(table)}
      where ${sql.join(matches, sql` or `)}`.execute(ctx.db);
    rows.set(
      table,
      found.map((row) => Number(row.id)),
    );
  }
  return rows;
}

/** A reader with two-step on and a row in every table the map marks deleted. */
async function fillReader() {
  const reader = await createUserWithEmail(ctx);
  const other = await createUser(ctx);
  const { secret, recoveryCodes } = await enableTwoStep(ctx, reader);
  expect(recoveryCodes.length).toBeGreaterThan(0);
  const now = Date.now();
  const [c1, c2] = book.chapters.map((c) => c.id) as [number, number];
  await makeFeedKey(ctx, reader);
  // Issue 60: a passkey (a real registration), and a challenge handed out and not yet answered.
  const url = new URL(ctx.config.publicUrl);
  const options = (await api(reader, 'POST', '/user/passkeys/registration/options')).json().data.result;
  const made = createSoftwareAuthenticator().register(options, { origin: url.origin, rpId: url.hostname });
  expect((await api(reader, 'POST', '/user/passkeys', { credential: made.json })).statusCode).toBe(201);
  expect((await api(reader, 'POST', '/user/passkeys/registration/options')).statusCode).toBe(200);
  expect((await api(reader, 'PUT', `/user/follows/${book.uuid}`)).statusCode).toBe(200);
  expect(
    (await api(reader, 'POST', '/comics/chapter/favor', { book_uuid: book.uuid, chapter_uuid: book.chapters[0]!.uuid })).statusCode,
  ).toBe(200);
  const progress = { progress: [{ book_uuid: book.uuid, chapter_uuid: book.chapters[0]!.uuid, page_index: 0, finished: true }] };
  expect((await api(reader, 'POST', '/reader/progress', progress)).statusCode).toBe(200);
  expect((await api(reader, 'PUT', `/comics/book/${book.uuid}/rating`, { score: 7 })).statusCode).toBe(200);
  expect((await api(reader, 'POST', '/user/data_export', {})).statusCode).toBe(202);
  await ctx.db
    .insertInto('push_subscriptions')
    .values({ user_id: reader.id, endpoint: 'https://push.example/erasure', p256dh: 'k', auth: 'a', language: 'en-us', created_at: now })
    .execute();
  await ctx.db
    .insertInto('account_tokens')
    .values({
      user_id: reader.id,
      purpose: 'password-reset',
      token_hash: 'f'.repeat(64),
      email: null,
      expires_at: now + 3_600_000,
      used_at: null,
      created_at: now,
    })
    .execute();
  await ctx.db.insertInto('reader_settings').values({ user_id: reader.id, mode: 'single', updated_at: now }).execute();
  // Issue 60: a linked provider, and sign-ins with a provider in progress (linking to it, into it).
  await ctx.db
    .insertInto('linked_identities')
    .values({
      user_id: reader.id,
      method: 'oidc',
      provider: 'corp',
      subject: `erasure-${reader.id}`,
      email: null,
      display_name: null,
      created_at: now,
      last_used_at: null,
    })
    .execute();
  const flow = { method: 'oidc' as const, provider: 'corp', nonce: 'n', code_verifier: 'v', return_to: null, created_at: now };
  await ctx.db
    .insertInto('external_sign_in_flows')
    .values([
      { ...flow, state_hash: `a${reader.id}`.padEnd(64, '0'), browser_hash: 'b', purpose: 'link', user_id: reader.id },
      {
        ...flow,
        state_hash: `c${reader.id}`.padEnd(64, '0'),
        browser_hash: 'b',
        purpose: 'sign_in',
        user_id: null,
        target_user_id: reader.id,
      },
    ])
    .execute();
  await ctx.db
    .insertInto('book_reading_overrides')
    .values({ user_id: reader.id, book_id: book.id, mode: 'single', updated_at: now })
    .execute();
  // Issue 59: an auto-unlock opt-in (PUT /user/book/auto_unlock writes the same row).
  await ctx.db.insertInto('auto_unlocks').values({ user_id: reader.id, book_id: book.id, cap: 100, spent: 30, enabled_at: now }).execute();
  // Issue 61: a list of the reader's (with a book and a follower) and a list of another's the reader follows.
  for (const [owner, uuid] of [
    [reader.id, randomUUID()],
    [other.id, randomUUID()],
  ] as const) {
    await ctx.db
      .insertInto('reader_lists')
      .values({
        uuid,
        user_id: owner,
        name: 'List',
        visibility: 'public',
        hidden_at: null,
        hidden_reason: null,
        featured_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const lists = await ctx.db.selectFrom('reader_lists').select(['id', 'user_id']).where('user_id', 'in', [reader.id, other.id]).execute();
  const mine = lists.find((l) => l.user_id === reader.id)!.id;
  const theirList = lists.find((l) => l.user_id === other.id)!.id;
  await ctx.db
    .insertInto('reader_list_books')
    .values({ list_id: mine, book_id: book.id, position: 1, note: 'a note', added_at: now })
    .execute();
  await ctx.db
    .insertInto('reader_list_follows')
    .values([
      { user_id: reader.id, list_id: theirList, created_at: now },
      { user_id: other.id, list_id: mine, created_at: now },
    ])
    .execute();
  const theirs = await createComment(ctx, { chapterId: c1, userId: other.id });
  const reply = await createComment(ctx, { chapterId: c1, userId: other.id, parentId: theirs.id });
  await ctx.db.insertInto('comment_likes').values({ comment_id: theirs.id, user_id: reader.id, created_at: now }).execute();
  await ctx.db.insertInto('comment_alerts').values({ user_id: reader.id, comment_id: reply.id, created_at: now, read_at: null }).execute();
  await ctx.db
    .insertInto('comment_bans')
    .values({ user_id: reader.id, reason: 'spam', until: now + 3_600_000, created_at: now, created_by: admin.id })
    .execute();
  await ctx.db
    .insertInto('comment_reports')
    .values({
      comment_id: theirs.id,
      reporter_id: reader.id,
      reason: 'spoiler',
      detail: null,
      created_at: now,
      resolved_at: null,
      resolution: null,
      resolved_by: null,
    })
    .execute();
  await ctx.db
    .insertInto('chapter_reads')
    .values({ reader_key: `u:${reader.id}`, chapter_id: c2, book_id: book.id, read_at: now, finished_at: null })
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
      client_at: null,
    })
    .execute();
  await ctx.db
    .insertInto('reading_event_days')
    .values({ reader_key: `user:${reader.id}`, event_type: 'open_book', target_id: book.id, day: Math.floor(now / 86_400_000) })
    .execute();
  return { reader, secret };
}

describe(`the erasure walks its map (${TEST_DIALECT})`, () => {
  it('removes every row of every table the map marks deleted, for a reader with two-step on', async () => {
    expect(DELETED_TABLES).toContain('user_recovery_codes');
    const columns = await readerColumns();
    const { reader, secret } = await fillReader();
    const before = await readerRows(columns, reader.id);
    const empty = DELETED_TABLES.filter((table) => before.get(table)!.length === 0);
    // A table the map marks deleted that the fixture cannot fill: fill it in fillReader.
    expect(empty).toEqual([]);

    const asked = await api(reader, 'POST', '/user/deletion', {
      password: reader.password,
      comments: 'remove',
      code: await totpCodeAt(secret, 1),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    // The request's time has come (the clock is moved, never waited on).
    await makeDeletionDue(ctx, reader.id);
    await ctx.app.jobs.drain();
    const erased = await ctx.db.selectFrom('users').select('erased_at').where('id', '=', reader.id).executeTakeFirstOrThrow();
    expect(erased.erased_at).not.toBeNull();

    const after = await readerRows(columns, reader.id);
    const left: string[] = [];
    for (const table of DELETED_TABLES) {
      // The map's one exception: "the rows the erasure's own writes add" (a cache-invalidation feed
      // its triggers fill) name the pseudonymised row; every row from before must be gone.
      const own = ERASURE_TABLES[table]!.includes("the erasure's own writes add");
      const remaining = own ? after.get(table)!.filter((id) => before.get(table)!.includes(id)) : after.get(table)!;
      if (remaining.length > 0) left.push(`${table}: ${remaining.length}`);
    }
    expect(left).toEqual([]);
  });
});
