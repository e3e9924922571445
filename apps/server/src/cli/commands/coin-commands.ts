import { COIN_GRANT_MAX, COIN_PRICE_MAX, RENTAL_DAYS_MAX, WAIT_FREE_HOURS_MAX, type BookUnlockSettingsBody } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import { CLI_ACTOR } from '../../modules/audit/audit.service.js';
import { CliError, parsePositiveInt, requireArg, requireUuid } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';
import { findUser } from './membership-commands.js';

const REASON_MAX = 200;

/** The console's rules apply (and the change is audited as `cli`); an unknown book exits with 1. */
async function asCli<T>(what: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw new CliError(`no ${what}`, 1);
    if (error instanceof AppError) throw new CliError(error.details?.map((d) => `${d.field}: ${d.message}`).join('; ') || error.message, 1);
    throw error;
  }
}

/**
 * `book unlocks <book_uuid> --price N [--wait-free-hours H]`: the book's locked chapters are sold
 * for membership or N coins each (a free unlock every H hours; 0: none); `--off`: membership only
 * again (the wait-for-free hours are kept for when coins come back).
 *
 * While coins are off for the site no reader can buy or spend a coin, so a price sells nothing:
 * the command refuses (exit 1) rather than let an operator believe the book is on sale, and says
 * how to turn coins on. `--force` stores the price for later and says plainly that it is not on sale.
 */
export async function bookUnlocks(
  ctx: CliContext,
  args: string[],
  options: { price?: string; 'wait-free-hours'?: string; 'rental-price'?: string; 'rental-days'?: string; off?: boolean; force?: boolean },
): Promise<void> {
  const uuid = requireUuid(args[0], 'book_uuid');
  if (options.off && (options.price !== undefined || options['wait-free-hours'] !== undefined))
    throw new CliError('--off takes neither --price nor --wait-free-hours');
  if (!options.off && options.price === undefined) throw new CliError('give --price N (coins per chapter) or --off');
  const body: BookUnlockSettingsBody = options.off
    ? { coin_price: null }
    : { coin_price: parsePositiveInt(options.price, '--price', { max: COIN_PRICE_MAX }) };
  if (options['wait-free-hours'] !== undefined) {
    const hours = parsePositiveInt(options['wait-free-hours'], '--wait-free-hours', { min: 0, max: WAIT_FREE_HOURS_MAX });
    body.wait_free_hours = hours === 0 ? null : hours;
  }
  // Issue 59: rentals, N coins for a chapter opened for D days (0: no rentals).
  if (options['rental-price'] !== undefined) {
    const price = parsePositiveInt(options['rental-price'], '--rental-price', { min: 0, max: COIN_PRICE_MAX });
    body.rental_price = price === 0 ? null : price;
  }
  if (options['rental-days'] !== undefined) {
    body.rental_days = parsePositiveInt(options['rental-days'], '--rental-days', { max: RENTAL_DAYS_MAX });
  }
  if (options.off && options.force) throw new CliError('--off takes no --force');
  const coinsOn = (await ctx.settings.get()).coins_enabled;
  if (!options.off && !coinsOn && !options.force) {
    throw new CliError(
      'coins are off for the site: no reader can buy or spend coins, so the book would stay membership only. ' +
        'Turn coins on first (settings set coins_enabled true), or add --force to keep the price for when they are on',
      1,
    );
  }
  const settings = await asCli(`book ${uuid}`, () => ctx.coinsAdmin.setBookUnlocks(CLI_ACTOR, uuid, body));
  if (settings.coin_price === null) {
    ctx.write(`book ${uuid}: membership only`);
    return;
  }
  const free = settings.wait_free_hours === null ? 'no wait-for-free' : `one free unlock every ${settings.wait_free_hours} hour(s)`;
  if (!coinsOn) {
    ctx.write(
      `book ${uuid}: ${settings.coin_price} coin(s) a chapter kept, NOT on sale: coins are off for the site, so it is membership only until "settings set coins_enabled true"; ${free} then`,
    );
    return;
  }
  const rental =
    settings.rental_price === null ? 'no rentals' : `rent a chapter for ${settings.rental_price} coin(s), ${settings.rental_days} day(s)`;
  ctx.write(`book ${uuid}: membership or ${settings.coin_price} coin(s) a chapter; ${free}; ${rental}`);
}

/** `coins grant <username> <n> --reason TEXT`: a gift of coins, kept in the reader's history and the audit log. */
export async function coinsGrant(ctx: CliContext, args: string[], options: { reason?: string }): Promise<void> {
  const coins = parsePositiveInt(args[1], 'n (coins)', { max: COIN_GRANT_MAX });
  const reason = requireArg(options.reason?.trim(), '--reason TEXT');
  if (reason.length > REASON_MAX) throw new CliError(`--reason must be at most ${REASON_MAX} characters`);
  const user = await findUser(ctx, args[0]);
  const { balance } = await asCli(`user ${user.username}`, () => ctx.coinsAdmin.grantCoins(CLI_ACTOR, user.uuid, coins, reason));
  ctx.write(`${user.username}: ${coins} coin(s) given; the wallet now holds ${balance}`);
}
