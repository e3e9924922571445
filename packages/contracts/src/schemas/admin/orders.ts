import { Type, type Static } from 'typebox';
import { ClosedObject, Data, Nullable, PlainText, Timestamp, Uuid } from '../common.js';
import { AdminPageQuery, KeysetPageQuery, KeysetPagedData, PagedData, Reason } from './common.js';

/** Orders, refunds and payment incidents in the operator's console (docs/ADMIN.md). */
export const OrderProvider = Type.Union([Type.Literal('wechat'), Type.Literal('stripe'), Type.Literal('sandbox')]);
export const OrderStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('expired'),
  Type.Literal('failed'),
  Type.Literal('refunded'),
]);
const MembershipPlan = Type.Union([Type.Literal('month'), Type.Literal('season')]);
/** What an order bought: a membership plan, or a coin pack (issue 42). */
export const OrderPlan = Type.Union([Type.Literal('month'), Type.Literal('season'), Type.Literal('coins')]);
export type OrderPlan = Static<typeof OrderPlan>;
/** What a coin-pack order sold (0 and 0 for a membership): the console names the pack by them. */
const OrderCoins = {
  coins: Type.Integer({ minimum: 0, description: 'A coin pack: its coins as sold; 0 for a membership' }),
  bonus_coins: Type.Integer({ minimum: 0, description: 'A coin pack: its bonus coins as sold; 0 for a membership' }),
};

export const AdminOrderListQuery = Type.Object(
  {
    ...KeysetPageQuery,
    provider: Type.Optional(OrderProvider),
    status: Type.Optional(OrderStatus),
    from: Type.Optional(Timestamp('Orders created at or after this instant')),
    to: Type.Optional(Timestamp('Orders created before this instant')),
    user: Type.Optional(PlainText({ minLength: 1, maxLength: 64, description: 'User name (case-insensitive) or uuid' })),
  },
  { additionalProperties: false },
);
export type AdminOrderListQuery = Static<typeof AdminOrderListQuery>;

export const AdminOrder = Type.Object({
  order_id: Type.String(),
  user: Type.Object({ uuid: Type.String(), username: Type.String() }),
  provider: OrderProvider,
  plan: OrderPlan,
  months: Type.Integer(),
  ...OrderCoins,
  amount_fen: Type.Integer({ description: "In the currency's smallest unit" }),
  currency: Type.String(),
  status: OrderStatus,
  created_at: Timestamp(),
  paid_at: Nullable(Timestamp()),
  refunded_at: Nullable(Timestamp()),
});
export type AdminOrder = Static<typeof AdminOrder>;
export const AdminOrderListResponse = KeysetPagedData(AdminOrder);

export const OrderEvent = Type.Object({
  provider: Type.String(),
  event_id: Type.String(),
  event_type: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  received_at: Timestamp(),
});
export type OrderEvent = Static<typeof OrderEvent>;

export const OrderGrant = Type.Object({
  source: Type.String(),
  starts_at: Timestamp(),
  ends_at: Timestamp(),
  revoked_at: Nullable(Timestamp()),
});

/** A chapter a coin-pack refund locks again: the reader unlocked it with coins of the pack. */
export const RelockedChapter = Type.Object({
  book_uuid: Uuid(),
  book_title: Nullable(Type.String({ description: 'In the book’s original language' })),
  chapter_uuid: Uuid(),
  chapter_number: Type.Integer(),
  coins: Type.Integer({ description: 'What the unlock cost; given back to the lots that paid it before the pack’s coins go' }),
});
export type RelockedChapter = Static<typeof RelockedChapter>;

/**
 * What refunding a coin pack does to the reader's coins (docs/PAYMENTS.md "The refund rule"):
 * the balance before and after, and the chapters locked again. Before the refund the server
 * computes it as a preview; after it, the order's ledger entries say it.
 */
export const CoinRefund = Type.Object({
  balance_before: Type.Integer(),
  balance_after: Type.Integer(),
  chapters: Type.Array(RelockedChapter),
});
export type CoinRefund = Static<typeof CoinRefund>;

/** Issue 59: a gift order's code (never shown here) and what became of it. */
export const OrderGift = Type.Object({
  state: Type.Union([Type.Literal('unpaid'), Type.Literal('unredeemed'), Type.Literal('redeemed'), Type.Literal('cancelled')], {
    description: 'unpaid: no code yet; cancelled: the order was refunded (a redeemed gift’s grant is then revoked)',
  }),
  redeemed_by: Nullable(Type.Object({ uuid: Type.String(), username: Type.String() })),
  redeemed_at: Nullable(Timestamp()),
  cancelled_at: Nullable(Timestamp()),
});
export type OrderGift = Static<typeof OrderGift>;

export const AdminOrderDetail = Type.Object({
  ...AdminOrder.properties,
  provider_txn_id: Nullable(Type.String()),
  provider_payment_id: Nullable(Type.String()),
  events: Type.Array(OrderEvent),
  grant: Nullable(OrderGrant),
  /** A refunded coin pack: what its refund did to the coins; null otherwise. */
  coin_refund: Nullable(CoinRefund),
  /** Issue 59: a gift order: its state (the grant above is then the redeemer's); absent for any other order. */
  gift: Type.Optional(OrderGift),
});
export type AdminOrderDetail = Static<typeof AdminOrderDetail>;
export const AdminOrderDetailResponse = Data(AdminOrderDetail);

export const AdminOrderIdParams = Type.Object({ orderId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });

export const RefundOrderBody = ClosedObject({ reason: Reason });
export type RefundOrderBody = Static<typeof RefundOrderBody>;
export const RefundPreviewResponse = Data(
  Type.Object({
    /** A paid coin pack: what a refund now would do; null for a membership. */
    coin_refund: Nullable(CoinRefund),
  }),
);
export type RefundPreview = Static<typeof RefundPreviewResponse>['data'];
export const RefundOutcome = Type.Union([Type.Literal('refunded'), Type.Literal('requested')], {
  description: 'refunded: the time is revoked now; requested: the provider confirms later (WeChat PROCESSING)',
});
export const RefundOrderResponse = Data(Type.Object({ outcome: RefundOutcome, order: AdminOrderDetail }));
export type RefundOrderResult = Static<typeof RefundOrderResponse>['data'];

export const IncidentListQuery = Type.Object(
  { ...AdminPageQuery, state: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('all')])) },
  { additionalProperties: false },
);
export type IncidentListQuery = Static<typeof IncidentListQuery>;

export const PaymentIncident = Type.Object({
  id: Type.Integer(),
  provider: Type.String(),
  kind: Type.String({ description: 'missing_reference, unknown_user, unknown_plan, partial_refund, amount_mismatch, …' }),
  plan: Nullable(OrderPlan),
  reference: Type.String(),
  detail: Type.Unknown({ description: 'What the provider told us (amounts, e-mail, ids)' }),
  can_grant: Type.Boolean({ description: 'A paid Stripe session that resolving can grant to a user' }),
  created_at: Timestamp(),
  resolved_at: Nullable(Timestamp()),
  resolution: Nullable(Type.String()),
});
export type PaymentIncident = Static<typeof PaymentIncident>;
export const IncidentListResponse = PagedData(PaymentIncident);
export const IncidentIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const ResolveIncidentBody = ClosedObject({
  username: PlainText({ minLength: 1, maxLength: 64 }),
  plan: Type.Optional(MembershipPlan),
});
export type ResolveIncidentBody = Static<typeof ResolveIncidentBody>;
export const DismissIncidentBody = ClosedObject({ note: PlainText({ minLength: 1, maxLength: 500 }) });
export type DismissIncidentBody = Static<typeof DismissIncidentBody>;
export const IncidentResponse = Data(PaymentIncident);
