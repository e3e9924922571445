import { ErrorCode, PLAN_CURRENCY, PLANS, type RenewalOffer, type Subscription } from '@inkstream/contracts';
import { latestOneTimePlanOf } from '../payments.repository.js';
import { recordIncident } from '../payment-incidents.repository.js';
import type { Db, DbExecutor } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { DAY_MS, toIso } from '../../../lib/time.js';
import type { MembershipService } from '../../membership/membership.service.js';
import type { StripeBilling } from '../stripe/stripe-billing-client.js';
import * as repo from './subscriptions.repository.js';
import type { SubscriptionRow } from './subscriptions.repository.js';

export interface SubscriptionsServiceDeps {
  db: Db;
  domainEvents: DomainEvents;
  membership: MembershipService;
  /** Stripe's API for renewals (null without renewing links: no Stripe subscription can exist). */
  stripeBilling: StripeBilling | null;
  /** Where Stripe's customer portal sends the reader back. */
  profileUrl: string;
  /** Ends a WeChat deduction contract at WeChat (wechat-contracts.ts); null without contract deduction. */
  terminateWechatContract?: ((code: string) => Promise<boolean>) | null;
  now?: () => number;
}

/** A one-time member is offered their plan again this many days before it ends (the reminder goes at three). */
export const RENEWAL_OFFER_DAYS = 7;

const noSubscription = () => notFound(ErrorCode.SUBSCRIPTION_NOT_FOUND, 'You have no renewing membership');
const ended = () => new AppError(ErrorCode.SUBSCRIPTION_ENDED, 409, 'This renewing membership has ended; buy a new one instead');
const providerFailed = () =>
  new AppError(
    ErrorCode.SUBSCRIPTION_PROVIDER_FAILED,
    502,
    'The payment provider did not make the change; nothing changed, please try again',
  );

/**
 * The next renewal of a reader's renewing membership, null when none is due (no subscription, its
 * renewal stopped, past due or ended): the reminder says "renews" instead of "top up" (notices/reminders.ts).
 */
export async function renewalTermsOf(executor: DbExecutor, userId: number) {
  const row = await repo.subscriptionOfReader(executor, userId);
  if (!row || row.status !== 'active' || row.cancel_at_period_end === 1) return null;
  return { months: PLANS[row.plan].months, amountFen: PLANS[row.plan].amountFen, currency: PLAN_CURRENCY };
}

/** What the profile shows of a subscription, decided here (contracts Subscription). */
export function subscriptionView(row: SubscriptionRow, membershipEnd: number | null, hasPortal: boolean): Subscription {
  const isEnded = row.status === 'canceled';
  const state = isEnded ? 'ended' : row.status === 'past_due' ? 'past_due' : row.cancel_at_period_end === 1 ? 'canceling' : 'renewing';
  const endsAt = membershipEnd === null ? null : toIso(membershipEnd);
  return {
    provider: row.provider,
    plan: row.plan,
    state,
    renews_at: state === 'renewing' ? toIso(row.current_period_end ?? membershipEnd ?? row.created_at) : null,
    ends_at: endsAt,
    grace_until: state === 'past_due' && row.grace_until !== null ? toIso(row.grace_until) : null,
    price: PLANS[row.plan].amountFen,
    currency: PLAN_CURRENCY,
    can_cancel: state === 'renewing' || state === 'past_due',
    can_resume: state === 'canceling',
    can_manage_payment: !isEnded && row.provider === 'stripe' && row.customer_ref !== null && hasPortal,
  };
}

/**
 * A reader's renewing membership on the profile (issue 59): what it is, cancel in one click (no
 * reason required), resume in one click, Stripe's customer portal for the card. The provider is
 * asked first (outside any transaction: a network call never holds the database); our row follows,
 * stamped with our clock so an older provider event arriving later cannot undo it.
 */
export function createSubscriptionsService(deps: SubscriptionsServiceDeps) {
  const { db, domainEvents, membership } = deps;
  const now = deps.now ?? Date.now;

  async function current(userId: number): Promise<SubscriptionRow> {
    const row = await repo.subscriptionOfReader(db, userId);
    if (!row) throw noSubscription();
    return row;
  }

  async function view(userId: number): Promise<Subscription | null> {
    const row = await repo.subscriptionOfReader(db, userId);
    if (!row) return null;
    return subscriptionView(row, await membership.endWithin(db, userId), deps.stripeBilling !== null);
  }

  /**
   * Stops or resumes the renewal of `row`: the provider first, then our row under its lock, and
   * `within` (the console's audit) in the same transaction when the row changed. Whether it changed.
   */
  async function changeRenewal(
    row: SubscriptionRow,
    cancel: boolean,
    reason: string | null,
    within?: (trx: DbExecutor, before: SubscriptionRow) => Promise<void>,
  ): Promise<boolean> {
    if (row.status === 'canceled') throw ended();
    if (row.cancel_at_period_end === (cancel ? 1 : 0)) return false;
    if (row.provider === 'stripe') {
      if (!deps.stripeBilling) throw providerFailed();
      try {
        await deps.stripeBilling.setCancelAtPeriodEnd(row.provider_ref, cancel, reason);
      } catch {
        throw providerFailed();
      }
    }
    return domainEvents.transact(async (trx) => {
      const locked = await repo.lockSubscription(trx, row.provider, row.provider_ref);
      if (!locked || locked.status === 'canceled' || locked.cancel_at_period_end === (cancel ? 1 : 0)) return false;
      const patch = {
        cancel_at_period_end: cancel ? 1 : 0,
        cancel_reason: cancel ? reason : null,
        last_event_at: Math.max(locked.last_event_at, now()),
      };
      await repo.updateSubscription(trx, locked.id, patch, now());
      await within?.(trx, locked);
      return true;
    });
  }

  async function setRenewal(userId: number, cancel: boolean, reason: string | null): Promise<Subscription | null> {
    await changeRenewal(await current(userId), cancel, reason);
    return view(userId);
  }

  async function portalUrl(userId: number): Promise<string> {
    const row = await current(userId);
    if (row.status === 'canceled') throw ended();
    if (row.provider !== 'stripe' || row.customer_ref === null || !deps.stripeBilling) throw noSubscription();
    try {
      return await deps.stripeBilling.portalUrl(row.customer_ref, deps.profileUrl);
    } catch {
      throw providerFailed();
    }
  }

  /**
   * Issue 59, where a rail cannot renew by itself (WeChat Pay without contract deduction): a one-time
   * member whose membership ends within RENEWAL_OFFER_DAYS is offered their last plan again, in one tap.
   * Not to a reader whose membership renews by itself.
   */
  async function renewalOffer(userId: number): Promise<RenewalOffer | null> {
    const end = await membership.endWithin(db, userId);
    if (end === null || end <= now() || end > now() + RENEWAL_OFFER_DAYS * DAY_MS) return null;
    if ((await renewalTermsOf(db, userId)) !== null) return null;
    const plan = await latestOneTimePlanOf(db, userId);
    return plan ? { plan, ends_at: toIso(end), price: PLANS[plan].amountFen, currency: PLAN_CURRENCY } : null;
  }

  /**
   * An account's erasure (data-rights/deletion/erasure.ts), inside its transaction: every
   * subscription ends, the reasons go; returns the ones still running at their provider
   * (`stripe:sub_…`, `wechat:ctr…`: a Stripe subscription started, a WeChat contract signed).
   */
  async function endForErasureWithin(trx: DbExecutor, userId: number): Promise<string[]> {
    const running = await repo.endForErasure(trx, userId, now());
    return running
      .filter((row) => (row.provider === 'stripe' ? row.status !== 'incomplete' : row.provider === 'wechat' && row.customer_ref !== null))
      .map((row) => `${row.provider}:${row.provider_ref}`);
  }

  /** Ends one subscription at its provider; throws when the provider refused or did not answer. */
  async function stopOne(provider: string, ref: string): Promise<void> {
    if (provider === 'stripe') {
      if (!deps.stripeBilling) throw new Error('Stripe is not configured for renewals');
      await deps.stripeBilling.cancelNow(ref);
      return;
    }
    if (!deps.terminateWechatContract || !(await deps.terminateWechatContract(ref))) {
      throw new Error('WeChat Pay did not terminate the contract');
    }
  }

  /**
   * After the erasure committed (a network call never holds the database): each provider ends its
   * subscription now (Stripe cancels it, WeChat terminates the contract). One refused or not
   * answered becomes a payment incident, so an operator ends it by hand.
   */
  async function stopAtProvider(refs: readonly string[]): Promise<void> {
    for (const tagged of refs) {
      const [provider, ref] = [tagged.slice(0, tagged.indexOf(':')), tagged.slice(tagged.indexOf(':') + 1)];
      try {
        await stopOne(provider, ref);
      } catch (error) {
        const detail = { subscription: ref, error: (error as Error).message.slice(0, 300) };
        const incident = {
          provider: provider === 'wechat' ? 'wechat' : 'stripe',
          reference: ref,
          kind: 'erased_subscription',
          plan: null,
          detail,
        };
        await domainEvents.transact((trx) => recordIncident(trx, incident, now()));
      }
    }
  }

  return {
    endForErasureWithin,
    stopAtProvider,
    view,
    renewalOffer,
    cancel: (userId: number, reason: string | null) => setRenewal(userId, true, reason),
    resume: (userId: number) => setRenewal(userId, false, null),
    portalUrl,
    /** The console's "stop renewal" of one subscription (subscriptions-admin.service.ts). */
    stopRenewal: (row: SubscriptionRow, reason: string | null, within?: (trx: DbExecutor, before: SubscriptionRow) => Promise<void>) =>
      changeRenewal(row, true, reason, within),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
