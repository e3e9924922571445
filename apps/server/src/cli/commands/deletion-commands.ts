import type { DeletionComments } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import { CLI_ACTOR } from '../../modules/audit/audit.service.js';
import { findUserByUuid } from '../../modules/users/users.repository.js';
import { CliError, printTable, requireArg } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';
import { findUser } from './membership-commands.js';

const REASON_MAX = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reader named by user name, or by uuid (an erased account has only its pseudonym and uuid). */
async function findReader(ctx: CliContext, name: string | undefined) {
  if (name !== undefined && UUID.test(name)) {
    const user = await findUserByUuid(ctx.db, name.toLowerCase());
    if (!user) throw new CliError(`no user with uuid ${name}`, 1);
    return user;
  }
  return findUser(ctx, name);
}

function reasonOf(options: { reason?: string }): string {
  const reason = requireArg(options.reason?.trim(), '--reason TEXT');
  if (reason.length > REASON_MAX) throw new CliError(`--reason must be at most ${REASON_MAX} characters`);
  return reason;
}

async function asCli<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof AppError) throw new CliError(`${error.code}: ${error.message}`, 1);
    throw error;
  }
}

const iso = (at: number | null) => (at === null ? '' : new Date(at).toISOString());

/** `user delete <user> --reason TEXT [--comments keep|remove]`: starts the 14-day grace period, audited as `cli`. */
export async function userDelete(ctx: CliContext, args: string[], options: { reason?: string; comments?: string }): Promise<void> {
  const comments = (options.comments ?? 'remove') as DeletionComments;
  if (comments !== 'remove' && comments !== 'keep') throw new CliError('--comments must be keep or remove');
  const reason = reasonOf(options);
  const user = await findReader(ctx, args[0]);
  const { deletion } = await asCli(() => ctx.deletion.adminRequest(CLI_ACTOR, user.uuid, { reason, comments }));
  ctx.write(
    `${user.username}: signed out everywhere; erased at ${iso(deletion.erase_at)} unless they log in before (comments: ${comments})`,
  );
}

/** `user delete-cancel <user> --reason TEXT`: cancels a pending deletion at the reader's request, audited as `cli`. */
export async function userDeleteCancel(ctx: CliContext, args: string[], options: { reason?: string }): Promise<void> {
  const reason = reasonOf(options);
  const user = await findReader(ctx, args[0]);
  await asCli(() => ctx.deletion.adminCancel(CLI_ACTOR, user.uuid, reason));
  ctx.write(`${user.username}: deletion cancelled`);
}

/** `deletions [--erased]`: pending deletions (or erased accounts), newest request first. */
export async function deletionList(ctx: CliContext, options: { erased?: boolean }): Promise<void> {
  const rows = [];
  let cursor: string | undefined;
  do {
    const page = await ctx.deletion.list({ state: options.erased ? 'erased' : 'pending', ...(cursor ? { cursor } : {}) });
    rows.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  if (rows.length === 0) {
    ctx.write(options.erased ? 'no erased account' : 'no pending deletion');
    return;
  }
  printTable(
    rows.map((d) => ({
      user_uuid: d.user_uuid,
      name: d.name,
      requested_at: iso(d.requested_at),
      erase_at: iso(d.erase_at),
      erased_at: iso(d.erased_at),
      requested_by: d.requested_by,
      comments: d.comments,
      reason: d.reason ?? '',
    })),
    ctx.write,
  );
}
