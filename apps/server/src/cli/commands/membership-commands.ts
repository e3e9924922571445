import { toIso } from '../../lib/time.js';
import { CLI_ACTOR } from '../../modules/audit/audit.service.js';
import { findUserByKey } from '../../modules/users/users.repository.js';
import { usernameKey } from '../../modules/users/users.service.js';
import { CliError, parsePositiveInt, requireArg } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';

/** The user an admin named, or a failure (exit code 1). */
export async function findUser(ctx: CliContext, name: string | undefined) {
  const username = requireArg(name, 'username');
  const user = await findUserByKey(ctx.db, usernameKey(username));
  if (!user) throw new CliError(`no user named "${username}"`, 1);
  return user;
}

/** The console's membership service, acting as the command line (so grants and revocations are audited). */
const membershipAdmin = (ctx: CliContext) => ctx.membershipAdmin;

export async function membershipGrant(ctx: CliContext, args: string[], options: { days?: string; months?: string }): Promise<void> {
  if ((options.days === undefined) === (options.months === undefined)) throw new CliError('give exactly one of --days N or --months N');
  const length =
    options.days !== undefined
      ? { days: parsePositiveInt(options.days, '--days', { max: 36_500 }) }
      : { months: parsePositiveInt(options.months, '--months', { max: 1_200 }) };
  const user = await findUser(ctx, args[0]);
  const { membership } = await membershipAdmin(ctx).grant(CLI_ACTOR, user, length, 'granted with the admin command line');
  ctx.write(`${user.username}: membership now ends ${membership?.expire_at ?? toIso(0)}`);
}

export async function membershipRevoke(ctx: CliContext, args: string[]): Promise<void> {
  const user = await findUser(ctx, args[0]);
  const { revoked, membership } = await membershipAdmin(ctx).revoke(CLI_ACTOR, user, 'revoked with the admin command line');
  const state =
    membership === null
      ? 'no membership'
      : membership.is_expired
        ? `expired ${membership.expire_at}`
        : `still runs until ${membership.expire_at}`;
  ctx.write(`${user.username}: revoked ${revoked} grant(s); ${state}`);
}
