import { ACCOUNT_ERASE_JOB } from '../../src/modules/data-rights/deletion/erasure.js';
import type { TestContext } from './test-context.js';
import { authHeader } from './factories.js';

/** The reader's pending deletion request, if any. */
export const pendingDeletionOf = (ctx: TestContext, userId: number) =>
  ctx.db
    .selectFrom('account_deletions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('cancelled_at', 'is', null)
    .where('erased_at', 'is', null)
    .executeTakeFirst();

/**
 * The request's time has come: its erase_at and its job's run_at are moved to now (the clock is
 * not waited on). Answers the deletion's id.
 */
export async function makeDeletionDue(ctx: TestContext, userId: number): Promise<number> {
  const pending = await pendingDeletionOf(ctx, userId);
  if (!pending) throw new Error('no pending deletion');
  await ctx.db
    .updateTable('account_deletions')
    .set({ erase_at: Date.now() - 1 })
    .where('id', '=', pending.id)
    .execute();
  await ctx.db
    .updateTable('jobs')
    .set({ run_at: Date.now() - 1 })
    .where('kind', '=', ACCOUNT_ERASE_JOB)
    .where('payload', '=', JSON.stringify({ deletion_id: pending.id }))
    .execute();
  return pending.id;
}

/** The reader asks for their account's deletion, and its time comes: the account is erased now. */
export async function eraseAccountNow(ctx: TestContext, reader: { token: string; password: string; id: number }): Promise<void> {
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/deletion',
    headers: authHeader(reader),
    payload: { password: reader.password, comments: 'keep' },
  });
  if (asked.statusCode !== 202) throw new Error(`the deletion was not accepted: ${asked.statusCode} ${asked.body}`);
  await makeDeletionDue(ctx, reader.id);
  await ctx.app.jobs.drain();
}
