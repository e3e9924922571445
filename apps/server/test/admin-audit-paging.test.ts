import { describe, expect, it } from 'vitest';

import { explainStatement, indexedPlan } from './helpers/plan-check.js';
import { useAdminPaging } from './helpers/admin-paging.js';

// The audit log pages by keyset and counts at most 1,000 entries from the page's start, like the
// orders list: years of operator work do not make each page count the whole log.

const env = useAdminPaging();
const { statements, get } = env;

type Listed = { items: { id: number }[]; total: number; total_is_lower_bound: boolean; next_cursor: string | null };
const listOf = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Listed;
};

async function insertEntries(actor: string, times: number[]) {
  const values = times.map((created_at) => ({
    actor_user_id: null,
    actor_name: actor,
    action: 'coupon.create',
    target_type: 'coupon',
    target_id: actor,
    before_json: null,
    after_json: null,
    created_at,
  }));
  for (let at = 0; at < values.length; at += 250)
    await env.ctx.db
      .insertInto('audit_log')
      .values(values.slice(at, at + 250))
      .execute();
  return env.ctx.db.selectFrom('audit_log').select(['id', 'created_at']).where('actor_name', '=', actor).execute();
}

describe('audit log paging', () => {
  it('returns every entry exactly once, newest first, entries of one millisecond included', async () => {
    const t = Date.now() - 60_000;
    const entries = await insertEntries('walker', [t, t, t - 3, t, t - 3, t - 7, t - 1]);
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Listed = await listOf(`/audit?actor=walker&page_size=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect([page.total, page.total_is_lower_bound]).toEqual([7, false]);
      ids.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor && ids.length < 100);
    expect(ids).toEqual([...entries].sort((a, b) => b.created_at - a.created_at || b.id - a.id).map((entry) => entry.id));
  });

  it('counts exactly up to 1,000 entries and says "at least" past them', async () => {
    const t = Date.now() - 120_000;
    await insertEntries(
      'bulk',
      Array.from({ length: 1000 }, (_, i) => t - i),
    );
    expect(await listOf('/audit?actor=bulk&page_size=10').then((page) => [page.total, page.total_is_lower_bound])).toEqual([1000, false]);
    await insertEntries('bulk', [t - 5000]);
    const over = await listOf('/audit?actor=bulk&page_size=10');
    expect([over.total, over.total_is_lower_bound]).toEqual([1000, true]);
    const next = await listOf(`/audit?actor=bulk&page_size=10&cursor=${over.next_cursor}`);
    expect([next.total, next.total_is_lower_bound]).toEqual([1001, false]);
  });

  it('refuses a bad cursor with 400 INVALID_CURSOR and reads pages through the (created_at, id) index', async () => {
    expect((await get('/audit?cursor=garbage')).json().code).toBe('INVALID_CURSOR');
    expect((await get(`/audit?cursor=${Buffer.from('["orders",0,1,2]').toString('base64url')}`)).json().code).toBe('INVALID_CURSOR');
    const first = await listOf('/audit?page_size=3&from=2000-01-01T00:00:00.000Z');
    const before = statements.length;
    await listOf(`/audit?page_size=3&from=2000-01-01T00:00:00.000Z&cursor=${first.next_cursor}`);
    const listed = statements.slice(before).filter((query) => /"audit_log"/.test(query.sql));
    expect(listed).toHaveLength(2);
    for (const query of listed) indexedPlan(await explainStatement(env.ctx, query), ['audit_log'], query.sql);
  });
});
