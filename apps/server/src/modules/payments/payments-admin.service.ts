import {
  ErrorCode,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type KeysetPaged,
  type OrderGift,
  type RefundOrderResult,
  type RefundPreview,
} from '@inkstream/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbExecutor } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError } from '../../lib/app-error.js';
import { cappedTotal, decodeCursor, encodeCursor, offsetStart } from '../../lib/list-cursor.js';
import { fromIsoOrNull, toIso } from '../../lib/time.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { CoinLedger } from '../coins/coin-ledger.js';
import { usernameKey } from '../users/users.service.js';
import { orderNotFound, type OrderLedger } from './order-ledger.js';
import { listOrderEvents, recordEventOnce } from './payment-incidents.repository.js';
import * as repo from './payments-admin.repository.js';
import type { StripeRefunder } from './stripe/stripe-refunds.js';
import type { WechatPayClient } from './wechat/wechat-pay-client.js';
import { GIFT_GRANT_SOURCE } from './gifts/gifts.service.js';

export interface PaymentsAdminDeps {
  db: Db;
  domainEvents: DomainEvents;
  ledger: OrderLedger;
  /** A coin pack's refund preview and outcome (the ledger's own reading of the pack). */
  coins: CoinLedger;
  audit: AuditService;
  wechat: WechatPayClient | null;
  stripe: StripeRefunder | null;
  log: FastifyBaseLogger;
  now?: () => number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ORDERS_CURSOR = 'orders';
const isoOrNull = (ms: number | null) => (ms === null ? null : toIso(ms));

const toAdminOrder = (row: repo.AdminOrderRow): AdminOrder => ({
  order_id: row.order_id,
  user: { uuid: row.user_uuid, username: row.username },
  provider: row.provider,
  plan: row.plan,
  months: row.months,
  coins: row.coins,
  bonus_coins: row.bonus_coins,
  amount_fen: row.amount_fen,
  currency: row.currency,
  status: row.status,
  created_at: toIso(row.created_at),
  paid_at: isoOrNull(row.paid_at),
  refunded_at: isoOrNull(row.refunded_at),
});

/** Issue 59: what the console says of a gift order (no code row yet: not paid). */
const giftOf = (gift: Awaited<ReturnType<typeof repo.findOrderGift>>): OrderGift => ({
  state: !gift ? 'unpaid' : gift.cancelled_at !== null ? 'cancelled' : gift.redeemed_at !== null ? 'redeemed' : 'unredeemed',
  redeemed_by:
    gift?.redeemer_uuid != null && gift.redeemer_username != null ? { uuid: gift.redeemer_uuid, username: gift.redeemer_username } : null,
  redeemed_at: isoOrNull(gift?.redeemed_at ?? null),
  cancelled_at: isoOrNull(gift?.cancelled_at ?? null),
});

const refundFailed = (message: string) => new AppError(ErrorCode.REFUND_FAILED, 502, message);
/** The claim that one refund of the order is under way; a second refund of the same order meets it. */
const claimId = (orderId: string) => `refund:${orderId}`;
const CLAIM_STALE_MS = 5 * 60_000;

/**
 * Orders and refunds in the console. A refund goes through the provider first (WeChat Pay, Stripe)
 * and then through the ledger, the one place money becomes time and back; the sandbox refunds at
 * once. Two refunds of one order at once refund once: the first claims the order (a unique
 * payment event), the second meets the claim (409); a refused refund releases the claim.
 */
export function createPaymentsAdminService(deps: PaymentsAdminDeps) {
  const { db, domainEvents, ledger, audit, log } = deps;
  const now = deps.now ?? Date.now;

  /**
   * Newest first, a page at a time: by `cursor` (keyset, any depth) or by `page` (the first
   * MAX_PAGED_OFFSET rows only). The total counts at most COUNT_CAP rows from the page's start.
   */
  async function list(query: AdminOrderListQuery): Promise<KeysetPaged<AdminOrder>> {
    const pageSize = query.page_size ?? 50;
    const offset = offsetStart(query.page ?? 0, pageSize, query.cursor !== undefined);
    const cursor = query.cursor === undefined ? null : decodeCursor(ORDERS_CURSOR, query.cursor, ['int', 'int'] as const);
    const user = query.user?.trim();
    const filter: repo.OrderFilter = {
      provider: query.provider,
      status: query.status,
      from: fromIsoOrNull(query.from) ?? undefined,
      to: fromIsoOrNull(query.to) ?? undefined,
      ...(user ? { usernameKey: usernameKey(user), ...(UUID.test(user) ? { userUuid: user.toLowerCase() } : {}) } : {}),
    };
    const start = cursor ? { after: { createdAt: cursor.key[0], id: cursor.key[1] } } : { offset: offset.offset };
    const position = cursor ? cursor.position : offset.position;
    const { rows, countedFromStart } = await repo.listOrders(db, filter, start, pageSize);
    const last = rows.at(-1);
    const next_cursor =
      last && countedFromStart > rows.length ? encodeCursor(ORDERS_CURSOR, [last.created_at, last.id], position + rows.length) : null;
    return { items: rows.map(toAdminOrder), ...cappedTotal(position, countedFromStart), next_cursor };
  }

  async function detail(orderId: string): Promise<AdminOrderDetail> {
    const row = await repo.findOrderWithUser(db, orderId);
    if (!row) throw orderNotFound();
    const isGift = row.gift === 1;
    const [events, grant, coinRefund, gift] = await Promise.all([
      listOrderEvents(db, orderId),
      // A gift's grant is the redeemer's, under the source `gift` (issue 59).
      repo.findOrderGrant(db, isGift ? GIFT_GRANT_SOURCE : row.provider, orderId),
      row.plan === 'coins' && row.status === 'refunded' ? deps.coins.packRefundDone(db, orderId) : null,
      isGift ? repo.findOrderGift(db, orderId) : undefined,
    ]);
    return {
      ...toAdminOrder(row),
      provider_txn_id: row.provider_txn_id,
      provider_payment_id: row.provider_payment_id,
      events: events.map((event) => ({ ...event, received_at: toIso(event.received_at) })),
      grant: grant
        ? {
            source: grant.source,
            starts_at: toIso(grant.starts_at),
            ends_at: toIso(grant.ends_at),
            revoked_at: isoOrNull(grant.revoked_at),
          }
        : null,
      coin_refund: coinRefund,
      ...(isGift ? { gift: giftOf(gift) } : {}),
    };
  }

  /** What refunding the order now would take back: for a paid coin pack, the coins and the chapters locked again. */
  async function refundPreview(orderId: string): Promise<RefundPreview> {
    const order = await repo.findOrderWithUser(db, orderId);
    if (!order) throw orderNotFound();
    const isPaidPack = order.plan === 'coins' && order.status === 'paid';
    return { coin_refund: isPaidPack ? await deps.coins.previewPackRefund(db, order) : null };
  }

  /** Revokes the order's time through the ledger, with its event and audit entry, inside the caller's transaction. */
  async function applyRefundWithin(trx: DbExecutor, actor: Actor, orderId: string, provider: string, reason: string, summary: string) {
    const refunded = await ledger.refundWithin(trx, orderId);
    await recordEventOnce(trx, provider, `refund-done:${orderId}`, now(), { orderId, eventType: 'refund.succeeded', summary });
    // false: the provider's own notification (or webhook) got there first; the refund is ours all the same.
    await audit.recordWithin(trx, actor, {
      action: 'order.refund',
      targetType: 'order',
      targetId: orderId,
      before: { status: 'paid' },
      after: { status: 'refunded', reason, ...(refunded ? {} : { refunded_by: 'provider notification' }) },
    });
    return refunded;
  }

  /**
   * Claims the order for one refund (a unique event). A claim older than CLAIM_STALE_MS whose order
   * is still paid (a crash between the provider's answer and the ledger, or a WeChat refund still
   * PROCESSING) may be taken over: the provider call is idempotent (same out_refund_no, same
   * Stripe idempotency key), so asking again returns the same refund.
   */
  async function claimRefund(orderId: string, provider: string, summary: string): Promise<void> {
    const info = { orderId, eventType: 'refund.requested', summary };
    if (await recordEventOnce(db, provider, claimId(orderId), now(), info)) return;
    if (await repo.takeOverStaleEvent(db, provider, claimId(orderId), now() - CLAIM_STALE_MS, now())) return;
    throw new AppError(ErrorCode.CONFLICT, 409, 'A refund of this order is already under way');
  }

  async function refundAtProvider(
    order: { order_id: string; provider: 'wechat' | 'stripe'; amount_fen: number; provider_payment_id: string | null },
    reason: string,
  ) {
    if (order.provider === 'wechat') {
      if (!deps.wechat)
        throw new AppError(ErrorCode.CONFLICT, 409, 'WeChat Pay is not configured on this server: refund in the merchant platform');
      const answer = await deps.wechat.refund({
        outTradeNo: order.order_id,
        outRefundNo: `R${order.order_id}`.slice(0, 64),
        refundFen: order.amount_fen,
        totalFen: order.amount_fen,
        reason,
      });
      if (answer.status === 'SUCCESS') return { done: true, summary: `WeChat refund ${answer.refundId}: SUCCESS` };
      if (answer.status === 'PROCESSING') return { done: false, summary: `WeChat refund ${answer.refundId}: PROCESSING` };
      throw refundFailed(`WeChat Pay answered the refund with ${answer.status}`);
    }
    if (!deps.stripe) throw new AppError(ErrorCode.CONFLICT, 409, 'No STRIPE_SECRET_KEY is configured: refund in the Stripe dashboard');
    if (!order.provider_payment_id) throw new AppError(ErrorCode.CONFLICT, 409, 'This Stripe order has no payment intent to refund');
    const answer = await deps.stripe.refund(order.provider_payment_id, `refund-${order.order_id}`);
    if (answer.status === 'succeeded' || answer.status === 'pending')
      return { done: true, summary: `Stripe refund ${answer.refundId}: ${answer.status}` };
    throw refundFailed(`Stripe answered the refund with ${answer.status}`);
  }

  async function refund(actor: Actor, orderId: string, reason: string): Promise<RefundOrderResult> {
    const order = await repo.findOrderWithUser(db, orderId);
    if (!order) throw orderNotFound();
    if (order.status !== 'paid')
      throw new AppError(ErrorCode.CONFLICT, 409, `Only a paid order can be refunded; this one is ${order.status}`);
    const provider = order.provider;
    const summary = `by ${actor.name}: ${reason}`;
    if (provider === 'sandbox') {
      // No provider to ask: the claim and the refund commit together, so nothing can be left half done.
      await domainEvents.transact(async (trx) => {
        if (!(await recordEventOnce(trx, provider, claimId(orderId), now(), { orderId, eventType: 'refund.requested', summary }))) {
          throw new AppError(ErrorCode.CONFLICT, 409, 'A refund of this order is already under way');
        }
        if (!(await applyRefundWithin(trx, actor, orderId, provider, reason, 'sandbox refund'))) {
          throw new AppError(ErrorCode.CONFLICT, 409, 'This order was refunded meanwhile');
        }
      });
      return { outcome: 'refunded', order: await detail(orderId) };
    }
    await claimRefund(orderId, provider, summary);
    let result: { done: boolean; summary: string };
    try {
      result = await refundAtProvider({ ...order, provider }, reason);
    } catch (error) {
      // Nothing changed: the claim goes, so the admin can try again.
      await repo.deleteEvent(db, provider, claimId(orderId));
      if (error instanceof AppError) throw error;
      log.warn({ orderId, provider, err: error }, 'refund refused or unreachable');
      throw Object.assign(refundFailed(`The provider did not refund: ${(error as Error).message}`.slice(0, 300)), { cause: error });
    }
    if (result.done) {
      await domainEvents.transact((trx) => applyRefundWithin(trx, actor, orderId, provider, reason, result.summary));
      return { outcome: 'refunded', order: await detail(orderId) };
    }
    // WeChat PROCESSING: its REFUND.SUCCESS notification finishes the refund through the ledger.
    await domainEvents.transact(async (trx) => {
      await recordEventOnce(trx, provider, `refund-processing:${orderId}`, now(), {
        orderId,
        eventType: 'refund.processing',
        summary: result.summary,
      });
      await audit.recordWithin(trx, actor, {
        action: 'order.refund',
        targetType: 'order',
        targetId: orderId,
        before: { status: 'paid' },
        after: { status: 'refund_requested', reason },
      });
    });
    return { outcome: 'requested', order: await detail(orderId) };
  }

  return { list, detail, refundPreview, refund };
}

export type PaymentsAdminService = ReturnType<typeof createPaymentsAdminService>;
