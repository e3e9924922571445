import { randomBytes } from 'node:crypto';
import { ErrorCode, PLAN_CURRENCY, PLANS, type WechatContract } from '@inkstream/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import { acquireLease } from '../../../db/lease.js';
import { leasedTimer } from '../../../db/leased-timer.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import type { MembershipService } from '../../membership/membership.service.js';
import { newOrderId } from '../order-id.js';
import { raiseOrderEnded } from '../order-events.js';
import { recordEventOnce, recordIncident } from '../payment-incidents.repository.js';
import * as orders from '../payments.repository.js';
import type { OrderRow } from '../order-ledger.js';
import type { SubscriptionLedger } from '../subscriptions/subscription-ledger.js';
import * as repo from '../subscriptions/subscriptions.repository.js';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repository.js';
import { isDefinitiveRefusal, type PapayClient } from './papay-client.js';
import { loadOnFirstUse } from '../../../lib/load-on-first-use.js';

const qrcode = loadOnFirstUse<typeof import('qrcode')>('qrcode');
import type { WechatContractResource as ContractResource, WechatTransaction } from './wechat-transaction.js';

export interface WechatContractsDeps {
  db: Db;
  domainEvents: DomainEvents;
  subscriptions: SubscriptionLedger;
  membership: MembershipService;
  client: PapayClient;
  /** The contract template of each plan (WECHATPAY_PAPAY_PLAN_ID_MONTH / _SEASON). */
  planIds: Readonly<Record<'month' | 'season', number>>;
  /** The operator's switch (site setting renewing_memberships): no new contract while off. */
  renewingOn: () => Promise<boolean>;
  log: FastifyBaseLogger;
  now?: () => number;
}

/** WeChat's rule: the payer is told of a deduction (预扣费通知) before it; we tell three days before the end. */
export const NOTICE_BEFORE_END_MS = 3 * 86_400_000;
/** The deduction is asked for a day before the membership would end, so a success leaves no gap. */
export const DEDUCT_BEFORE_END_MS = 86_400_000;
/** A failed renewal is tried again once a day while its grace runs; an unanswered request after an hour. */
export const RETRY_FAILED_AFTER_MS = 86_400_000;
export const RETRY_UNANSWERED_AFTER_MS = 3_600_000;
/** How often one node walks the running contracts (every step waits for its day or hour, so this only bounds the delay). */
const TICK_INTERVAL_MS = 5 * 60_000;
const LEASE_NAME = 'wechat-contracts';

const notOffered = () => notFound(ErrorCode.PAYMENT_UNAVAILABLE, 'Renewing memberships are not sold with WeChat Pay here');
const running = () =>
  new AppError(ErrorCode.SUBSCRIPTION_RUNNING, 409, 'Your membership already renews; cancel that renewal before you start another');
const providerFailed = () =>
  new AppError(ErrorCode.SUBSCRIPTION_PROVIDER_FAILED, 502, 'WeChat Pay did not answer; nothing changed, please try again');

/**
 * WeChat Pay contract deduction (委托代扣 / papay, issue 59, docs/PAYMENTS.md "Renewals on WeChat Pay").
 * A reader signs a contract on WeChat's QR page; from then on WeChat never charges by itself: we
 * tell the payer before each period ends and ask for the deduction (the `tick` of a job, one node
 * at a time), and WeChat's notification of its result is the only thing that grants or fails.
 * Every deduction is an order of ours (out_trade_no), completed once through the same subscription
 * ledger as Stripe's invoices (its invoice reference: the order id), so receipts, refunds and the
 * access rule see a renewal as any payment. Network calls never hold a transaction.
 */
export function createWechatContracts(deps: WechatContractsDeps) {
  const { db, domainEvents, subscriptions, membership, client, log } = deps;
  const now = deps.now ?? Date.now;
  const subRef = (row: SubscriptionRow) => ({ provider: 'wechat' as const, ref: row.provider_ref, plan: row.plan, userId: row.user_id });

  function view(row: SubscriptionRow, signUrl: string | null, qrCode: string | null = null): WechatContract {
    const state =
      row.status === 'canceled'
        ? // Never a period paid (each paid deduction sets the period's end): its first charge failed.
          row.current_period_end === null
          ? 'failed'
          : 'ended'
        : row.status === 'incomplete'
          ? row.customer_ref === null
            ? 'waiting'
            : 'signed'
          : 'active';
    return {
      contract_code: row.provider_ref,
      state,
      plan: row.plan,
      price: PLANS[row.plan].amountFen,
      currency: PLAN_CURRENCY,
      sign_url: signUrl,
      qr_code: qrCode,
    };
  }

  /** POST /payment/wechat/contract: a new contract to sign, its WeChat page shown as a QR code. */
  async function start(userId: number, plan: 'month' | 'season', deviceIp: string): Promise<WechatContract> {
    if (!(await deps.renewingOn())) throw notOffered();
    const current = await repo.subscriptionOfReader(db, userId);
    if (current && current.status !== 'canceled') throw running();
    const code = `ctr${randomBytes(12).toString('hex')}`;
    const row = await domainEvents.transact((trx) =>
      repo.startIncompleteSubscription(trx, { provider: 'wechat', ref: code, userId, plan, now: now() }),
    );
    try {
      const signed = await client.preSign({
        planId: deps.planIds[plan],
        outContractCode: code,
        displayAccount: `Inkstream #${userId}`,
        outUserCode: `reader-${userId}`,
        deviceIp,
      });
      return view(row, signed.signUrl, await qrcode().toDataURL(signed.signUrl, { margin: 1, width: 256 }));
    } catch (error) {
      log.warn({ err: error, contract: code }, 'WeChat Pay pre-signing failed');
      throw providerFailed();
    }
  }

  /** GET /payment/wechat/contract/{code}: where the reader's own signing stands (the QR page polls it). */
  async function state(userId: number, code: string): Promise<WechatContract> {
    const row = await repo.findSubscription(db, 'wechat', code);
    if (!row || row.user_id !== userId) throw notFound(ErrorCode.SUBSCRIPTION_NOT_FOUND, 'No such contract of yours');
    return view(row, null);
  }

  /**
   * PAPAY.SIGN: the payer signed. The contract id is kept and the first period is charged at
   * once (the reader just agreed to pay it; no notice is due). A repeated notification changes nothing.
   * Returns false when the contract is not ours to apply (the caller rejects it, WeChat retries).
   */
  async function signed(eventId: string, contract: ContractResource): Promise<'applied' | 'unknown' | 'wrong_plan'> {
    const outcome = await domainEvents.transact(async (trx) => {
      const row = await repo.lockSubscription(trx, 'wechat', contract.out_contract_code);
      if (!row) return 'unknown' as const;
      if (contract.plan_id !== deps.planIds[row.plan]) return 'wrong_plan' as const;
      const info = { eventType: 'PAPAY.SIGN', summary: `contract ${contract.contract_id} signed for ${row.provider_ref}` };
      if (!(await recordEventOnce(trx, 'wechat', eventId, now(), info))) return 'applied' as const;
      if (row.customer_ref === null && row.status === 'incomplete') {
        await repo.updateSubscription(trx, row.id, { customer_ref: contract.contract_id }, now());
      }
      return 'applied' as const;
    });
    if (outcome === 'applied') await deduct(contract.out_contract_code);
    return outcome;
  }

  /**
   * PAPAY.TERMINATE: the contract ended (the payer in WeChat, or our own termination). No deduction
   * follows; the subscription ends now, the paid time stands and a running grace goes.
   */
  async function terminated(eventId: string, contract: ContractResource): Promise<'applied' | 'unknown'> {
    return domainEvents.transact(async (trx) => {
      const row = await repo.lockSubscription(trx, 'wechat', contract.out_contract_code);
      if (!row) return 'unknown' as const;
      const info = { eventType: 'PAPAY.TERMINATE', summary: `contract ${contract.contract_id} terminated` };
      if (!(await recordEventOnce(trx, 'wechat', eventId, now(), info))) return 'applied' as const;
      await subscriptions.endedWithin(trx, { provider: 'wechat', ref: row.provider_ref }, now());
      return 'applied' as const;
    });
  }

  /**
   * Asks WeChat for the next period of a signed contract: one order per period (a request not
   * answered yet is asked again under the same out_trade_no, which WeChat charges once).
   */
  async function deduct(code: string): Promise<'asked' | 'failed' | 'unanswered' | 'skipped'> {
    const request = await domainEvents.transact(async (trx) => {
      const row = await repo.lockSubscription(trx, 'wechat', code);
      if (!row || row.status === 'canceled' || row.customer_ref === null || row.user_id === null) return null;
      const plan = PLANS[row.plan];
      let order = await repo.pendingOrderOf(trx, row.id);
      if (!order) {
        const orderId = newOrderId(now());
        await orders.insertOrderUnlessTxnExists(trx, {
          order_id: orderId,
          user_id: row.user_id,
          provider: 'wechat',
          plan: row.plan,
          months: plan.months,
          amount_fen: plan.amountFen,
          currency: PLAN_CURRENCY,
          status: 'pending',
          // The order is its own invoice (subscription-ledger grantInvoice finds it by this).
          provider_txn_id: orderId,
          provider_payment_id: null,
          created_at: now(),
          paid_at: null,
          expires_at: now() + 2 * 86_400_000,
          settled_at: null,
          refunded_at: null,
          subscription_id: row.id,
        });
        order = await orders.findOrder(trx, orderId);
      }
      await repo.updateSubscription(trx, row.id, { attempted_at: now() }, now());
      return { row, order: order! };
    });
    if (!request) return 'skipped';
    const { row, order } = request;
    try {
      await client.applyDeduction({
        outTradeNo: order.order_id,
        description: `Inkstream ${row.plan === 'month' ? '月卡' : '季卡'} membership`,
        contractId: row.customer_ref!,
        amountFen: Number(order.amount_fen),
      });
      return 'asked';
    } catch (error) {
      if (isDefinitiveRefusal(error)) {
        await deductionFailed(`refused-${order.order_id}`, order as OrderRow, (error as Error).message);
        return 'failed';
      }
      log.warn({ err: error, orderId: order.order_id }, 'WeChat Pay deduction not answered; asked again later');
      return 'unanswered';
    }
  }

  /** A deduction's result (a verified transaction notification of an order with a subscription). */
  async function deductionResult(eventId: string, order: OrderRow, transaction: WechatTransaction): Promise<void> {
    if (transaction.trade_state === 'SUCCESS') return deductionPaid(eventId, order, transaction);
    if (transaction.trade_state === 'PAYERROR' || transaction.trade_state === 'CLOSED') {
      return deductionFailed(eventId, order, transaction.trade_state);
    }
  }

  async function deductionPaid(eventId: string, order: OrderRow, transaction: WechatTransaction): Promise<void> {
    await domainEvents.transact(async (trx) => {
      const info = { orderId: order.order_id, eventType: 'TRANSACTION.SUCCESS', summary: `deduction ${transaction.transaction_id}` };
      if (!(await recordEventOnce(trx, 'wechat', eventId, now(), info))) return;
      const row = await repo.findSubscriptionById(trx, order.subscription_id!);
      if (!row || row.user_id === null) throw new Error(`the contract of order ${order.order_id} vanished`);
      const first = row.status === 'incomplete';
      const outcome = await subscriptions.invoicePaidWithin(trx, subRef(row), {
        ref: order.order_id,
        amount: transaction.amount_total ?? -1,
        currency: PLAN_CURRENCY,
        paymentRef: transaction.transaction_id,
        billingReason: first ? 'subscription_create' : 'subscription_cycle',
        periodEnd: null,
      });
      // The next deduction is due where the membership now ends (other time bought counts too).
      const end = await membership.endWithin(trx, row.user_id);
      if (end !== null) await repo.updateSubscription(trx, row.id, { current_period_end: end }, now());
      log.info({ orderId: order.order_id, outcome }, 'WeChat Pay deduction paid');
    });
  }

  async function deductionFailed(eventId: string, order: OrderRow, why: string): Promise<void> {
    const ended = await domainEvents.transact(async (trx) => {
      const info = { orderId: order.order_id, eventType: 'TRANSACTION.FAIL', summary: `deduction failed: ${why.slice(0, 200)}` };
      if (!(await recordEventOnce(trx, 'wechat', eventId, now(), info))) return null;
      await raiseOrderEnded(domainEvents, trx, order.order_id, await orders.settleUnpaid(trx, order.order_id, 'failed', now()), 'failed');
      const row = await repo.lockSubscription(trx, 'wechat', (await repo.findSubscriptionById(trx, order.subscription_id!))!.provider_ref);
      if (!row || row.user_id === null) return null;
      const first = row.status === 'incomplete';
      const outcome = await subscriptions.invoiceFailedWithin(trx, subRef(row), {
        ref: order.order_id,
        amount: Number(order.amount_fen),
        currency: PLAN_CURRENCY,
        paymentRef: null,
        billingReason: first ? 'subscription_create' : 'subscription_cycle',
        periodEnd: null,
      });
      log.info({ orderId: order.order_id, outcome }, 'WeChat Pay deduction failed');
      if (outcome !== 'first_payment_failed') return null;
      // The first charge failed: nothing was granted; the contract ends so nothing is charged later.
      await subscriptions.endedWithin(trx, subRef(row), now());
      return row;
    });
    if (ended) await terminate(ended, 'first payment failed');
  }

  /** Ends the contract at WeChat (no deduction can follow); a failure is logged and tried again by the job. */
  async function terminate(row: SubscriptionRow, remark: string): Promise<boolean> {
    try {
      await client.terminate(deps.planIds[row.plan], row.provider_ref, remark);
      return true;
    } catch (error) {
      log.warn({ err: error, contract: row.provider_ref }, 'WeChat Pay contract termination failed; tried again later');
      return false;
    }
  }

  /**
   * One pass of the deduction job over the running contracts: announce, deduct, retry, end.
   * Returns what it did, for tests and logs.
   */
  async function tick(): Promise<Record<string, number>> {
    const done: Record<string, number> = {};
    const count = (what: string) => (done[what] = (done[what] ?? 0) + 1);
    let afterId = 0;
    for (;;) {
      const page = await repo.runningSubscriptions(db, 'wechat', afterId, 200);
      if (page.length === 0) break;
      afterId = page[page.length - 1]!.id;
      for (const row of page) {
        try {
          const step = await next(row);
          if (step) count(step);
        } catch (error) {
          count('error');
          log.error({ err: error, contract: row.provider_ref }, 'WeChat Pay contract renewal step failed');
        }
      }
    }
    return done;
  }

  async function next(row: SubscriptionRow): Promise<string | null> {
    if (row.user_id === null || row.customer_ref === null) return null;
    const end = (await membership.endWithin(db, row.user_id)) ?? now();
    const ending = row.cancel_at_period_end === 1 ? end <= now() : row.status === 'past_due' && (row.grace_until ?? 0) <= now();
    if (ending) {
      // Renewal stopped and the paid time over, or the grace ran out without a payment: the
      // contract is ended at WeChat first (so nothing is charged later), then here.
      if (!(await terminate(row, row.cancel_at_period_end === 1 ? 'renewal cancelled' : 'renewal payment failed')))
        return 'termination_failed';
      await domainEvents.transact((trx) => subscriptions.endedWithin(trx, subRef(row), now()));
      return 'ended';
    }
    if (row.cancel_at_period_end === 1) return null;
    const pending = await repo.pendingOrderOf(db, row.id);
    const lastTry = row.attempted_at ?? 0;
    if (pending) {
      if (now() - lastTry < RETRY_UNANSWERED_AFTER_MS) return null;
      if (now() - Number(pending.created_at) > 2 * 86_400_000) {
        // Asked two days ago and still no answer: a human looks (never a second charge for the period).
        await recordIncident(
          db,
          {
            provider: 'wechat',
            reference: pending.order_id,
            kind: 'deduction_unanswered',
            plan: row.plan,
            detail: { contract: row.provider_ref },
          },
          now(),
        );
        return 'unanswered';
      }
      return `deduct_${await deduct(row.provider_ref)}`;
    }
    if (row.status === 'past_due') {
      return now() - lastTry >= RETRY_FAILED_AFTER_MS ? `retry_${await deduct(row.provider_ref)}` : null;
    }
    if (end - now() > NOTICE_BEFORE_END_MS) return null;
    if (row.notice_for !== end) {
      await client.announceDeduction(row.customer_ref, PLANS[row.plan].amountFen);
      await repo.updateSubscription(db, row.id, { notice_for: end }, now());
      return 'announced';
    }
    if (end - now() > DEDUCT_BEFORE_END_MS) return null;
    return `deduct_${await deduct(row.provider_ref)}`;
  }

  /** Ends the contract `code` at WeChat (an account's erasure); whether WeChat confirmed it. */
  async function terminateContract(code: string): Promise<boolean> {
    const row = await repo.findSubscription(db, 'wechat', code);
    return row ? terminate(row, 'account erased') : false;
  }

  // The job: one node at a time (a lease in app_state), every TICK_INTERVAL_MS.
  const job = leasedTimer({
    db,
    name: LEASE_NAME,
    intervalMs: TICK_INTERVAL_MS,
    run: async (owner) => {
      if (!(await acquireLease(db, LEASE_NAME, owner, TICK_INTERVAL_MS * 3, now()))) return;
      const done = await tick();
      if (Object.keys(done).length > 0) log.info(done, 'WeChat Pay contract renewals');
    },
    onError: (error) => log.error({ err: error }, 'WeChat Pay contract renewal run failed'),
  });

  return { start, state, signed, terminated, deduct, deductionResult, tick, terminateContract, startJob: job.start, stopJob: job.stop };
}

export type WechatContracts = ReturnType<typeof createWechatContracts>;
