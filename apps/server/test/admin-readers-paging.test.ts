import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser } from './helpers/factories.js';
import { explainStatement, indexedPlan } from './helpers/plan-check.js';
import { useAdminPaging } from './helpers/admin-paging.js';

// The reader list pages by keyset (newest first, or name order for a search), searches by prefix
// through an index, and counts only so far, so a page costs the same at any number of readers.

const env = useAdminPaging();
const { statements, get } = env;

type Listed = { items: { uuid: string; username: string }[]; total: number; total_is_lower_bound: boolean; next_cursor: string | null };
const listOf = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Listed;
};

let serial = 0;
type ReaderSpec = { username: string; role?: 'user' | 'admin'; disabledAt?: number | null; memberUntil?: number | null };

/** Inserts readers directly (no password hashing, so thousands are quick), in chunks; returns their ids in order. */
async function insertReaders(specs: ReaderSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (let at = 0; at < specs.length; at += 500) {
    const rows = await env.ctx.db
      .insertInto('users')
      .values(
        specs.slice(at, at + 500).map((spec) => ({
          uuid: randomUUID(),
          username: spec.username,
          username_key: spec.username.normalize('NFC').toLowerCase(),
          username_skeleton: `${spec.username.toLowerCase()}#${++serial}`,
          password_hash: 'x',
          role: spec.role ?? 'user',
          invite_code: `P${process.pid}X${serial}`,
          invited_by: null,
          user_type: 'inkstream',
          created_at: Date.now(),
          disabled_at: spec.disabledAt ?? null,
          member_until: spec.memberUntil ?? null,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

async function walk(query: string, pageSize: number): Promise<Listed[]> {
  const pages: Listed[] = [];
  let cursor: string | null = null;
  do {
    pages.push(await listOf(`/users?${query}&page_size=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`));
    cursor = pages.at(-1)!.next_cursor;
    expect(pages.length).toBeLessThan(200);
  } while (cursor);
  return pages;
}
const namesOf = (pages: Listed[]) => pages.flatMap((page) => page.items.map((item) => item.username));
/** Code-point order, as both databases compare username_key. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('reader search by prefix', () => {
  it('finds names by their start in any case, in name order, with LIKE characters and other scripts taken literally', async () => {
    const names = ['ze', 'Zebra', 'zed_1', 'zed%2', 'zedX3', 'zeta', 'zéro', 'aze', 'z', 'Ωmega', 'ωmegaX', 'ΩM', '_ze', '%ze'];
    await insertReaders(names.map((username) => ({ username })));
    const search = async (q: string) => namesOf(await walk(`q=${encodeURIComponent(q)}`, 2));
    const startingWith = (prefix: string) =>
      names.filter((name) => name.toLowerCase().startsWith(prefix)).sort((a, b) => byCodePoint(a.toLowerCase(), b.toLowerCase()));
    expect(await search('ZE')).toEqual(startingWith('ze'));
    expect(await search('ZE')).toEqual(['ze', 'Zebra', 'zed%2', 'zed_1', 'zedX3', 'zeta']);
    expect(await search('zed_')).toEqual(['zed_1']);
    expect(await search('zed%')).toEqual(['zed%2']);
    expect(await search('%')).toEqual(['%ze']);
    expect(await search('_')).toEqual(['_ze']);
    expect(await search('ΩMEGA')).toEqual(['Ωmega', 'ωmegaX']);
    expect(await search('zé')).toEqual(['zéro']);
    expect(await search('ceWON')).toEqual([]);
    const first = await listOf('/users?q=ze&page_size=2');
    expect([first.total, first.total_is_lower_bound]).toEqual([6, false]);
  });

  it('still finds one reader by an exact uuid', async () => {
    const reader = await createUser(env.ctx);
    const found = await listOf(`/users?q=${reader.uuid.toUpperCase()}`);
    expect(found.items.map((item) => item.uuid)).toEqual([reader.uuid]);
    expect([found.total, found.next_cursor]).toEqual([1, null]);
    expect((await listOf(`/users?q=${randomUUID()}`)).items).toEqual([]);
  });
});

describe('reader list paging', () => {
  it('returns every reader exactly once, newest first, by cursor; filters combine with it', async () => {
    const now = Date.now();
    await insertReaders(
      Array.from({ length: 23 }, (_, i) => ({
        username: `walk${i}`,
        role: i % 5 === 0 ? ('admin' as const) : ('user' as const),
        disabledAt: i % 3 === 0 ? now : null,
        memberUntil: i % 2 === 0 ? now + 86_400_000 : i % 4 === 1 ? now - 86_400_000 : null,
      })),
    );
    const all = await env.ctx.db
      .selectFrom('users')
      .select(['username', 'role', 'disabled_at', 'member_until'])
      .orderBy('id', 'desc')
      .execute();
    const pages = await walk('', 4);
    expect(namesOf(pages)).toEqual(all.map((row) => row.username));
    expect(new Set(namesOf(pages)).size).toBe(all.length);
    expect(pages.every((page) => page.total === all.length && !page.total_is_lower_bound)).toBe(true);

    const activeMembers = all.filter((row) => row.disabled_at === null && row.member_until !== null && row.member_until > now + 1000);
    expect(namesOf(await walk('state=active&member=yes', 2))).toEqual(activeMembers.map((row) => row.username));
    const lapsedAdmins = all.filter((row) => row.role === 'admin' && (row.member_until === null || row.member_until <= now + 1000));
    expect(namesOf(await walk('role=admin&member=no', 1))).toEqual(lapsedAdmins.map((row) => row.username));
    const disabledWalkers = all.filter((row) => row.disabled_at !== null && row.username.startsWith('walk'));
    const byName = disabledWalkers.map((row) => row.username).sort(byCodePoint);
    expect(namesOf(await walk('q=WALK&state=disabled', 2))).toEqual(byName);
    // The compatible `page` gives the same rows as the cursor.
    const third = await listOf('/users?state=active&member=yes&page_size=2&page=2');
    expect(third.items.map((item) => item.username)).toEqual(activeMembers.slice(4, 6).map((row) => row.username));
  });

  it('counts exactly up to 1,000 readers past the page start and says "at least" beyond', async () => {
    await insertReaders(Array.from({ length: 1000 }, (_, i) => ({ username: `cap${String(i).padStart(4, '0')}` })));
    const exact = await listOf('/users?q=cap&page_size=100');
    expect([exact.total, exact.total_is_lower_bound]).toEqual([1000, false]);
    await insertReaders([{ username: 'cap9999' }]);
    const over = await listOf('/users?q=cap&page_size=100');
    expect([over.total, over.total_is_lower_bound]).toEqual([1000, true]);
    const second = await listOf(`/users?q=cap&page_size=100&cursor=${over.next_cursor}`);
    expect([second.total, second.total_is_lower_bound]).toEqual([1001, false]);
    expect(second.items[0]!.username).toBe('cap0100');
    const plain = await listOf('/users?page_size=10');
    expect([plain.total, plain.total_is_lower_bound]).toEqual([1000, true]);
  });

  it('reads sparse filters in bounded windows: a page may come back short, and its cursor goes on', async () => {
    const now = Date.now();
    // The only members are the oldest two of 25,000 new readers, far behind the newest.
    const [oldest] = await insertReaders([
      { username: 'sparse~old-1', memberUntil: now + 86_400_000 },
      { username: 'sparse~old-2', memberUntil: now + 86_400_000 },
    ]);
    expect(oldest).toBeDefined();
    await insertReaders(Array.from({ length: 25_000 }, (_, i) => ({ username: `sparse${i}` })));
    const pages = await walk('q=sparse&member=yes', 50);
    expect(namesOf(pages).sort()).toEqual(['sparse~old-1', 'sparse~old-2']);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]!.items).toEqual([]);
    expect(pages[0]!.total_is_lower_bound).toBe(true);
    const byId = await walk('member=yes', 50);
    expect(namesOf(byId)).toEqual(expect.arrayContaining(['sparse~old-2', 'sparse~old-1']));
    expect(byId.length).toBeGreaterThan(1);
  }, 120_000);

  it('answers 400 with a stable code for a bad cursor or a page too deep, never 500', async () => {
    const cursorOf = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const codeOf = async (url: string) => {
      const response = await get(url);
      return [response.statusCode, response.json().code];
    };
    expect(await codeOf('/users?cursor=garbage')).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf(`/users?cursor=${cursorOf(['orders', 0, 1, 2])}`)).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf(`/users?q=ab&cursor=${cursorOf(['readers', 0, 5])}`)).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf(`/users?cursor=${cursorOf(['readers-by-name', 0, 'ab'])}`)).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf(`/users?cursor=${cursorOf(['readers', 0, 'ab'])}`)).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf(`/users?q=ab&cursor=${cursorOf(['readers-by-name', 0, 'x'.repeat(300)])}`)).toEqual([400, 'INVALID_CURSOR']);
    expect(await codeOf('/users?cursor=%25%00')).toEqual([400, 'VALIDATION_FAILED']);
    expect(await codeOf('/users?page=51&page_size=200')).toEqual([400, 'VALIDATION_FAILED']);
    expect(await codeOf(`/users?page=2&cursor=${cursorOf(['readers', 0, 5])}`)).toEqual([400, 'VALIDATION_FAILED']);
    expect((await get(`/users?q=ab&cursor=${cursorOf(['readers-by-name', 3, 'ab'])}`)).statusCode).toBe(200);
    expect((await get(`/users?member=no&cursor=${cursorOf(['readers', 0, 5])}`)).statusCode).toBe(200);
  });

  it('reads each page, its windows and its count through an index', async () => {
    const cursorOf = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const requests = [
      '/users?page_size=5',
      `/users?page_size=5&cursor=${cursorOf(['readers', 5, 1_000_000])}`,
      '/users?page_size=5&q=walk',
      `/users?page_size=5&q=walk&cursor=${cursorOf(['readers-by-name', 5, 'walk1'])}`,
      `/users?page_size=5&member=yes&role=user&cursor=${cursorOf(['readers', 5, 1_000_000])}`,
      '/users?page_size=5&q=walk&state=disabled&member=no',
    ];
    for (const url of requests) {
      const before = statements.length;
      await listOf(url);
      const listed = statements.slice(before).filter((query) => /"users"/.test(query.sql) && /select/i.test(query.sql));
      expect(listed.length, url).toBeGreaterThan(0);
      for (const query of listed) {
        // A filtered page sorts the few matches of its window (at most 2,000 readers), never the table.
        const allowSort = /member|state|role/.test(url);
        // SQLite reads the newest readers from the table itself, in rowid order, until the LIMIT.
        const rowidOrder = url === '/users?page_size=5';
        indexedPlan(await explainStatement(env.ctx, query), ['users', 'u'], `${url}\n${query.sql}`, { allowSort, rowidOrder });
      }
    }
  });
});
