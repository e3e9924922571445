import { toIso } from '../../lib/time.js';
import { disableCoupon, insertCouponIfNew, listCoupons } from '../../modules/coupons/coupons.repository.js';
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
  const created = await insertCouponIfNew(ctx.db, {
    code,
    grant_days: days,
    grant_months: months,
    max_redemptions: maxRedemptions,
    expires_at: expiresAt,
    note: options.note ?? null,
    created_at: Date.now(),
  });
  if (!created) throw new CliError(`a coupon ${code} exists already`, 1);
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
  if (!(await disableCoupon(ctx.db, code, Date.now()))) throw new CliError(`no active coupon ${code}`, 1);
  ctx.write(`coupon ${code} disabled`);
}
