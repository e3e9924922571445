import type { NotificationMetrics } from '../../metrics/money-metrics.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import { AmountMismatchError, type OrderLedger } from '../order-ledger.js';
import { recordEventOnce, recordIncident } from '../payment-incidents.repository.js';
import type { WechatPayConfig } from '../payments-config.js';
import * as repo from '../payments.repository.js';
import { readRefund, readTransaction } from './wechat-transaction.js';
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
    if (!transaction || !transaction.transaction_id || transaction.amount_total === null) {
      throw new NotificationRejected(400, 'The transaction lacks out_trade_no, transaction_id or amount');
    }
    if (transaction.mchid !== config.mchId || transaction.appid !== config.appId) {
      throw new NotificationRejected(400, 'The transaction belongs to another merchant or app');
    }
    if (transaction.trade_state !== 'SUCCESS') return;
    const order = await repo.findOrder(db, transaction.out_trade_no);
    const detail = { out_trade_no: transaction.out_trade_no, transaction_id: transaction.transaction_id, amount: transaction.amount_total };
    if (!order || order.provider !== 'wechat') return reject('unknown_order', transaction.out_trade_no, detail, 'No such WeChat Pay order');
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
      if (envelope.event_type === 'TRANSACTION.SUCCESS') return await onTransaction(envelope.id, resource);
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
