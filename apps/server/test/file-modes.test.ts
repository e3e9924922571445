import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCli } from './helpers/admin-cli.js';
import { createUserWithEmail, nextClientIp } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * Files holding readers' data are the service's user's only (issue 56 item 16, docs/OPERATIONS.md
 * "Files and their modes"): files 0600, folders 0700: the database and its WAL/SHM, the .eml
 * folder, the media folder (the service serves /media itself) and a backup with its paid pages.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** Every file and folder under `root` (root included) with its mode, as `path: mode`. */
function modesUnder(root: string): Record<string, string> {
  const modes: Record<string, string> = { '.': modeOf(root) };
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    modes[path.relative(root, full)] = modeOf(full);
  }
  return modes;
}
const expectPrivate = (modes: Record<string, string>, root: string) => {
  const open = Object.entries(modes).filter(([name, mode]) => mode !== (statSync(path.join(root, name)).isDirectory() ? '700' : '600'));
  expect(open, JSON.stringify(modes)).toEqual([]);
};

describe(`file modes (${TEST_DIALECT})`, () => {
  it.runIf(TEST_DIALECT === 'sqlite')('creates the database and its WAL and SHM 0600', async () => {
    await createUserWithEmail(ctx); // a write: the WAL and the shared memory file exist
    for (const suffix of ['', '-wal', '-shm']) expect([suffix, modeOf(`${ctx.config.sqlitePath}${suffix}`)]).toEqual([suffix, '600']);
  });

  it('keeps the mail folder and the media folder private', async () => {
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { username: 'modesmarta', password: 'modes-are-private-1', email: 'modesmarta@example.org' },
      remoteAddress: nextClientIp(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await ctx.app.jobs.drain();
    const mailDir = ctx.config.mail.emlDir;
    expect(readdirSync(mailDir).length).toBeGreaterThan(0);
    expectPrivate(modesUnder(mailDir), mailDir);

    await ctx.storage.put('pages/ab/cd/paid-page.webp', Buffer.from('a paid page'), 'image/webp');
    const media = ctx.storage.location;
    expectPrivate(modesUnder(media), media);
  });

  it('writes a backup, its database, secrets and paid pages, private', async () => {
    await ctx.storage.put('pages/ef/gh/another-page.webp', Buffer.from('another paid page'), 'image/webp');
    const dir = path.join(ctx.dataDir, 'backups', 'tonight');
    const backup = await adminCli(ctx)('backup', dir);
    expect(backup.code, backup.err).toBe(0);
    const modes = modesUnder(dir);
    expect(Object.keys(modes).some((name) => name.endsWith('another-page.webp'))).toBe(true);
    expectPrivate(modes, dir);
  });
});
