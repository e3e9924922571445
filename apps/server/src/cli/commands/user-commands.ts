import { REGISTER_PASSWORD_MIN, NEW_PASSWORD_MAX, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import { listUsers } from '../../modules/users/users.repository.js';
import { CliError, printTable, requireArg } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';

const USERNAME = new RegExp(USERNAME_PATTERN, 'u');

export async function userCreate(ctx: CliContext, args: string[], options: { password?: string; admin?: boolean }): Promise<void> {
  const username = requireArg(args[0], 'username').normalize('NFC');
  const length = [...username].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX || !USERNAME.test(username)) {
    throw new CliError(`username must be ${USERNAME_MIN}-${USERNAME_MAX} letters or digits, got "${username}"`);
  }
  const password = requireArg(options.password, '--password');
  if (password.length < REGISTER_PASSWORD_MIN || password.length > NEW_PASSWORD_MAX) {
    throw new CliError(`--password must be ${REGISTER_PASSWORD_MIN}-${NEW_PASSWORD_MAX} characters`);
  }
  try {
    const user = await ctx.users.createAccount({ username, password, user_type: 'admin-cli' }, options.admin ? 'admin' : 'user');
    ctx.write(`created ${options.admin ? 'admin' : 'user'} ${user.username} (${user.uuid})`);
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message, 1);
    throw error;
  }
}

export async function userList(ctx: CliContext): Promise<void> {
  const rows = await listUsers(ctx.db);
  printTable(
    rows.map((u) => ({ uuid: u.uuid, username: u.username, role: u.role, created_at: toIso(u.created_at) })),
    ctx.write,
  );
}
