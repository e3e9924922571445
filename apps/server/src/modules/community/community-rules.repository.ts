import type { DbExecutor } from '../../db/database.js';

/** The reader's ban row, if any (comment_bans: one per reader), active or not: community-rules.ts decides. */
export const findBan = (db: DbExecutor, userId: number) =>
  db.selectFrom('comment_bans').select(['reason', 'until']).where('user_id', '=', userId).executeTakeFirst();

export const findAccountCreatedAt = async (db: DbExecutor, userId: number) =>
  Number((await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirstOrThrow()).created_at);

export const findWordFilterEntries = (db: DbExecutor) => db.selectFrom('comment_word_filters').select(['pattern', 'action']).execute();
