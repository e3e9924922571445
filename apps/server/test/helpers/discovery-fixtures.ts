import { createHash, randomUUID } from 'node:crypto';
import { createDiscoveryRefresh, type DiscoveryRefreshDeps, type RefreshReport } from '../../src/modules/discovery/discovery-refresh.js';
import { insertUserIfNameFree } from '../../src/modules/users/users.repository.js';
import { usernameSkeleton } from '../../src/modules/users/username-skeleton.js';
import { usernameKey } from '../../src/modules/users/users.service.js';
import type { TestContext } from './test-context.js';

let counter = 0;

/**
 * Accounts that only read (no password that works, no token): co-reading counts signed-in readers,
 * and a made catalogue needs dozens of them; createUser's login per account would be most of the test.
 */
export async function insertReaders(ctx: TestContext, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    counter += 1;
    const username = `reader${Date.now().toString(36)}${counter}`;
    const id = await insertUserIfNameFree(ctx.db, {
      uuid: randomUUID(),
      username,
      username_key: usernameKey(username),
      username_skeleton: usernameSkeleton(username),
      password_hash: 'not-a-password',
      role: 'user',
      invite_code: `D${counter}${Date.now().toString(36)}`.toUpperCase().slice(0, 12),
      invited_by: null,
      user_type: 'inkstream',
      created_at: Date.now(),
    });
    if (id === null) throw new Error('username taken');
    ids.push(id);
  }
  return ids;
}

/** A `start_reading` event of book `bookId` at `at` by each reader: an account id, or a visitor id (a string). */
export async function startReading(ctx: TestContext, bookId: number, readers: readonly (number | string)[], at: number): Promise<void> {
  if (readers.length === 0) return;
  await ctx.db
    .insertInto('reading_events')
    .values(
      readers.map((reader) => ({
        event_type: 'start_reading',
        book_id: bookId,
        chapter_id: null,
        user_id: typeof reader === 'number' ? reader : null,
        visitor_id: typeof reader === 'string' ? reader : null,
        occurred_at: at,
        received_at: at,
      })),
    )
    .execute();
}

/** Visitor id number `i` of a group (8 hex digits, as the API takes them): the same name, the same reader. */
export const visitorId = (group: string, i: number) => createHash('sha1').update(`${group}-${i}`).digest('hex').slice(0, 8);

/** `n` visitors of a group, from its `from`-th: distinct readers without accounts. */
export const visitors = (group: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => visitorId(group, from + i));

/**
 * Computes the figures as the housekeeping loop would, at the fixed moment `now`, and has the app
 * serve them at once (its own node's reload; its kept public answers dropped).
 */
export async function refreshDiscovery(
  ctx: TestContext,
  now: number,
  options: Omit<DiscoveryRefreshDeps, 'db' | 'now'> = {},
): Promise<RefreshReport> {
  const report = await createDiscoveryRefresh({ db: ctx.db, now: () => now, ...options }).run();
  await ctx.app.discovery.snapshot.reload();
  ctx.app.publicCache.clear();
  return report;
}
