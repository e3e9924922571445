import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createExportLinks } from '../src/modules/data-rights/export/export-links.js';
import { authHeader, createUser, nextClientIp, type TestUser } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * The download link of a data archive at its edges (issue 56, item 34; docs/ACCOUNTS.md "Download
 * your data"): kept for 7 days means refused from the very millisecond of its expiry, and the
 * signature names the reader, so a link signed for one reader opens nothing for another even where
 * the owner check would let it through.
 */
const DAY = 24 * 3_600_000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx?.close());
afterEach(() => void vi.useRealTimers());

const download = (user: TestUser, url: string) => ctx.app.inject({ url, headers: authHeader(user), remoteAddress: nextClientIp() });
const answer = async (user: TestUser, url: string) => {
  const response = await download(user, url);
  return [response.statusCode, response.statusCode === 200 ? 'zip' : response.json().code];
};

/** Asks for an archive and lets the job build it; the ready export as the profile shows it. */
async function readyExport(user: TestUser) {
  const asked = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/data_export', headers: authHeader(user), payload: {} });
  expect(asked.statusCode, asked.body).toBe(202);
  await ctx.app.jobs.drain();
  const current = await ctx.app.inject({ url: '/api/v1/user/data_export', headers: authHeader(user) });
  const ready = current.json().data.export;
  expect(ready.state).toBe('ready');
  return ready as { uuid: string; download_url: string; expires_at: number; ready_at: number };
}

describe(`an archive's download link (${TEST_DIALECT})`, () => {
  it('opens until the millisecond before its expiry, and is refused (410) at exactly its expiry', async () => {
    const reader = await createUser(ctx);
    const ready = await readyExport(reader);
    expect(ready.expires_at - ready.ready_at).toBe(7 * DAY);
    vi.useFakeTimers({ toFake: ['Date'], now: ready.expires_at - 1 });
    expect(await answer(reader, ready.download_url)).toEqual([200, 'zip']);
    vi.setSystemTime(ready.expires_at);
    expect(await answer(reader, ready.download_url)).toEqual([410, 'EXPORT_EXPIRED']);
  });

  it("refuses a link signed for another reader, even on the reader's own archive", async () => {
    const reader = await createUser(ctx);
    const other = await createUser(ctx);
    const ready = await readyExport(reader);
    // The reader's own archive and expiry, signed with the site's key, but for the other reader:
    // everything the owner check looks at is the reader's, only the signature names someone else.
    const signedForOther = createExportLinks(ctx.config.jwtSecret).path(ready.uuid, other.id, ready.expires_at);
    expect(await answer(reader, signedForOther)).toEqual([404, 'EXPORT_NOT_FOUND']);
    // And the other reader gets nothing from it either (the owner check).
    expect(await answer(other, signedForOther)).toEqual([404, 'EXPORT_NOT_FOUND']);
    // The reader's own link still opens.
    expect(await answer(reader, ready.download_url)).toEqual([200, 'zip']);
  });

  it('checks the reader inside the signature itself, before any lookup', () => {
    const links = createExportLinks('a secret of the site');
    const uuid = '7d1f3c2a-1b2c-4d3e-8f90-123456789abc';
    const sig = new URL(links.path(uuid, 12, 1_700_000_000_000), 'http://x').searchParams.get('sig')!;
    expect(links.isValid(uuid, 12, '1700000000000', sig)).toBe(true);
    expect(links.isValid(uuid, 13, '1700000000000', sig)).toBe(false);
    expect(links.isValid(uuid, 12, '1700000000001', sig)).toBe(false);
  });
});
