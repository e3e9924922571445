import type { DbExecutor } from '../../db/database.js';

/** The reader's ban row, if any (comment_bans: one per reader), active or not: community-bans.ts decides. */
export const findBan = (db: DbExecutor, userId: number) =>
  db.selectFrom('comment_bans').select(['reason', 'until']).where('user_id', '=', userId).executeTakeFirst();
