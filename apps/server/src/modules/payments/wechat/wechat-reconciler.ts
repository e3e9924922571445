import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import { acquireLease } from '../../../db/lease.js';
import { leasedTimer } from '../../../db/leased-timer.js';
import { AmountMismatchError, type OrderLedger, type OrderRow } from '../order-ledger.js';
import { recordEventOnce, recordIncident } from '../payment-incidents.repository.js';
import { WECHATPAY_DEFAULT_RECONCILE_INTERVAL_MS, type WechatPayConfig } from '../payments-config.js';
import * as repo from '../payments.repository.js';
import { raiseOrderEnded } from '../order-events.js';
import type { WechatPayClient } from './wechat-pay-client.js';

/** An order younger than this is left to the notification, which usually arrives within seconds. */
export const RECONCILE_AFTER_MS = 60_000;
const ORDERS_PER_RUN = 100;
const LEASE_NAME = 'wechat-reconciler';

export type ReconcileOutcome = 'paid' | 'closed' | 'failed' | 'waiting' | 'error';

export interface WechatReconcilerDeps {
  db: Db;
  domainEvents: DomainEvents;
  /** Each order's outcome and each completed pass (metrics). */
  metrics?: { outcome(outcome: ReconcileOutcome): void; passCompleted(atMs: number): void } | null;
  ledger: OrderLedger;
  client: WechatPayClient;
  config: Pick<WechatPayConfig, 'appId' | 'mchId'> & Partial<Pick<WechatPayConfig, 'reconcileIntervalMs'>>;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * Asks WeChat Pay about orders still unsettled after a minute: notifications can be lost, and a
 * payer may pay after the web app stopped waiting. SUCCESS grants (through the same ledger as
 * notifications), an expired unpaid order is closed at WeChat so it can no longer be paid, a
 * closed or failed one is settled. One node runs it at a time (a lease in app_state).
 */
export function createWechatReconciler(deps: WechatReconcilerDeps) {
  const { db, domainEvents, ledger, client, config, log } = deps;
  const now = deps.now ?? Date.now;
  const settle = async (orderId: string, status: 'failed' | 'expired') =>
    raiseOrderEnded(domainEvents, db, orderId, await repo.settleUnpaid(db, orderId, status, now()), status);
  const intervalMs = config.reconcileIntervalMs ?? WECHATPAY_DEFAULT_RECONCILE_INTERVAL_MS;
  const timer = leasedTimer({
    db,
    name: LEASE_NAME,
    intervalMs,
    run: () => runOnce(),
    onError: (error) => log.error({ err: error }, 'WeChat Pay reconciliation run failed'),
  });
  const owner = timer.owner;

  async function reconcile(order: OrderRow): Promise<ReconcileOutcome> {
    const transaction = await client.queryOrder(order.order_id);
    if (transaction === null) {
      // WeChat never registered it: nobody can pay it. Settle once it could no longer be paid anyway.
      if (now() < order.expires_at) return 'waiting';
      await settle(order.order_id, 'failed');
      return 'failed';
    }
    if (transaction.mchid !== config.mchId || transaction.appid !== config.appId) {
      log.error({ orderId: order.order_id }, 'WeChat Pay answered for another merchant or app');
      return 'error';
    }
    switch (transaction.trade_state) {
      case 'SUCCESS':
        return (await complete(order, transaction.transaction_id, transaction.amount_total)) ? 'paid' : 'error';
      case 'NOTPAY':
      case 'USERPAYING':
        if (now() < order.expires_at) return 'waiting';
        if ((await client.closeOrder(order.order_id)) === 'paid') return 'waiting'; // the next query sees SUCCESS
        await settle(order.order_id, 'expired');
        return 'closed';
      case 'CLOSED':
      case 'REVOKED':
        await settle(order.order_id, 'expired');
        return 'closed';
      case 'PAYERROR':
        await settle(order.order_id, 'failed');
        return 'failed';
      default:
        // REFUND before we saw the payment, or a state WeChat adds later: a human looks.
        await recordIncident(
          db,
          {
            provider: 'wechat',
            reference: order.order_id,
            kind: 'unexpected_state',
            plan: order.plan,
            detail: { trade_state: transaction.trade_state },
          },
          now(),
        );
        await settle(order.order_id, 'failed');
        return 'failed';
    }
  }

  async function complete(order: OrderRow, transactionId: string | null, amount: number | null): Promise<boolean> {
    if (!transactionId || amount === null) return false;
    try {
      await domainEvents.transact(async (trx) => {
        const info = {
          orderId: order.order_id,
          eventType: 'reconcile.paid',
          summary: `query: SUCCESS, ${amount} fen, transaction ${transactionId}`,
        };
        await recordEventOnce(trx, 'wechat', `reconcile:${order.order_id}:paid`, now(), info);
        return ledger.completeWithin(trx, order.order_id, { txnId: transactionId, amountFen: amount });
      });
      log.info({ orderId: order.order_id }, 'WeChat Pay order paid (found by reconciliation)');
      return true;
    } catch (error) {
      if (!(error instanceof AmountMismatchError)) throw error;
      const detail = { transaction_id: transactionId, amount, expected: order.amount_fen };
      await recordIncident(db, { provider: 'wechat', reference: order.order_id, kind: 'amount_mismatch', plan: order.plan, detail }, now());
      await settle(order.order_id, 'failed');
      log.error({ orderId: order.order_id, ...detail }, 'WeChat Pay amount mismatch kept for an admin');
      return false;
    }
  }

  /** One pass; returns what happened to each order it looked at (empty when another node holds the lease). */
  async function runOnce(): Promise<Map<string, ReconcileOutcome>> {
    const outcomes = new Map<string, ReconcileOutcome>();
    if (!(await acquireLease(db, LEASE_NAME, owner, intervalMs * 3, now()))) return outcomes;
    for (const order of await repo.unsettledOrders(db, 'wechat', now() - RECONCILE_AFTER_MS, ORDERS_PER_RUN)) {
      try {
        const outcome = await reconcile(order);
        outcomes.set(order.order_id, outcome);
        deps.metrics?.outcome(outcome);
        if (outcome === 'closed' || outcome === 'failed') {
          const info = { orderId: order.order_id, eventType: `reconcile.${outcome}`, summary: `settled as ${outcome} by reconciliation` };
          await recordEventOnce(db, 'wechat', `reconcile:${order.order_id}:${outcome}`, now(), info);
        }
      } catch (error) {
        outcomes.set(order.order_id, 'error');
        deps.metrics?.outcome('error');
        log.warn({ orderId: order.order_id, err: error }, 'WeChat Pay reconciliation failed for an order; retrying next run');
      }
    }
    deps.metrics?.passCompleted(now());
    return outcomes;
  }

  return { runOnce, start: timer.start, stop: timer.stop };
}

export type WechatReconciler = ReturnType<typeof createWechatReconciler>;
