import { Type, type Static } from 'typebox';
import { ClosedObject, Data, Nullable, PlainText, Timestamp } from '../common.js';
import { AdminPageQuery, PagedData } from './common.js';

/** Coupon administration (`/api/v1/admin/coupons…`). */
export const COUPON_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$';

export const AdminCouponState = Type.Union([
  Type.Literal('active'),
  Type.Literal('disabled'),
  Type.Literal('expired'),
  Type.Literal('exhausted'),
]);
export type AdminCouponState = Static<typeof AdminCouponState>;

export const AdminCouponListQuery = Type.Object(
  { ...AdminPageQuery, state: Type.Optional(AdminCouponState) },
  { additionalProperties: false },
);
export type AdminCouponListQuery = Static<typeof AdminCouponListQuery>;

export const AdminCoupon = Type.Object({
  code: Type.String(),
  days: Nullable(Type.Integer()),
  months: Nullable(Type.Integer()),
  max_redemptions: Nullable(Type.Integer()),
  redemption_count: Type.Integer(),
  expires_at: Nullable(Timestamp()),
  disabled_at: Nullable(Timestamp()),
  note: Nullable(Type.String()),
  state: AdminCouponState,
  created_at: Timestamp(),
});
export type AdminCoupon = Static<typeof AdminCoupon>;
export const AdminCouponListResponse = PagedData(AdminCoupon);
export const AdminCouponResponse = Data(AdminCoupon);

export const AdminCouponCreateBody = ClosedObject({
  code: Type.String({ pattern: COUPON_CODE_PATTERN, description: '3–64 letters, digits, "-" or "_" (stored upper-case)' }),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  months: Type.Optional(Type.Integer({ minimum: 1, maximum: 120 })),
  max_redemptions: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  expires_at: Type.Optional(Timestamp('Redeemable until this instant')),
  note: Type.Optional(PlainText({ maxLength: 255 })),
});
export type AdminCouponCreateBody = Static<typeof AdminCouponCreateBody>;

export const AdminCouponParams = Type.Object({ code: Type.String({ pattern: COUPON_CODE_PATTERN }) });
