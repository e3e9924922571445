import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDeletionDue } from './helpers/account-erasure.js';
import { nextClientIp } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * An erased reader's name and address leave the disk too (issue 56 item 15, docs/ACCOUNTS.md
 * "What erasure leaves on disk"): not only the rows but the SQLite file and its WAL, the .eml
 * folder (no SMTP_URL) and the farewell message's outbox row once it is delivered.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: token ? { authorization: `Token ${token}` } : {},
    remoteAddress: nextClientIp(),
  });

/** A reader registered with an address, confirmed through the link of the mail they were sent, then erased. */
async function erasedReader(username: string) {
  const email = `${username}@example.org`;
  const password = 'erase-me-please-1';
  expect((await post('/user/register', { username, password, email })).statusCode).toBe(201);
  const confirm = await ctx.db.selectFrom('mail_outbox').select('data').where('recipient_key', '=', email).executeTakeFirstOrThrow();
  const token = new URL((JSON.parse(confirm.data) as { link: string }).link).searchParams.get('token')!;
  await ctx.app.jobs.drain(); // the confirmation goes out (an .eml file with its link)
  expect((await post('/user/email/confirm', { token })).statusCode).toBe(200);
  const logged = await post('/user/login', { username, password });
  const deletion = await post('/user/deletion', { password, comments: 'remove' }, logged.json().data.jwt_token as string);
  expect(deletion.statusCode, deletion.body).toBe(202);
  await ctx.app.jobs.drain(); // the "deletion scheduled" message
  const user = await ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  // As on a server that has run a while: the reader's pages are in the database file, not only the WAL.
  if (TEST_DIALECT === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(ctx.db);
  await makeDeletionDue(ctx, user.id);
  await ctx.app.jobs.drain(); // the erasure, then the farewell message
  const farewell = await ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('kind', '=', 'account-erased')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(farewell.state).toBe('sent');
  return { email, username, farewell };
}

/** Which of the files hold the text (as SQLite and the .eml files store it: UTF-8, any case for the address). */
function filesHolding(files: string[], needles: string[]) {
  const found: string[] = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file).toString('latin1').toLowerCase();
    for (const needle of needles) if (bytes.includes(needle.toLowerCase())) found.push(`${path.basename(file)}: ${needle}`);
  }
  return found;
}

describe(`erasure on disk (${TEST_DIALECT})`, () => {
  it("forgets the farewell message's address and name once it is delivered", async () => {
    const { farewell } = await erasedReader('farewellfern');
    expect({ recipient: farewell.recipient, recipient_key: farewell.recipient_key, data: farewell.data }).toEqual({
      recipient: '',
      recipient_key: '',
      data: '{}',
    });
  });

  it.runIf(TEST_DIALECT === 'sqlite')('leaves the name and address in neither the SQLite file, its WAL nor the mail folder', async () => {
    const { email, username } = await erasedReader('whollygonewren');
    const mailDir = ctx.config.mail.emlDir;
    const files = [ctx.config.sqlitePath, `${ctx.config.sqlitePath}-wal`, ...readdirSync(mailDir).map((name) => path.join(mailDir, name))];
    expect(filesHolding(files, [email, username])).toEqual([]);
  });

  it.runIf(TEST_DIALECT === 'postgres')('measures what PostgreSQL keeps of the old row until vacuum', async () => {
    const { email } = await erasedReader('pgdeadtupledan');
    await sql`create extension if not exists pageinspect`.execute(ctx.db);
    const pages = sql`generate_series(0, pg_relation_size('users') / current_setting('block_size')::int - 1)`;
    const needle = sql`convert_to(${email}, 'UTF8')`;
    /** Row versions whose data holds the address, and raw pages whose bytes do (free space included). */
    const measure = async () => {
      const versions = await sql<{ n: number | string }>`
        select count(*) as n from ${pages} as page, lateral heap_page_items(get_raw_page('users', page::int)) as item
        where position(${needle} in coalesce(item.t_data, ''::bytea)) > 0`.execute(ctx.db);
      const raw = await sql<{ n: number | string }>`
        select count(*) as n from ${pages} as page where position(${needle} in get_raw_page('users', page::int)) > 0`.execute(ctx.db);
      return { versions: Number(versions.rows[0]!.n), pages: Number(raw.rows[0]!.n) };
    };
    const before = await measure();
    await sql`vacuum users`.execute(ctx.db);
    const after = await measure();
    console.info(`PostgreSQL, users rows holding the address: before VACUUM ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
    expect(before.versions).toBeGreaterThan(0);
    expect(after.versions).toBe(0);
  });
});
