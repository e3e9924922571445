import type { NotificationMetrics } from '../../metrics/money-metrics.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import { AmountMismatchError, type OrderLedger } from '../order-ledger.js';
import { recordEventOnce, recordIncident } from '../payment-incidents.repository.js';
import type { WechatPayConfig } from '../payments-config.js';
import * as repo from '../payments.repository.js';
import { readContract, readRefund, readTransaction } from './wechat-transaction.js';
import type { WechatContracts } from './wechat-contracts.js';
import { decryptResource, verifyWechatSignature, WechatVerificationError, type SignatureHeaders } from './wechat-signing.js';

/** Answered to WeChat as `{"code":"FAIL","message":…}` with this status; WeChat then retries. */
export class NotificationRejected extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 404,
    message: string,
  ) {
    super(message);
  }
}

interface Envelope {
  id: string;
  event_type: string;
  resource: { algorithm: string; ciphertext: string; nonce: string; associated_data?: string };
}

function readEnvelope(body: string): Envelope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new NotificationRejected(400, 'The body is not JSON');
  }
  const envelope = parsed as Partial<Envelope> | null;
  const resource = envelope?.resource;
  const strings = [envelope?.id, envelope?.event_type, resource?.algorithm, resource?.ciphertext, resource?.nonce];
  if (!strings.every((value) => typeof value === 'string' && value.length > 0 && value.length <= 64 * 1024)) {
    throw new NotificationRejected(400, 'The notification lacks id, event_type or resource');
  }
  if (resource?.associated_data !== undefined && typeof resource.associated_data !== 'string') {
    throw new NotificationRejected(400, 'resource.associated_data must be a string');
  }
  return envelope as Envelope;
}

export interface WechatNotificationsDeps {
  db: Db;
  domainEvents: DomainEvents;
  ledger: OrderLedger;
  config: WechatPayConfig;
  log: FastifyBaseLogger;
  now?: () => number;
  /** Deliveries received, verified, refused, duplicated (metrics, when on). */
  metrics?: NotificationMetrics | null;
  /** Contract deduction (issue 59), when the merchant has it: signings, terminations, deduction results. */
  contracts?: WechatContracts | null;
}

/**
 * WeChat Pay's notifications (contract call 18): verified, decrypted and checked against our
 * order before any time is granted. Anything we cannot apply is rejected (WeChat retries) and,
 * when a human must look, kept as a payment incident.
 */
export function createWechatNotifications(deps: WechatNotificationsDeps) {
  const { db, domainEvents, ledger, config, log } = deps;
  const now = deps.now ?? Date.now;

  function open(body: string, headers: SignatureHeaders): { envelope: Envelope; resource: unknown } {
    try {
      verifyWechatSignature(config.platformKeys, headers, body, now());
      const envelope = readEnvelope(body);
      return { envelope, resource: JSON.parse(decryptResource(config.apiV3Key, envelope.resource)) as unknown };
    } catch (error) {
      if (error instanceof WechatVerificationError) {
        log.warn({ reason: error.reason, serial: headers.serial?.slice(0, 64) }, 'WeChat Pay notification rejected');
        throw new NotificationRejected(401, error.message);
      }
      if (error instanceof SyntaxError) throw new NotificationRejected(400, 'The decrypted resource is not JSON');
      throw error;
    }
  }

  /** Keeps what a human must decide, then rejects the notification (WeChat retries; the incident is recorded once). */
  async function reject(kind: string, reference: string, detail: Record<string, unknown>, message: string): Promise<never> {
    await recordIncident(db, { provider: 'wechat', reference, kind, plan: null, detail }, now());
    log.error({ kind, reference, ...detail }, `WeChat Pay notification needs an admin: ${message}`);
    throw new NotificationRejected(400, message);
  }

  async function onTransaction(eventId: string, resource: unknown): Promise<void> {
    const transaction = readTransaction(resource);
    // A failed deduction (PAYERROR) has no transaction id yet; a success always has one.
    const paid = transaction?.trade_state === 'SUCCESS';
    if (!transaction || (paid && !transaction.transaction_id) || transaction.amount_total === null) {
      throw new NotificationRejected(400, 'The transaction lacks out_trade_no, transaction_id or amount');
    }
    if (transaction.mchid !== config.mchId || transaction.appid !== config.appId) {
      throw new NotificationRejected(400, 'The transaction belongs to another merchant or app');
    }
    const detail = { out_trade_no: transaction.out_trade_no, transaction_id: transaction.transaction_id, amount: transaction.amount_total };
    if (transaction.trade_state !== 'SUCCESS') {
      // A contract's deduction that failed (PAYERROR) is a failed renewal; any other order's
      // unpaid state is the reconciler's to settle.
      const order = deps.contracts ? await repo.findOrder(db, transaction.out_trade_no) : undefined;
      if (order?.provider === 'wechat' && order.subscription_id !== null)
        await deps.contracts!.deductionResult(eventId, order, transaction);
      return;
    }
    const order = await repo.findOrder(db, transaction.out_trade_no);
    if (!order || order.provider !== 'wechat') return reject('unknown_order', transaction.out_trade_no, detail, 'No such WeChat Pay order');
    if (order.subscription_id !== null && deps.contracts) {
      // A contract's deduction: the subscription ledger grants its period once (amount checked there).
      return deps.contracts.deductionResult(eventId, order, transaction);
    }
    try {
      const granted = await domainEvents.transact(async (trx) => {
        const info = {
          orderId: order.order_id,
          eventType: 'TRANSACTION.SUCCESS',
          summary: `paid ${transaction.amount_total} fen, transaction ${transaction.transaction_id}`,
        };
        if (!(await recordEventOnce(trx, 'wechat', eventId, now(), info))) return false;
        return ledger.completeWithin(trx, order.order_id, { txnId: transaction.transaction_id!, amountFen: transaction.amount_total! });
      });
      if (!granted) deps.metrics?.duplicate('wechat');
      log.info({ orderId: order.order_id, granted }, granted ? 'WeChat Pay order paid' : 'WeChat Pay notification repeated');
    } catch (error) {
      if (!(error instanceof AmountMismatchError)) throw error;
      await reject(
        'amount_mismatch',
        order.order_id,
        { ...detail, expected: order.amount_fen },
        'The paid amount does not match the order',
      );
    }
  }

  async function onRefund(eventId: string, eventType: string, resource: unknown): Promise<void> {
    const refund = readRefund(resource);
    if (!refund) throw new NotificationRejected(400, 'The refund lacks out_trade_no, refund_id or amount');
    if (refund.mchid !== config.mchId) throw new NotificationRejected(400, 'The refund belongs to another merchant');
    if (eventType !== 'REFUND.SUCCESS' || refund.refund_status !== 'SUCCESS') {
      log.info({ orderId: refund.out_trade_no, status: refund.refund_status }, 'WeChat Pay refund did not succeed; nothing to do');
      return;
    }
    const order = await repo.findOrder(db, refund.out_trade_no);
    const detail = { out_trade_no: refund.out_trade_no, refund_id: refund.refund_id, refund: refund.refund, total: refund.total };
    if (!order || order.provider !== 'wechat') return reject('unknown_refund', refund.refund_id, detail, 'No such WeChat Pay order');
    if (refund.refund < refund.total) {
      // Partial refunds are a business decision (keep the card? shorten it?): an admin decides.
      await recordIncident(
        db,
        { provider: 'wechat', reference: refund.refund_id, kind: 'partial_refund', plan: order.plan, detail },
        now(),
      );
      log.warn(detail, 'WeChat Pay partial refund kept for an admin');
      return;
    }
    const info = {
      orderId: order.order_id,
      eventType,
      summary: `refunded ${refund.refund} of ${refund.total} fen, refund ${refund.refund_id}`,
    };
    // Idempotent twice over: a resent event is recorded once, and the ledger refunds a paid order once
    // (an admin's refund that WeChat confirmed at once has refunded it already).
    const revoked = await domainEvents.transact(async (trx) => {
      if (!(await recordEventOnce(trx, 'wechat', eventId, now(), info))) deps.metrics?.duplicate('wechat');
      return ledger.refundWithin(trx, order.order_id);
    });
    log.info({ orderId: order.order_id, revoked }, 'WeChat Pay order refunded');
  }

  /** A deduction contract signed or terminated (委托代扣, issue 59). */
  async function onContract(eventId: string, eventType: 'PAPAY.SIGN' | 'PAPAY.TERMINATE', resource: unknown): Promise<void> {
    const contract = readContract(resource);
    if (!contract) throw new NotificationRejected(400, 'The contract lacks mchid, appid, plan_id, out_contract_code or contract_id');
    if (contract.mchid !== config.mchId || contract.appid !== config.appId) {
      throw new NotificationRejected(400, 'The contract belongs to another merchant or app');
    }
    const detail = { out_contract_code: contract.out_contract_code, contract_id: contract.contract_id, plan_id: contract.plan_id };
    if (!deps.contracts) return reject('unknown_contract', contract.contract_id, detail, 'Contract deduction is not configured here');
    const outcome =
      eventType === 'PAPAY.SIGN' ? await deps.contracts.signed(eventId, contract) : await deps.contracts.terminated(eventId, contract);
    if (outcome === 'unknown') return reject('unknown_contract', contract.contract_id, detail, 'No such contract of ours');
    if (outcome === 'wrong_plan')
      return reject('contract_plan_mismatch', contract.contract_id, detail, 'The contract template is not the plan sold');
    log.info({ eventType, contract: contract.out_contract_code }, 'WeChat Pay contract notification applied');
  }

  /** Handles one notification; throws NotificationRejected when WeChat should retry. */
  async function handle(body: string, headers: SignatureHeaders): Promise<void> {
    const { metrics } = deps;
    metrics?.received('wechat');
    let opened: ReturnType<typeof open>;
    try {
      opened = open(body, headers);
    } catch (error) {
      const reason = error instanceof NotificationRejected ? (error.statusCode === 401 ? 'signature' : 'malformed') : 'error';
      metrics?.refused('wechat', reason);
      throw error;
    }
    metrics?.verified('wechat');
    const { envelope, resource } = opened;
    try {
      if (envelope.event_type.startsWith('TRANSACTION.')) return await onTransaction(envelope.id, resource);
      if (envelope.event_type === 'PAPAY.SIGN' || envelope.event_type === 'PAPAY.TERMINATE') {
        return await onContract(envelope.id, envelope.event_type, resource);
      }
      if (envelope.event_type.startsWith('REFUND.')) return await onRefund(envelope.id, envelope.event_type, resource);
    } catch (error) {
      // Verified, then: a 400 of ours is a refusal by our rules (another merchant, an amount mismatch).
      metrics?.refused('wechat', error instanceof NotificationRejected && error.statusCode < 500 ? 'rejected' : 'error');
      throw error;
    }
    log.info({ eventType: envelope.event_type }, 'WeChat Pay notification ignored');
  }

  return { handle };
}

export type WechatNotifications = ReturnType<typeof createWechatNotifications>;
