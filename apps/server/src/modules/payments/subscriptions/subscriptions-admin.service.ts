import { ErrorCode, type AdminSubscription } from '@inkstream/contracts';
import type { Db } from '../../../db/database.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { toIso } from '../../../lib/time.js';
import type { Actor, AuditService } from '../../audit/audit.service.js';
import type { MembershipService } from '../../membership/membership.service.js';
import { findUserByUuid } from '../../users/users.repository.js';
import * as repo from './subscriptions.repository.js';
import type { SubscriptionRow } from './subscriptions.repository.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const isoOrNull = (ms: number | null) => (ms === null ? null : toIso(ms));
const noUser = () => new AppError(ErrorCode.USER_NOT_FOUND, 404, 'No such user');
const noSubscription = () => notFound(ErrorCode.SUBSCRIPTION_NOT_FOUND, 'This reader has no such renewing membership');
const notStarted = () => new AppError(ErrorCode.CONFLICT, 409, 'This subscription was never paid: there is no renewal to stop');

type State = AdminSubscription['state'];
const stateOf = (row: SubscriptionRow): State =>
  row.status === 'incomplete'
    ? 'incomplete'
    : row.status === 'canceled'
      ? 'ended'
      : row.status === 'past_due'
        ? 'past_due'
        : row.cancel_at_period_end === 1
          ? 'canceling'
          : 'renewing';

/**
 * A reader's renewing memberships in the console (issue 59): each with its invoices and the orders
 * that paid them (a renewal is refunded from its order's page), and "stop renewal" (at the period's
 * end, through the reader's own logic: Stripe first, then our row), audited.
 */
export function createSubscriptionsAdminService(deps: {
  db: Db;
  audit: AuditService;
  membership: MembershipService;
  subscriptions: SubscriptionsService;
}) {
  const { db, audit, membership, subscriptions } = deps;

  async function readerId(userUuid: string): Promise<number> {
    const user = await findUserByUuid(db, userUuid.toLowerCase());
    if (!user) throw noUser();
    return user.id;
  }

  async function ofReader(userUuid: string): Promise<AdminSubscription[]> {
    const userId = await readerId(userUuid);
    const rows = await repo.subscriptionsOfReader(db, userId);
    const [invoices, membershipEnd] = await Promise.all([
      repo.invoicesWithOrders(
        db,
        rows.map((row) => row.id),
      ),
      membership.endWithin(db, userId),
    ]);
    return rows.map((row) => {
      const state = stateOf(row);
      // The membership's end is the paid time's end of the one running (a reader has one at a time).
      const paidEnd = row.current_period_end ?? membershipEnd;
      return {
        id: row.id,
        provider: row.provider,
        provider_ref: row.provider_ref,
        plan: row.plan,
        state,
        renews_at: state === 'renewing' ? isoOrNull(paidEnd) : null,
        ends_at:
          state === 'ended' ? isoOrNull(row.canceled_at) : state === 'canceling' || state === 'past_due' ? isoOrNull(membershipEnd) : null,
        grace_until: state === 'past_due' ? isoOrNull(row.grace_until) : null,
        cancel_reason: row.cancel_reason,
        canceled_at: isoOrNull(row.canceled_at),
        created_at: toIso(row.created_at),
        can_stop_renewal: state === 'renewing' || state === 'past_due',
        invoices: invoices
          .filter((invoice) => invoice.subscription_id === row.id)
          .map((invoice) => ({
            invoice_ref: invoice.invoice_ref,
            status: invoice.status,
            amount: Number(invoice.amount),
            currency: invoice.currency,
            billing_reason: invoice.billing_reason,
            created_at: toIso(Number(invoice.created_at)),
            order:
              invoice.order_id === null || invoice.order_status === null
                ? null
                : { order_id: invoice.order_id, status: invoice.order_status },
          })),
      };
    });
  }

  /** Stops the renewal at the end of the paid period (a renewal already stopped changes nothing). */
  async function stopRenewal(actor: Actor, userUuid: string, subscriptionId: number, reason: string): Promise<AdminSubscription[]> {
    const userId = await readerId(userUuid);
    const row = await repo.findSubscriptionById(db, subscriptionId);
    if (!row || row.user_id !== userId) throw noSubscription();
    if (row.status === 'incomplete') throw notStarted();
    await subscriptions.stopRenewal(row, reason, (trx, before) =>
      audit
        .recordWithin(trx, actor, {
          action: 'subscription.stop_renewal',
          targetType: 'subscription',
          targetId: row.id,
          before: {
            user_uuid: userUuid.toLowerCase(),
            provider: before.provider,
            provider_ref: before.provider_ref,
            cancel_at_period_end: false,
          },
          after: { cancel_at_period_end: true, reason },
        })
        .then(() => undefined),
    );
    return ofReader(userUuid);
  }

  return { ofReader, stopRenewal };
}

export type SubscriptionsAdminService = ReturnType<typeof createSubscriptionsAdminService>;
