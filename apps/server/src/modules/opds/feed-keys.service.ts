import { ErrorCode, FEED_KEY_NAME_MAX, FEED_KEYS_MAX, type CreatedFeedKey, type FeedKeySummary } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/request-user.js';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { cleanCommunityText } from '../community/community-text.js';
import { feedKeyHash, feedUrls, newFeedKey } from './feed-keys.js';
import * as repo from './feed-keys.repository.js';
import { refuseLeftReader } from '../users/account-guard.js';

export interface FeedKeysDeps {
  db: Db;
  publicUrl: string;
  audit: AuditService;
  now?: () => number;
}

/**
 * A key's name as stored: the community text rules (no bidi or invisible characters; the schema
 * already refused control characters, line breaks included), runs of spaces made one.
 */
export const cleanFeedKeyName = (raw: string): string =>
  cleanCommunityText(raw.replace(/ {2,}/g, ' '), { field: 'name', maxLength: FEED_KEY_NAME_MAX });

const summaryOf = (row: {
  id: number;
  name: string;
  created_at: number | string;
  last_used_at: number | string | null;
}): FeedKeySummary => ({
  key_id: row.id,
  name: row.name,
  created_at: toIso(Number(row.created_at)),
  last_used_at: row.last_used_at === null ? null : toIso(Number(row.last_used_at)),
});

const keyNotFound = () => new AppError(ErrorCode.NOT_FOUND, 404, 'No such feed key');

/**
 * The reader's feed keys (issue 32, docs/OPDS.md "Feed keys"): made on the profile, shown once,
 * stored hashed, at most FEED_KEYS_MAX live per account, revoked by the reader or in the console.
 */
export function createFeedKeysService(deps: FeedKeysDeps) {
  const { db, publicUrl, audit } = deps;
  const now = deps.now ?? Date.now;

  async function create(user: AuthUser, rawName: string): Promise<CreatedFeedKey> {
    const name = cleanFeedKeyName(rawName);
    const key = newFeedKey();
    const keyId = await db.transaction().execute(async (trx) => {
      // The account's row is locked on PostgreSQL: two creations at once count one after the other.
      await repo.lockUser(trx, user.id);
      // An account erased since this request authenticated gets no key.
      await refuseLeftReader(trx, user.id);
      if ((await repo.countLiveKeys(trx, user.id)) >= FEED_KEYS_MAX) {
        throw new AppError(
          ErrorCode.FEED_KEY_LIMIT,
          409,
          `An account can have at most ${FEED_KEYS_MAX} feed keys; revoke one you no longer use first`,
        );
      }
      return (await repo.insertKey(trx, { user_id: user.id, name, key_hash: feedKeyHash(key), created_at: now() })).id;
    });
    return { key_id: keyId, name, key, ...feedUrls(publicUrl, key) };
  }

  const list = async (userId: number): Promise<FeedKeySummary[]> => (await repo.listLiveKeys(db, userId)).map(summaryOf);

  async function revoke(user: AuthUser, keyId: number): Promise<void> {
    // Another reader's key and an already revoked one answer alike: nothing tells them apart.
    if ((await repo.revokeKey(db, user.id, keyId, now())) === undefined) throw keyNotFound();
  }

  async function readerId(userUuid: string): Promise<number> {
    const id = await repo.findUserIdByUuid(db, userUuid);
    if (id === undefined) throw new AppError(ErrorCode.USER_NOT_FOUND, 404, 'No such reader');
    return id;
  }

  /** The console's reader page. */
  const listForReader = async (userUuid: string) => list(await readerId(userUuid));

  /** Revoked from the console, audited in the same transaction. */
  async function revokeForReader(actor: Actor, userUuid: string, keyId: number): Promise<void> {
    const userId = await readerId(userUuid);
    await db.transaction().execute(async (trx) => {
      const name = await repo.revokeKey(trx, userId, keyId, now());
      if (name === undefined) throw keyNotFound();
      await audit.recordWithin(trx, actor, {
        action: 'feed_key.revoke',
        targetType: 'user',
        targetId: userUuid,
        before: { key_id: keyId, name },
      });
    });
  }

  return { create, list, revoke, listForReader, revokeForReader };
}

export type FeedKeysService = ReturnType<typeof createFeedKeysService>;
