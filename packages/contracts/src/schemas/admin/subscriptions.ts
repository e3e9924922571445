import { Type, type Static } from 'typebox';
import { ClosedObject, Data, Nullable, Timestamp, Uuid } from '../common.js';
import { Reason } from './common.js';

/**
 * Issue 59: a reader's renewing memberships in the console (GET /admin/users/{userUuid}/subscriptions).
 * The server decides each state and whether the renewal can be stopped; the console shows it.
 */
export const AdminSubscriptionInvoice = Type.Object({
  invoice_ref: Type.String({
    description: "The provider's invoice (Stripe `in_…`; the sandbox's first order id or `sbinv_…`; WeChat: the deduction's order id)",
  }),
  status: Type.Union([Type.Literal('parked'), Type.Literal('paid'), Type.Literal('failed'), Type.Literal('incident')]),
  amount: Type.Integer({ description: 'Smallest currency unit' }),
  currency: Type.String(),
  /** `subscription_create` for the first payment, `subscription_cycle` for a renewal (Stripe's words). */
  billing_reason: Nullable(Type.String()),
  created_at: Timestamp(),
  /** The order that paid this period (refund it from the order page), null while none. */
  order: Nullable(Type.Object({ order_id: Type.String(), status: Type.String() })),
});
export type AdminSubscriptionInvoice = Static<typeof AdminSubscriptionInvoice>;

export const AdminSubscription = Type.Object({
  id: Type.Integer(),
  provider: Type.Union([Type.Literal('stripe'), Type.Literal('sandbox'), Type.Literal('wechat')]),
  provider_ref: Type.String({ description: 'Stripe `sub_…`; the sandbox `sbsub_…`; WeChat: our out_contract_code `ctr…`' }),
  plan: Type.Union([Type.Literal('month'), Type.Literal('season')]),
  /** As the reader's profile says, plus `incomplete`: started, never paid. */
  state: Type.Union([
    Type.Literal('incomplete'),
    Type.Literal('renewing'),
    Type.Literal('canceling'),
    Type.Literal('past_due'),
    Type.Literal('ended'),
  ]),
  renews_at: Nullable(Timestamp('The next renewal (state renewing)')),
  ends_at: Nullable(Timestamp('Renewal stopped or past due: the end of the paid time; ended: when it ended')),
  grace_until: Nullable(Timestamp('Past due: the end of the grace')),
  cancel_reason: Nullable(Type.String()),
  canceled_at: Nullable(Timestamp()),
  created_at: Timestamp(),
  can_stop_renewal: Type.Boolean(),
  invoices: Type.Array(AdminSubscriptionInvoice),
});
export type AdminSubscription = Static<typeof AdminSubscription>;
export const AdminSubscriptionsResponse = Data(Type.Array(AdminSubscription));

export const AdminSubscriptionParams = Type.Object({
  userUuid: Uuid(),
  subscriptionId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

export const AdminStopRenewalBody = ClosedObject({ reason: Reason });
export type AdminStopRenewalBody = Static<typeof AdminStopRenewalBody>;
