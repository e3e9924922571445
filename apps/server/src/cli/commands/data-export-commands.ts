import { AppError } from '../../lib/app-error.js';
import { CLI_ACTOR } from '../../modules/audit/audit.service.js';
import { CliError, requireArg } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';
import { findUser } from './membership-commands.js';

const REASON_MAX = 500;

/**
 * `user export <username> --reason TEXT`: "Download my data" started for a reader who asked by
 * other means, as the console's button does (audited `user.data_export` as `cli`). A running
 * server's job runner builds it; the reader gets the mail and downloads it from their profile.
 */
export async function userExport(ctx: CliContext, args: string[], options: { reason?: string }): Promise<void> {
  const reason = requireArg(options.reason?.trim(), '--reason TEXT');
  if (reason.length > REASON_MAX) throw new CliError(`--reason must be at most ${REASON_MAX} characters`);
  const user = await findUser(ctx, args[0]);
  try {
    const started = await ctx.dataExports.startForReader(CLI_ACTOR, user.uuid, reason);
    ctx.write(`${user.username}: data archive ${started.uuid} queued; the reader gets a mail when it is ready (kept 7 days)`);
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message, 1);
    throw error;
  }
}
