import { randomBytes } from 'node:crypto';
import { ErrorCode, PLANS, planForMonths, type CreatedOrder, type PaymentStatus, type PaymentStatusValue } from '@inkstream/contracts';
import QRCode from 'qrcode';
import type { Db } from '../../db/database.js';
import type { PaymentOrdersTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import type { MembershipService } from '../membership/membership.service.js';
import * as repo from './payments.repository.js';

/** An order can be paid for this long; the web app gives up waiting after 3 minutes, reconciliation later. */
const ORDER_LIFETIME_MS = 10 * 60 * 1000;

const STATUS: Record<PaymentOrdersTable['status'], PaymentStatusValue> = {
  pending: 'requires_action',
  paid: 'succeeded',
  refunded: 'succeeded',
  expired: 'expired',
  failed: 'failed',
};

const orderNotFound = () => notFound(ErrorCode.ORDER_NOT_FOUND, 'This order does not exist');

/** Our order numbers: date plus 80 random bits, readable in provider dashboards, at most 32 characters. */
const newOrderId = (now: number) =>
  `IS${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(10).toString('hex').toUpperCase()}`;

export interface PaymentsDeps {
  db: Db;
  membership: MembershipService;
  publicUrl: string;
  sandbox: boolean;
  inviteRewardDays: number;
  now?: () => number;
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, membership } = deps;
  const now = deps.now ?? Date.now;

  async function createOrder(userId: number, months: number): Promise<CreatedOrder> {
    const plan = planForMonths(months);
    if (!plan) throw new AppError(ErrorCode.INVALID_PLAN, 400, 'Choose the month card (1) or the season card (3)');
    if (!deps.sandbox) throw new AppError(ErrorCode.PAYMENT_UNAVAILABLE, 503, 'Online payment is not available right now', undefined, 60);
    const created = now();
    const order = {
      order_id: newOrderId(created),
      user_id: userId,
      provider: 'sandbox' as const,
      plan,
      months: PLANS[plan].months,
      amount_fen: PLANS[plan].amountFen,
      currency: 'CNY',
      status: 'pending' as const,
      provider_txn_id: null,
      created_at: created,
      paid_at: null,
      expires_at: created + ORDER_LIFETIME_MS,
    };
    await repo.insertOrder(db, order);
    // The sandbox QR code opens our own checkout page, where the "payer" confirms or fails it.
    const qr_code = await QRCode.toDataURL(`${deps.publicUrl}/sandbox/checkout/${order.order_id}`, { margin: 1, width: 256 });
    return { qr_code, order_id: order.order_id, amount_fen: order.amount_fen, expires_at: toIso(order.expires_at) };
  }

  /** The order's status as the API reports it; a pending order past its expiry is marked expired on the way. */
  async function statusOf(order: Pick<PaymentOrdersTable, 'order_id' | 'status' | 'expires_at'>): Promise<PaymentStatus> {
    let { status } = order;
    if (status === 'pending' && order.expires_at <= now()) {
      await repo.markIfPending(db, order.order_id, 'expired');
      status = 'expired';
    }
    return { completed: status === 'paid', status: STATUS[status] };
  }

  async function readStatus(orderId: string): Promise<PaymentStatus> {
    const order = await repo.findOrder(db, orderId);
    if (!order) throw orderNotFound();
    return statusOf(order);
  }

  /** Status of the user's own order; another user's order is "not found", never "forbidden". */
  async function status(userId: number, orderId: string): Promise<PaymentStatus> {
    const order = await repo.findOrder(db, orderId);
    if (!order || order.user_id !== userId) throw orderNotFound();
    return statusOf(order);
  }

  /**
   * The one way an order becomes paid (sandbox, WeChat Pay, Stripe): the order update, the
   * membership grant and an invite reward commit together, and only once per order.
   */
  async function completeOrder(orderId: string, providerTxnId: string, amountFen: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const order = await repo.findOrder(trx, orderId);
      if (!order) throw orderNotFound();
      if (order.amount_fen !== amountFen) throw new AppError(ErrorCode.VALIDATION_FAILED, 400, 'The paid amount does not match the order');
      if (!(await repo.markPaidOnce(trx, orderId, providerTxnId, now()))) return false;
      await membership.grantWithin(trx, {
        userId: order.user_id,
        length: { months: order.months },
        source: order.provider,
        sourceRef: orderId,
      });
      const inviter = await repo.findInviter(trx, order.user_id);
      if (inviter !== null && deps.inviteRewardDays > 0 && (await repo.countPaidOrders(trx, order.user_id)) === 1) {
        // Unique (source, source_ref): one reward per invited user, however many times they pay.
        await membership.grantWithin(trx, {
          userId: inviter,
          length: { days: deps.inviteRewardDays },
          source: 'invite',
          sourceRef: String(order.user_id),
        });
      }
      return true;
    });
  }

  function requireSandbox(): void {
    if (!deps.sandbox) throw notFound(ErrorCode.NOT_FOUND, 'The sandbox payment provider is not active');
  }

  async function sandboxOrder(orderId: string) {
    requireSandbox();
    const order = await repo.findOrder(db, orderId);
    if (!order || order.provider !== 'sandbox') throw orderNotFound();
    const { status } = await statusOf(order);
    return { order_id: order.order_id, plan: order.plan, months: order.months, amount_fen: order.amount_fen, status };
  }

  async function sandboxPay(orderId: string, outcome: 'succeeded' | 'failed'): Promise<PaymentStatus> {
    const order = await sandboxOrder(orderId);
    if (outcome === 'succeeded') await completeOrder(orderId, `sandbox-${orderId}`, order.amount_fen);
    else await repo.markIfPending(db, orderId, 'failed');
    return readStatus(orderId);
  }

  return { createOrder, status, completeOrder, sandboxOrder, sandboxPay, isSandbox: deps.sandbox };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
