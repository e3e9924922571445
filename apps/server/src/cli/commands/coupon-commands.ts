import { ErrorCode } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import { CLI_ACTOR } from '../../modules/audit/audit.service.js';
import { listCoupons } from '../../modules/coupons/coupons.repository.js';
import { isValidCouponCode, normalizeCouponCode } from '../../modules/coupons/coupons.service.js';
import { CliError, parsePositiveInt, printTable, requireArg } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';

export interface CouponOptions {
  days?: string;
  months?: string;
  'max-redemptions'?: string;
  expires?: string;
  note?: string;
}

/** The console's coupon service, acting as the command line (so its changes are audited too). */
const couponsAdmin = (ctx: CliContext) => ctx.couponsAdmin;

/** A service refusal as a command line failure: bad input exits 2, a conflict or a missing coupon 1. */
async function asCli<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const detail = error.details?.[0];
    if (error.code === ErrorCode.VALIDATION_FAILED && detail) throw new CliError(`${detail.field.replace('_', '-')} ${detail.message}`);
    throw new CliError(error.message, 1);
  }
}

function readCode(value: string | undefined): string {
  const code = normalizeCouponCode(requireArg(value, 'CODE'));
  if (!isValidCouponCode(code)) throw new CliError(`CODE must be 3-64 letters, digits, "-" or "_", got "${value}"`);
  return code;
}

/** `--expires 2027-01-31`: redeemable through that whole day (UTC). */
function readExpiry(value: string | undefined): number | null {
  if (value === undefined) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const endOfDay = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1) : NaN;
  if (!match || Number.isNaN(endOfDay) || new Date(endOfDay - 1).toISOString().slice(0, 10) !== value) {
    throw new CliError(`--expires must be a date as YYYY-MM-DD, got "${value}"`);
  }
  return endOfDay;
}

export async function couponCreate(ctx: CliContext, args: string[], options: CouponOptions): Promise<void> {
  const code = readCode(args[0]);
  if ((options.days === undefined) === (options.months === undefined)) throw new CliError('give exactly one of --days N or --months N');
  const days = options.days === undefined ? null : parsePositiveInt(options.days, '--days', { max: 3650 });
  const months = options.months === undefined ? null : parsePositiveInt(options.months, '--months', { max: 120 });
  const maxRedemptions =
    options['max-redemptions'] === undefined ? null : parsePositiveInt(options['max-redemptions'], '--max-redemptions');
  const expiresAt = readExpiry(options.expires);
  if (options.note !== undefined && options.note.length > 255) throw new CliError('--note must be at most 255 characters');
  await asCli(() => couponsAdmin(ctx).create(CLI_ACTOR, { code, days, months, maxRedemptions, expiresAt, note: options.note ?? null }));
  const length = days !== null ? `${days} day(s)` : `${months} month(s)`;
  ctx.write(
    `created coupon ${code}: ${length}, ${maxRedemptions ?? 'unlimited'} redemption(s)${expiresAt ? `, until ${toIso(expiresAt)}` : ''}`,
  );
}

export async function couponList(ctx: CliContext): Promise<void> {
  const rows = await listCoupons(ctx.db);
  printTable(
    rows.map((c) => ({
      code: c.code,
      grants: c.grant_months !== null ? `${c.grant_months} month(s)` : `${c.grant_days} day(s)`,
      redeemed: `${c.redemption_count}/${c.max_redemptions ?? '∞'}`,
      expires: c.expires_at === null ? null : toIso(c.expires_at),
      state: c.disabled_at !== null ? 'disabled' : c.expires_at !== null && c.expires_at <= Date.now() ? 'expired' : 'active',
      note: c.note,
    })),
    ctx.write,
  );
}

export async function couponDisable(ctx: CliContext, args: string[]): Promise<void> {
  const code = readCode(args[0]);
  await asCli(() => couponsAdmin(ctx).disable(CLI_ACTOR, code)).catch((error: unknown) => {
    throw error instanceof CliError ? new CliError(`no active coupon ${code}`, 1) : error;
  });
  ctx.write(`coupon ${code} disabled`);
}
