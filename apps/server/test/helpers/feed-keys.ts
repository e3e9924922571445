import { expect } from 'vitest';
import { authHeader, nextClientIp, type TestUser } from './factories.js';
import type { TestContext } from './test-context.js';

/** A feed key made on the profile's "Read in an app", as a reader does (docs/OPDS.md "Feed keys"). */
export async function makeFeedKey(ctx: TestContext, user: TestUser, name = 'probe'): Promise<{ key: string; keyId: number }> {
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/feed_keys',
    headers: authHeader(user),
    remoteAddress: nextClientIp(),
    payload: { name },
  });
  expect(made.statusCode, made.body).toBe(201);
  const { key, key_id } = made.json().data.result as { key: string; key_id: number };
  return { key, keyId: key_id };
}

/** A key revoked on the profile. */
export async function revokeFeedKey(ctx: TestContext, user: TestUser, keyId: number): Promise<void> {
  const revoked = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/user/feed_keys/${keyId}`,
    headers: authHeader(user),
    remoteAddress: nextClientIp(),
  });
  expect(revoked.statusCode, revoked.body).toBe(200);
}

/** One way into the feeds: a tree's root path (`/opds/key/{key}/` or `/opds/`) and the headers it needs. */
export interface FeedTree {
  root: string;
  headers: Record<string, string>;
}

/** Both trees for one key: the key in the path, and HTTP Basic with the user name and the key. */
export const feedTrees = (user: TestUser, key: string): FeedTree[] => [
  { root: `/opds/key/${key}/`, headers: {} },
  { root: '/opds/', headers: { authorization: `Basic ${Buffer.from(`${user.username}:${key}`).toString('base64')}` } },
];

/** One tree at one version: the base path the feed paths are joined to (`…/v1.2/` or `…/v2/`). */
export interface FeedBase {
  base: string;
  headers: Record<string, string>;
}

/** Both trees for one key, as bases of one version. */
export const feedBases = (user: TestUser, key: string, version: 'v1.2' | 'v2' = 'v1.2'): FeedBase[] =>
  feedTrees(user, key).map((tree) => ({ base: `${tree.root}${version}/`, headers: tree.headers }));
