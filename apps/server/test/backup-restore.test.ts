import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { adminCliWithEnv, BUILT_ADMIN, spawnBuiltAdmin } from './helpers/admin-cli.js';
import { buildZip, drawPage, writeFixture, type ZipEntry } from './helpers/import-fixtures.js';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.js';
import { copyMigratedSqlite, createMigratedTestDatabase, createTestDatabase } from './helpers/test-context.js';
import { until } from './helpers/until.js';

/**
 * Issue 44, "backups that are proven": a backup taken while a real server keeps writing, restored
 * into a fresh folder (and, on PostgreSQL, a fresh empty database), serves the same site from a
 * second server: every row committed before the backup started, every stored page, signed page
 * URLs and logins made before it. An interrupted backup is never restored.
 */

const scratch = mkdtempSync(path.join(tmpdir(), 'inkstream-backup-'));
const PASSWORD = 'correct horse battery';
const TITLE = 'Backup Harbour';

/** What a site process is started with: no secret in the environment, so the generated ones must travel in the backup. */
const siteEnv = (dataDir: string, databaseUrl: string | null): Record<string, string> => ({
  DATA_DIR: dataDir,
  DEMO_CATALOGUE: 'off',
  LOG_LEVEL: 'info',
  PAYMENTS_SANDBOX: 'on',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers read field by field
  json: any;
  body: Buffer;
}

async function call(
  server: ServerProcess,
  method: 'GET' | 'POST',
  url: string,
  token: string | null = null,
  payload?: unknown,
): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const body = Buffer.from(await response.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(body.toString());
  } catch {
    json = null; // an image or an empty body
  }
  return { status: response.status, json, body };
}

const login = async (server: ServerProcess, username: string) => {
  const answer = await call(server, 'POST', '/api/v1/user/login', null, { username, password: PASSWORD });
  expect(answer.status, answer.body.toString()).toBe(200);
  return answer.json.data.jwt_token as string;
};

/** A page URL of a chapter answer, as a path on our server (the answer's URLs name PUBLIC_URL). */
const pagePath = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

async function chapterPages(server: ServerProcess, chapterUuid: string, token: string | null): Promise<string[]> {
  const answer = await call(server, 'GET', `/api/v1/comics/chapter_comics/${chapterUuid}/en-us`, token);
  expect(answer.status, answer.body.toString()).toBe(200);
  return (answer.json.data.result.images as string[]).map(pagePath);
}

/** Rows a restore must bring back: read from the live database itself, so they are exactly the committed ones. */
async function committedRows(handle: DatabaseHandle) {
  const orders = await handle.db.selectFrom('payment_orders').select(['order_id', 'status']).execute();
  const comments = await handle.db.selectFrom('comments').select(['uuid', 'body']).execute();
  const progress = await handle.db.selectFrom('reading_progress').select(['reader_key', 'chapter_id', 'updated_at']).execute();
  return { orders, comments, progress };
}

async function filesUnder(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
    .length;
}

describe.runIf(existsSync(BUILT_ADMIN))('backup and restore (issue 44)', { timeout: 60_000 }, () => {
  const sourceDir = path.join(scratch, 'site');
  const backupDir = path.join(scratch, 'backup');
  const restoredDir = path.join(scratch, 'restored');
  const cleanups: (() => Promise<unknown>)[] = [];
  let sourceUrl: string | null;
  let source: ServerProcess;
  let sourceDb: DatabaseHandle;
  let sourceCli: ReturnType<typeof adminCliWithEnv>;
  let readers: { username: string; token: string }[];
  let chapters: { uuid: string; id: number }[];
  let bookUuid: string;
  let freePage: string;
  let paidPage: string;
  let paidPageBytes: Buffer;
  let before: Awaited<ReturnType<typeof committedRows>>;
  let backupOutput: string;
  let restoredUrl: string | null;

  beforeAll(async () => {
    const database = await createMigratedTestDatabase();
    cleanups.push(database.drop);
    sourceUrl = database.databaseUrl;
    if (!sourceUrl) await copyMigratedSqlite(path.join(sourceDir, 'inkstream.sqlite'));
    const env = siteEnv(sourceDir, sourceUrl);
    source = await startServerProcess({ name: 'source', port: await freePort(), env });
    cleanups.push(() => source.stop());
    sourceDb = openDatabase({ databaseUrl: sourceUrl, sqlitePath: path.join(sourceDir, 'inkstream.sqlite'), poolSize: 2 });
    cleanups.push(() => sourceDb.close());
    sourceCli = adminCliWithEnv(env);

    // A comic with a free chapter and a paid one, imported as an operator does.
    const entries: ZipEntry[] = [];
    for (const chapter of [1, 2]) {
      for (const page of [1, 2])
        entries.push({ name: `${TITLE}/Chapter ${chapter}/${page}.jpg`, data: await drawPage(`${chapter}-${page}`) });
    }
    const imported = await sourceCli('import', writeFixture(scratch, `${TITLE}.cbz`, await buildZip(entries)), '--free-chapters', '1');
    expect(imported.code, imported.err).toBe(0);
    const rows = await sourceDb.db
      .selectFrom('chapters')
      .innerJoin('books', 'books.id', 'chapters.book_id')
      .select(['chapters.id', 'chapters.uuid', 'books.uuid as book_uuid'])
      .orderBy('chapters.number')
      .execute();
    expect(rows).toHaveLength(2);
    chapters = rows;
    bookUuid = rows[0]!.book_uuid;

    readers = [];
    for (const username of ['reader0', 'reader1', 'reader2']) {
      const created = await sourceCli('user', 'create', username, '--password', PASSWORD);
      expect(created.code, created.err).toBe(0);
      readers.push({ username, token: await login(source, username) });
    }
    // reader0 buys a month through the sandbox: the paid chapter opens, with signed page URLs.
    const order = await call(source, 'POST', '/api/v1/payment/wechat/payment/china_book_membership/create', readers[0]!.token, {
      months: 1,
    });
    expect(order.status, order.body.toString()).toBe(200);
    const paid = await call(source, 'POST', `/api/v1/payment/sandbox/orders/${order.json.data.order_id}/pay`, readers[0]!.token, {
      outcome: 'succeeded',
    });
    expect(paid.status, paid.body.toString()).toBe(200);
    // The running server hears of the import within its catalogue poll.
    await until(async () => (await call(source, 'GET', `/api/v1/comics/chapter_comics/${chapters[0]!.uuid}/en-us`)).status === 200);
    freePage = (await chapterPages(source, chapters[0]!.uuid, null))[0]!;
    paidPage = (await chapterPages(source, chapters[1]!.uuid, readers[0]!.token))[0]!;
    expect(paidPage, 'a paid page is served through a signed URL').toMatch(/[?&]exp=\d+&sig=/);
    const served = await call(source, 'GET', paidPage);
    expect(served.status).toBe(200);
    paidPageBytes = served.body;

    // Writers that keep going while the backup runs: orders, progress and comments, as readers make them.
    let writing = true;
    let rounds = 0;
    const writer = async (reader: { token: string }, index: number) => {
      for (let round = 0; writing && round < 15; round += 1) {
        await call(source, 'POST', '/api/v1/payment/wechat/payment/china_book_membership/create', reader.token, { months: 1 });
        await call(source, 'POST', '/api/v1/reader/progress', reader.token, {
          progress: [
            {
              book_uuid: bookUuid,
              chapter_uuid: chapters[0]!.uuid,
              page_index: round % 2,
              page_offset: (round % 10) / 10,
              at: new Date().toISOString(),
            },
          ],
        });
        // One comment per reader per 10 s (COMMENT_FLOOD): the later ones are refused, not counted.
        await call(source, 'POST', `/api/v1/comics/chapter/${chapters[0]!.uuid}/comments`, reader.token, {
          body: `Round ${round} from reader ${index}`,
        });
        if (index === 0) rounds = round + 1;
      }
    };
    const writers = readers.map((reader, index) => writer(reader, index));
    await until(async () => rounds >= 2);
    before = await committedRows(sourceDb);
    const backup = spawnBuiltAdmin(env, 'backup', backupDir);
    const result = await backup.done;
    writing = false;
    await Promise.all(writers);
    expect(result.code, result.err).toBe(0);
    backupOutput = result.out;
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('restores into a fresh folder and database; a second server serves the same site', async () => {
    expect(before.orders.length, 'orders committed before the backup').toBeGreaterThanOrEqual(4);
    expect(before.comments.length, 'comments committed before the backup').toBeGreaterThanOrEqual(3);
    expect(before.progress.length).toBeGreaterThanOrEqual(3);
    const info = JSON.parse(readFileSync(path.join(backupDir, 'backup.json'), 'utf8'));
    expect(info.secrets_from_environment).toEqual([]);
    expect(readdirSync(path.join(backupDir, 'secrets')).sort()).toEqual([
      'README.txt',
      'jwt_secret.txt',
      'media_signing_secret.txt',
      'vapid.json',
    ]);

    const target = await createTestDatabase();
    cleanups.push(target.drop);
    restoredUrl = target.databaseUrl;
    const env = siteEnv(restoredDir, restoredUrl);
    const restored = await adminCliWithEnv(env)('restore', backupDir);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(/restore complete/);

    const handle = openDatabase({ databaseUrl: restoredUrl, sqlitePath: path.join(restoredDir, 'inkstream.sqlite'), poolSize: 2 });
    try {
      const after = await committedRows(handle);
      // Every row committed before the backup started is there; later writes may or may not be.
      expect(after.orders.map((o) => o.order_id)).toEqual(expect.arrayContaining(before.orders.map((o) => o.order_id)));
      expect(after.orders.filter((o) => o.status === 'paid')).toHaveLength(1);
      expect(after.comments.map((c) => c.uuid)).toEqual(expect.arrayContaining(before.comments.map((c) => c.uuid)));
      for (const row of before.progress) {
        const kept = after.progress.find((p) => p.reader_key === row.reader_key && p.chapter_id === row.chapter_id);
        expect(kept, `progress of ${row.reader_key}`).toBeDefined();
        expect(kept!.updated_at).toBeGreaterThanOrEqual(row.updated_at);
      }
      // One point in time: the counts backup.json recorded are the restored database's.
      for (const [table, count] of Object.entries(info.row_counts as Record<string, number>)) {
        const row = await handle.db
          .selectFrom(table as 'users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(row.n), table).toBe(count);
      }
    } finally {
      await handle.close();
    }
    if (!restoredUrl) {
      const file = new SQLite(path.join(restoredDir, 'inkstream.sqlite'), { readonly: true });
      try {
        expect(file.pragma('foreign_key_check')).toEqual([]);
      } finally {
        file.close();
      }
    }

    const second = await startServerProcess({ name: 'restored', port: await freePort(), env });
    cleanups.push(() => second.stop());
    // The token issued before the backup is accepted (JWT_SECRET came along), and the password still logs in.
    const me = await call(second, 'GET', '/api/v1/user/me', readers[0]!.token);
    expect(me.status, me.body.toString()).toBe(200);
    expect(me.json.data.result.username).toBe('reader0');
    await login(second, 'reader1');
    // The paid page's URL signed before the backup still opens (MEDIA_SIGNING_SECRET came along), same bytes.
    const page = await call(second, 'GET', paidPage);
    expect(page.status).toBe(200);
    expect(page.body.equals(paidPageBytes)).toBe(true);
    expect((await call(second, 'GET', freePage)).status).toBe(200);
    // Every stored page and cover file is in the restored media folder.
    const sourceMedia = readdirSync(path.join(sourceDir, 'media'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(sourceMedia.length).toBeGreaterThanOrEqual(4);
    for (const entry of sourceMedia) {
      const relative = path.relative(path.join(sourceDir, 'media'), path.join(entry.parentPath, entry.name));
      expect(
        readFileSync(path.join(restoredDir, 'media', relative)).equals(readFileSync(path.join(entry.parentPath, entry.name))),
        relative,
      ).toBe(true);
    }
    // The member still reads the paid chapter on the restored site.
    expect(await chapterPages(second, chapters[1]!.uuid, readers[0]!.token)).toHaveLength(2);
  });

  it('a second backup into the same folder copies no media again', async () => {
    expect(backupOutput).toMatch(/media: \d+ file\(s\), [\d.]+ MB from .*; (\d+) copied/);
    const copiedFirst = Number(/; (\d+) copied/.exec(backupOutput)![1]);
    expect(copiedFirst).toBeGreaterThanOrEqual(4);
    const again = await adminCliWithEnv(siteEnv(sourceDir, sourceUrl))('backup', backupDir);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(
      new RegExp(`media: ${copiedFirst} file\\(s\\).*; 0 copied \\(0\\.0 MB\\), ${copiedFirst} already in the backup`),
    );
  });

  it('refuses a non-empty DATA_DIR and a backup of the other database kind, before writing', async () => {
    const intoRestored = await adminCliWithEnv(siteEnv(restoredDir, restoredUrl))('restore', backupDir);
    expect(intoRestored.code).toBe(1);
    expect(intoRestored.err).toMatch(/DATA_DIR .* is not empty: restore into an empty folder, or add --force/);

    const emptyDir = path.join(scratch, 'never-written');
    const otherKind = sourceUrl ? siteEnv(emptyDir, null) : siteEnv(emptyDir, 'postgres://postgres@127.0.0.1:5432/none');
    const crossed = await adminCliWithEnv(otherKind)('restore', backupDir);
    expect(crossed.code).toBe(1);
    expect(crossed.err).toMatch(sourceUrl ? /this is a PostgreSQL backup/ : /this is a SQLite backup but DATABASE_URL/);
    expect(existsSync(emptyDir)).toBe(false);
  });

  it('a backup killed half way, or damaged, is never restored, and the restore writes nothing', async () => {
    // Many small stored files make the media copy last long enough to be killed in the middle.
    const junk = path.join(sourceDir, 'media', 'pages', 'ballast');
    mkdirSync(junk, { recursive: true });
    for (let n = 0; n < 500; n += 1) writeFileSync(path.join(junk, `${n}-${n.toString(16).padStart(16, '0')}.webp`), `ballast ${n}`);
    const killedDir = path.join(scratch, 'killed');
    const backup = spawnBuiltAdmin(siteEnv(sourceDir, sourceUrl), 'backup', killedDir);
    // Waits on the copy itself, however slowly a loaded machine starts the process (the shared
    // `until` gives up after 5 s, which a busy CI run went past before the first page was copied).
    // Each look is taken with the backup stopped, so the kill lands where the count was seen.
    for (;;) {
      if (backup.child.exitCode !== null) break;
      backup.child.kill('SIGSTOP');
      if ((await filesUnder(path.join(killedDir, 'media'))) >= 10) break;
      backup.child.kill('SIGCONT');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    backup.child.kill('SIGKILL');
    const result = await backup.done;
    expect(result.signal, 'the backup was still copying media when killed').toBe('SIGKILL');

    const target = path.join(scratch, 'target');
    const refused = await adminCliWithEnv(siteEnv(target, sourceUrl))('restore', killedDir);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^error: this backup is incomplete: it was interrupted or damaged/);
    expect(existsSync(target)).toBe(false);

    // The complete backup of the first test, with one stored page changed, is refused too.
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'media-manifest.json'), 'utf8')) as { files: { key: string }[] };
    const page = manifest.files.find((file) => file.key.startsWith('pages/') && !file.key.includes('ballast'))!.key;
    writeFileSync(path.join(backupDir, 'media', page), 'not the page');
    const refusedDamaged = await adminCliWithEnv(siteEnv(target, sourceUrl))('restore', backupDir);
    expect(refusedDamaged.code).toBe(1);
    expect(refusedDamaged.err).toBe(
      `error: this backup is incomplete: it was interrupted or damaged (media file ${page} is missing or damaged)`,
    );
    expect(existsSync(target)).toBe(false);
  });
});
