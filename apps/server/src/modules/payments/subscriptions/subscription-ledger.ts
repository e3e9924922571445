import { PLAN_CURRENCY, PLANS, type PlanId } from '@inkstream/contracts';
import type { DbExecutor } from '../../../db/database.js';
import type { EventRaiser } from '../../../db/domain-events.js';
import { queueRenewalFailedNotice } from '../../notices/receipts.js';
import type { MembershipService } from '../../membership/membership.service.js';
import type { OrderLedger } from '../order-ledger.js';
import { recordIncident } from '../payment-incidents.repository.js';
import * as orders from '../payments.repository.js';
import { newOrderId } from '../order-id.js';
import * as repo from './subscriptions.repository.js';
import type { SubscriptionProvider, SubscriptionRow } from './subscriptions.repository.js';

/** The membership_grants source of a grace period (its reference: the failed invoice). */
export const GRACE_SOURCE = 'grace';

export interface SubscriptionLedgerDeps {
  /** Raises the queued mail's event (the failed renewal's notice). */
  domainEvents: EventRaiser;
  /** The profile's renewal section, absolute (the failed renewal's notice links there). */
  renewalUrl: string;
  ledger: OrderLedger;
  membership: MembershipService;
  /** The operator's grace period after a failed renewal, in days (site settings), read in the transaction. */
  graceDays: (trx: DbExecutor) => Promise<number>;
  now?: () => number;
}

/** A subscription as an event names it: its provider's id and, when the event knows them, reader and plan. */
export interface SubscriptionRef {
  provider: SubscriptionProvider;
  ref: string;
  /** The plan sold (a new subscription needs one; an existing one keeps its own unless `planChange`). */
  plan: PlanId;
  userId?: number | null;
  customer?: string | null;
}

/** One invoice of a subscription: what it asked or took, and for what. */
export interface SubscriptionInvoice {
  ref: string;
  amount: number;
  currency: string;
  paymentRef: string | null;
  billingReason: string | null;
  periodEnd: number | null;
}

export type PaidOutcome = 'granted' | 'already_granted' | 'parked' | 'amount_mismatch';
export type FailedOutcome =
  'grace_started' | 'grace_running' | 'first_payment_failed' | 'reader_unknown' | 'already_recorded' | 'subscription_ended';

/**
 * Memberships that renew (issue 59, docs/PAYMENTS.md "Renewals"), provider by provider the same:
 * Stripe's webhook and the sandbox call these inside their own transaction (with the provider event
 * recorded once in it). Time only ever comes from the order ledger: each paid invoice is an order
 * (its provider transaction: the invoice, unique) completed once, granting its plan's months; a
 * failed renewal grants a grace period (its own grant, source `grace`, never a period);
 * the end of a subscription takes a running grace back and nothing else. Every change of one
 * subscription first takes its row lock, so events racing for it apply one after the other.
 */
export function createSubscriptionLedger(deps: SubscriptionLedgerDeps) {
  const { ledger, membership } = deps;
  const now = deps.now ?? Date.now;

  const ensure = (trx: DbExecutor, sub: SubscriptionRef, status: SubscriptionRow['status']) =>
    repo.ensureAndLockSubscription(trx, {
      provider: sub.provider,
      provider_ref: sub.ref,
      user_id: sub.userId ?? null,
      plan: sub.plan,
      status,
      cancel_at_period_end: 0,
      current_period_end: null,
      customer_ref: sub.customer ?? null,
      created_at: now(),
      updated_at: now(),
    });

  /** Records an invoice of the subscription once, in the state it arrived in; whether it was new. */
  const recordInvoice = (
    trx: DbExecutor,
    sub: SubscriptionRef,
    subscriptionId: number,
    invoice: SubscriptionInvoice,
    status: 'parked' | 'failed',
  ) =>
    repo.recordInvoiceOnce(trx, {
      provider: sub.provider,
      invoice_ref: invoice.ref,
      subscription_id: subscriptionId,
      status,
      amount: invoice.amount,
      currency: invoice.currency,
      payment_ref: invoice.paymentRef,
      order_id: null,
      billing_reason: invoice.billingReason,
      created_at: now(),
      updated_at: now(),
    });

  /** Completes one paid invoice of a known reader's subscription as an order, once. */
  async function grantInvoice(trx: DbExecutor, row: SubscriptionRow, invoice: SubscriptionInvoice): Promise<PaidOutcome> {
    const userId = row.user_id!;
    const plan = PLANS[row.plan];
    if (invoice.amount !== plan.amountFen || invoice.currency !== PLAN_CURRENCY) {
      const detail = { invoice: invoice.ref, subscription: row.provider_ref, amount: invoice.amount, currency: invoice.currency };
      const expected = { expected_amount: plan.amountFen, expected_currency: PLAN_CURRENCY, user_id: userId };
      await recordIncident(
        trx,
        { provider: row.provider, reference: invoice.ref, kind: 'amount_mismatch', plan: row.plan, detail: { ...detail, ...expected } },
        now(),
      );
      await repo.setInvoiceState(trx, row.provider, invoice.ref, { status: 'incident' }, now());
      return 'amount_mismatch';
    }
    // A renewal paid while its grace ran (the card fixed, a retry that worked): the grace is taken
    // back and the period paid for starts where the membership would have ended, not now, so the
    // grace days are part of the paid period rather than a gift on top of it.
    let grantFrom: number | undefined;
    if (row.grace_ref !== null) {
      const graceStillRan = row.grace_until !== null && row.grace_until > now();
      await membership.revokeWithin(trx, GRACE_SOURCE, row.grace_ref);
      if (graceStillRan) grantFrom = (await membership.endWithin(trx, userId)) ?? undefined;
    }
    await orders.insertOrderUnlessTxnExists(trx, {
      order_id: newOrderId(now()),
      user_id: userId,
      provider: row.provider,
      plan: row.plan,
      months: plan.months,
      amount_fen: invoice.amount,
      currency: invoice.currency,
      status: 'pending',
      provider_txn_id: invoice.ref,
      provider_payment_id: invoice.paymentRef,
      created_at: now(),
      paid_at: null,
      expires_at: now(),
      settled_at: null,
      refunded_at: null,
      subscription_id: row.id,
    });
    const order = await orders.findOrderByTxn(trx, row.provider, invoice.ref);
    if (!order) throw new Error(`the order of invoice ${invoice.ref} vanished`);
    const granted = await ledger.completeWithin(trx, order.order_id, {
      txnId: invoice.ref,
      amountFen: order.amount_fen,
      paymentId: invoice.paymentRef,
      ...(grantFrom === undefined ? {} : { grantFrom }),
    });
    if (invoice.paymentRef !== null) await orders.fillPaymentId(trx, order.order_id, invoice.paymentRef);
    await repo.setInvoiceState(trx, row.provider, invoice.ref, { status: 'paid', order_id: order.order_id }, now());
    await repo.updateSubscription(
      trx,
      row.id,
      {
        status: row.status === 'canceled' ? 'canceled' : 'active',
        grace_ref: null,
        grace_until: null,
        ...(invoice.periodEnd === null ? {} : { current_period_end: invoice.periodEnd }),
      },
      now(),
    );
    return granted ? 'granted' : 'already_granted';
  }

  /**
   * An invoice was paid. Known reader: the order is completed (its months granted once, however
   * often the invoice arrives, by whichever event). Reader not known yet (Stripe's `invoice.paid`
   * may arrive before the checkout session that names the reader): the invoice waits, `parked`,
   * and attachReaderWithin grants it.
   */
  async function invoicePaidWithin(trx: DbExecutor, sub: SubscriptionRef, invoice: SubscriptionInvoice): Promise<PaidOutcome> {
    const row = await ensure(trx, sub, sub.userId ? 'active' : 'incomplete');
    await recordInvoice(trx, sub, row.id, invoice, 'parked');
    const known = await repo.findInvoice(trx, sub.provider, invoice.ref);
    if (known?.status === 'paid') {
      // The checkout completed it first, before Stripe said which payment paid it: a refund finds it by that.
      if (known.order_id !== null && invoice.paymentRef !== null) await orders.fillPaymentId(trx, known.order_id, invoice.paymentRef);
      return 'already_granted';
    }
    if (known?.status === 'failed')
      await repo.setInvoiceState(
        trx,
        sub.provider,
        invoice.ref,
        { status: 'parked', amount: invoice.amount, payment_ref: invoice.paymentRef },
        now(),
      );
    if (row.user_id === null) return 'parked';
    return grantInvoice(trx, row, invoice);
  }

  /**
   * The checkout that started the subscription names its reader: the subscription is theirs, and
   * every invoice that arrived before (parked) is granted now, oldest first.
   */
  async function attachReaderWithin(trx: DbExecutor, sub: SubscriptionRef & { userId: number }): Promise<SubscriptionRow> {
    const row = await ensure(trx, sub, 'active');
    if (row.user_id === null) {
      await repo.updateSubscription(
        trx,
        row.id,
        {
          user_id: sub.userId,
          // The checkout's link decides what was sold; an invoice that came first only guessed it from its amount.
          plan: sub.plan,
          status: row.status === 'incomplete' ? 'active' : row.status,
          customer_ref: row.customer_ref ?? sub.customer ?? null,
        },
        now(),
      );
    }
    const attached = {
      ...row,
      user_id: row.user_id ?? sub.userId,
      plan: row.user_id === null ? sub.plan : row.plan,
      status: row.status === 'incomplete' ? ('active' as const) : row.status,
    };
    for (const parked of await repo.parkedInvoices(trx, row.id)) {
      const invoice = {
        ref: parked.invoice_ref,
        amount: Number(parked.amount),
        currency: parked.currency,
        paymentRef: parked.payment_ref,
        billingReason: parked.billing_reason,
        periodEnd: null,
      };
      await grantInvoice(trx, (await repo.lockSubscription(trx, row.provider, row.provider_ref)) ?? attached, invoice);
    }
    return (await repo.findSubscription(trx, row.provider, row.provider_ref)) ?? attached;
  }

  /**
   * A renewal failed. The first failure of an invoice starts a grace period: the reader keeps
   * reading for the operator's days (a grant of its own, from the current end) while the provider
   * retries; a retry that works converts it (grantInvoice), the subscription's end takes it back.
   * Never a period: only a paid invoice grants one. A failed first payment gives nothing.
   */
  async function invoiceFailedWithin(trx: DbExecutor, sub: SubscriptionRef, invoice: SubscriptionInvoice): Promise<FailedOutcome> {
    const row = await ensure(trx, sub, sub.userId ? 'active' : 'incomplete');
    const isNew = await recordInvoice(trx, sub, row.id, invoice, 'failed');
    if (!isNew) return 'already_recorded';
    if (row.user_id === null) return 'reader_unknown';
    if (invoice.billingReason === 'subscription_create') return 'first_payment_failed';
    // An ended subscription renews no more: a late failure notice grants no grace (never a day more).
    if (row.status === 'canceled') return 'subscription_ended';
    if (row.grace_ref !== null) return 'grace_running';
    const days = await deps.graceDays(trx);
    const change = await membership.grantWithin(trx, {
      userId: row.user_id,
      length: { days },
      source: GRACE_SOURCE,
      sourceRef: invoice.ref,
      note: `grace after the failed renewal ${invoice.ref}`,
    });
    const graceUntil = change?.memberUntil ?? now();
    const failed = { userId: row.user_id, months: PLANS[row.plan].months, amountFen: invoice.amount, currency: invoice.currency };
    await queueRenewalFailedNotice(trx, deps.domainEvents, { ...failed, graceUntil, renewalUrl: deps.renewalUrl }, now());
    await repo.updateSubscription(trx, row.id, { status: 'past_due', grace_ref: invoice.ref, grace_until: graceUntil }, now());
    return 'grace_started';
  }

  /**
   * The provider's view of the subscription changed (renewal stopped or resumed, period moved, plan
   * changed). Applied only when newer than the last state applied: a late, older event is ignored.
   */
  async function stateChangedWithin(
    trx: DbExecutor,
    sub: Pick<SubscriptionRef, 'provider' | 'ref' | 'customer'>,
    state: {
      at: number;
      cancelAtPeriodEnd: boolean;
      currentPeriodEnd: number | null;
      status: SubscriptionRow['status'] | null;
      plan: PlanId | null;
      reason?: string | null;
    },
  ): Promise<'applied' | 'stale' | 'unknown'> {
    // Not one we sold (another product on the same account), or its invoice is still on its way:
    // the invoice and the checkout make the row, with the state a new subscription has.
    const row = await repo.lockSubscription(trx, sub.provider, sub.ref);
    if (!row) return 'unknown';
    if (state.at < row.last_event_at) return 'stale';
    const status =
      state.status === null || row.status === 'canceled'
        ? row.status
        : row.user_id === null && state.status === 'active'
          ? 'incomplete'
          : state.status;
    await repo.updateSubscription(
      trx,
      row.id,
      {
        cancel_at_period_end: state.cancelAtPeriodEnd ? 1 : 0,
        ...(state.currentPeriodEnd === null ? {} : { current_period_end: state.currentPeriodEnd }),
        status,
        ...(state.plan === null ? {} : { plan: state.plan }),
        ...(state.cancelAtPeriodEnd ? (state.reason === undefined ? {} : { cancel_reason: state.reason }) : { cancel_reason: null }),
        ...(sub.customer ? { customer_ref: sub.customer } : {}),
        last_event_at: state.at,
      },
      now(),
    );
    return 'applied';
  }

  /**
   * The subscription ended (cancelled at its period's end, its retries exhausted, ended by the
   * console). The reader keeps exactly the time paid for: the ledger's grants stand, a running
   * grace period is taken back (no day more), nothing else changes (no day less).
   */
  async function endedWithin(
    trx: DbExecutor,
    sub: Pick<SubscriptionRef, 'provider' | 'ref'>,
    at: number,
  ): Promise<'ended' | 'already_ended' | 'unknown'> {
    const row = await repo.lockSubscription(trx, sub.provider, sub.ref);
    if (!row) return 'unknown';
    if (row.status === 'canceled' && row.canceled_at !== null) return 'already_ended';
    if (row.grace_ref !== null) await membership.revokeWithin(trx, GRACE_SOURCE, row.grace_ref);
    await repo.updateSubscription(
      trx,
      row.id,
      { status: 'canceled', canceled_at: at, grace_ref: null, grace_until: null, last_event_at: Math.max(row.last_event_at, at) },
      now(),
    );
    return 'ended';
  }

  return { invoicePaidWithin, attachReaderWithin, invoiceFailedWithin, stateChangedWithin, endedWithin };
}

export type SubscriptionLedger = ReturnType<typeof createSubscriptionLedger>;
