import { Type, type Static } from 'typebox';
import { ClosedObject, Data, Nullable, PlainText, Timestamp, Uuid } from '../common.js';
import { KeysetPageQuery, KeysetPagedData, Reason } from './common.js';
import { OrderPlan } from './orders.js';

/** Reader administration (`/api/v1/admin/users…`). */
export const AdminMembership = Nullable(Type.Object({ expire_at: Timestamp(), is_expired: Type.Boolean() }));

export const AdminUserListQuery = Type.Object(
  {
    ...KeysetPageQuery,
    q: Type.Optional(
      PlainText({
        minLength: 1,
        maxLength: 64,
        description: 'The start of the user name (any case; the matches come in name order), or an exact uuid',
      }),
    ),
    role: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('admin')])),
    state: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')])),
    member: Type.Optional(Type.Union([Type.Literal('yes'), Type.Literal('no')], { description: 'yes: membership running now' })),
  },
  { additionalProperties: false },
);
export type AdminUserListQuery = Static<typeof AdminUserListQuery>;

export const AdminUserSummary = Type.Object({
  uuid: Uuid(),
  username: Type.String(),
  role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
  created_at: Timestamp(),
  disabled_at: Nullable(Timestamp()),
  membership: AdminMembership,
  invited_by: Nullable(Type.String({ description: "The inviter's user name" })),
});
export type AdminUserSummary = Static<typeof AdminUserSummary>;
export const AdminUserListResponse = KeysetPagedData(AdminUserSummary);

export const AdminGrant = Type.Object({
  source: Type.String(),
  source_ref: Type.String(),
  starts_at: Timestamp(),
  ends_at: Timestamp(),
  revoked_at: Nullable(Timestamp()),
  note: Nullable(Type.String()),
  length: Type.String({ description: 'For example "1 month" or "30 days" (English; the console writes `length_parts` in its language)' }),
  length_parts: Type.Union([Type.Object({ months: Type.Integer() }), Type.Object({ days: Type.Integer() })], {
    description: 'ext: the same length as a number of months or of days, for the console to write in its language',
  }),
  created_at: Timestamp(),
});
export type AdminGrant = Static<typeof AdminGrant>;

export const AdminUserOrder = Type.Object({
  order_id: Type.String(),
  provider: Type.String(),
  plan: OrderPlan,
  months: Type.Integer(),
  coins: Type.Integer({ minimum: 0, description: 'A coin pack: its coins as sold; 0 for a membership' }),
  bonus_coins: Type.Integer({ minimum: 0 }),
  amount_fen: Type.Integer(),
  status: Type.String(),
  created_at: Timestamp(),
  paid_at: Nullable(Timestamp()),
});
export type AdminUserOrder = Static<typeof AdminUserOrder>;

export const AdminInvitee = Type.Object({
  uuid: Uuid(),
  username: Type.String(),
  created_at: Timestamp(),
  has_paid: Type.Boolean(),
  invited: Type.Array(Type.Object({ uuid: Uuid(), username: Type.String(), created_at: Timestamp(), has_paid: Type.Boolean() })),
});
export type AdminInvitee = Static<typeof AdminInvitee>;

export const AdminUserDetail = Type.Object({
  user: AdminUserSummary,
  grants: Type.Array(AdminGrant),
  orders: Type.Array(AdminUserOrder),
  invites: Type.Object({
    invited_by: Nullable(Type.Object({ uuid: Uuid(), username: Type.String() })),
    invited: Type.Array(AdminInvitee),
  }),
  coupon_redemptions: Type.Array(Type.Object({ code: Type.String(), created_at: Timestamp() })),
  email: Type.Object({
    address: Nullable(Type.String({ description: "The reader's address (only administrators see it)" })),
    confirmed_at: Nullable(Timestamp()),
  }),
});
export type AdminUserDetail = Static<typeof AdminUserDetail>;
export const AdminUserDetailResponse = Data(AdminUserDetail);

export const AdminUserParams = Type.Object({ userUuid: Uuid() });

export const AdminGrantBody = ClosedObject({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  months: Type.Optional(Type.Integer({ minimum: 1, maximum: 120 })),
  reason: Reason,
});
export type AdminGrantBody = Static<typeof AdminGrantBody>;

export const AdminReasonBody = ClosedObject({ reason: Reason });
export type AdminReasonBody = Static<typeof AdminReasonBody>;

export const AdminRoleBody = ClosedObject({ role: Type.Union([Type.Literal('user'), Type.Literal('admin')]), reason: Reason });
export type AdminRoleBody = Static<typeof AdminRoleBody>;

export const AdminUserChangeResponse = Data(Type.Object({ user: AdminUserSummary, revoked: Type.Optional(Type.Integer()) }));
export type AdminUserChange = Static<typeof AdminUserChangeResponse>['data'];

/** `PUT /admin/users/{uuid}/email`: sets (a confirmation link goes to it) or, with null, clears a reader's address. */
export const AdminEmailBody = ClosedObject({ email: Nullable(Type.String({ maxLength: 1024 })), reason: Reason });
export type AdminEmailBody = Static<typeof AdminEmailBody>;
export const AdminEmailResponse = Data(Type.Object({ address: Nullable(Type.String()), confirmed_at: Nullable(Timestamp()) }));
