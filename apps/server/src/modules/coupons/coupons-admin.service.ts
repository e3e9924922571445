import { ErrorCode, type AdminCoupon, type AdminCouponListQuery, type Paged } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { CouponsTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import { AppError, type ErrorDetail } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import * as repo from './coupons.repository.js';
import { isValidCouponCode, normalizeCouponCode } from './coupons.service.js';

export interface CouponInput {
  code: string;
  days?: number | null;
  months?: number | null;
  maxRedemptions?: number | null;
  /** Epoch ms; redeemable until then. */
  expiresAt?: number | null;
  note?: string | null;
}

const LIMITS = { days: 3650, months: 120, maxRedemptions: 1_000_000_000, note: 255 } as const;

const isCount = (value: number | null | undefined, max: number) => value == null || (Number.isInteger(value) && value >= 1 && value <= max);

/** The rules of a new coupon (the console and the command line share them); the problems found, by field. */
export function checkCoupon(input: CouponInput): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (!isValidCouponCode(normalizeCouponCode(input.code))) {
    problems.push({ field: 'code', message: 'must be 3-64 letters, digits, "-" or "_"' });
  }
  if ((input.days == null) === (input.months == null)) problems.push({ field: 'days', message: 'give exactly one of days or months' });
  if (!isCount(input.days, LIMITS.days)) problems.push({ field: 'days', message: `must be a whole number from 1 to ${LIMITS.days}` });
  if (!isCount(input.months, LIMITS.months))
    problems.push({ field: 'months', message: `must be a whole number from 1 to ${LIMITS.months}` });
  if (!isCount(input.maxRedemptions, LIMITS.maxRedemptions))
    problems.push({ field: 'max_redemptions', message: 'must be a positive whole number' });
  // A past expiry is allowed (a coupon prepared disabled); only an instant that does not exist is refused.
  if (input.expiresAt != null && !Number.isFinite(input.expiresAt))
    problems.push({ field: 'expires_at', message: 'must be a real instant' });
  if (input.note != null && input.note.length > LIMITS.note)
    problems.push({ field: 'note', message: `must be at most ${LIMITS.note} characters` });
  return problems;
}

function stateOf(coupon: Selectable<CouponsTable>, now: number): repo.CouponState {
  if (coupon.disabled_at !== null) return 'disabled';
  if (coupon.expires_at !== null && Number(coupon.expires_at) <= now) return 'expired';
  if (coupon.max_redemptions !== null && Number(coupon.redemption_count) >= Number(coupon.max_redemptions)) return 'exhausted';
  return 'active';
}

/** Coupon administration: create, list and disable, each change audited in its transaction. */
export function createCouponsAdminService(deps: { db: Db; audit: AuditService; now?: () => number }) {
  const { db, audit } = deps;
  const now = deps.now ?? Date.now;
  const toCoupon = (c: Selectable<CouponsTable>): AdminCoupon => ({
    code: c.code,
    days: c.grant_days,
    months: c.grant_months,
    max_redemptions: c.max_redemptions === null ? null : Number(c.max_redemptions),
    redemption_count: Number(c.redemption_count),
    expires_at: c.expires_at === null ? null : toIso(Number(c.expires_at)),
    disabled_at: c.disabled_at === null ? null : toIso(Number(c.disabled_at)),
    note: c.note,
    state: stateOf(c, now()),
    created_at: toIso(Number(c.created_at)),
  });

  async function list(query: AdminCouponListQuery): Promise<Paged<AdminCoupon>> {
    const { rows, total } = await repo.listCouponsPage(db, query.state, now(), query.page ?? 0, query.page_size ?? 50);
    return { items: rows.map(toCoupon), total };
  }

  async function create(actor: Actor, input: CouponInput): Promise<AdminCoupon> {
    const problems = checkCoupon(input);
    if (problems.length > 0)
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, `Invalid coupon: ${problems[0]?.field} ${problems[0]?.message}`, problems);
    const code = normalizeCouponCode(input.code);
    return db.transaction().execute(async (trx) => {
      const values = {
        code,
        grant_days: input.days ?? null,
        grant_months: input.months ?? null,
        max_redemptions: input.maxRedemptions ?? null,
        expires_at: input.expiresAt ?? null,
        note: input.note ?? null,
        created_at: now(),
      };
      if (!(await repo.insertCouponIfNew(trx, values))) throw new AppError(ErrorCode.CONFLICT, 409, `A coupon ${code} exists already`);
      await audit.recordWithin(trx, actor, {
        action: 'coupon.create',
        targetType: 'coupon',
        targetId: code,
        before: null,
        after: { ...values, expires_at: values.expires_at === null ? null : toIso(values.expires_at), created_at: undefined },
      });
      const created = await repo.findCouponByCode(trx, code);
      if (!created) throw new Error('coupon missing right after its creation');
      return toCoupon(created);
    });
  }

  async function disable(actor: Actor, rawCode: string): Promise<AdminCoupon> {
    const code = normalizeCouponCode(rawCode);
    return db.transaction().execute(async (trx) => {
      const at = now();
      if (!(await repo.disableCoupon(trx, code, at))) {
        const existing = await repo.findCouponByCode(trx, code);
        if (!existing) throw new AppError(ErrorCode.COUPON_NOT_FOUND, 404, `No coupon ${code}`);
        throw new AppError(ErrorCode.CONFLICT, 409, `The coupon ${code} is disabled already`);
      }
      await audit.recordWithin(trx, actor, {
        action: 'coupon.disable',
        targetType: 'coupon',
        targetId: code,
        before: { disabled_at: null },
        after: { disabled_at: toIso(at) },
      });
      const coupon = await repo.findCouponByCode(trx, code);
      if (!coupon) throw new Error('coupon missing right after disabling it');
      return toCoupon(coupon);
    });
  }

  return { list, create, disable };
}

export type CouponsAdminService = ReturnType<typeof createCouponsAdminService>;
