import {
  ErrorCode,
  pagePath,
  PLANS,
  planForMonths,
  type CreatedOrder,
  type PaymentStatus,
  type PaymentStatusValue,
} from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import type { PaymentOrdersTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import { orderNotFound, type OrderLedger } from './order-ledger.js';
import * as repo from './payments.repository.js';
import { newOrderId } from './order-id.js';
export { newOrderId } from './order-id.js';
import type { SandboxSubscriptions } from './subscriptions/sandbox-subscriptions.js';
import { raiseOrderEnded } from './order-events.js';
import { recordEventOnce } from './payment-incidents.repository.js';
import type { CheckoutTokens } from './checkout-token.js';
import type { WechatPayClient } from './wechat/wechat-pay-client.js';
import { loadOnFirstUse } from '../../lib/load-on-first-use.js';
import { findActivePack } from '../coins/coin-packs.repository.js';
import { refuseLeftReader } from '../users/account-guard.js';
import type { GiftsService } from './gifts/gifts.service.js';

const qrcode = loadOnFirstUse<typeof import('qrcode')>('qrcode');

export interface SandboxAccess {
  userId: number | null;
  checkoutToken: string | undefined;
}

/**
 * An order can be paid for this long. The web app stops waiting after 3 minutes (spec) and tells
 * the payer what happens if they paid anyway; 30 s of grace covers a payment confirmed in the last
 * seconds. After that WeChat Pay (time_expire) and the sandbox refuse to take the money, so nobody
 * pays an order they were told had failed and then pays again.
 */
export const PAYER_WAIT_MS = 3 * 60 * 1000;
export const ORDER_GRACE_MS = 30 * 1000;
export const ORDER_LIFETIME_MS = PAYER_WAIT_MS + ORDER_GRACE_MS;

const STATUS: Record<PaymentOrdersTable['status'], PaymentStatusValue> = {
  pending: 'requires_action',
  paid: 'succeeded',
  refunded: 'succeeded',
  expired: 'expired',
  failed: 'failed',
};

/** Our order numbers: date plus 80 random bits, readable in provider dashboards, at most 32 characters. */

export interface PaymentsDeps {
  db: Db;
  domainEvents: DomainEvents;
  ledger: OrderLedger;
  publicUrl: string;
  siteName: string;
  /** WeChat Pay when configured; it takes precedence over the sandbox. */
  wechat: WechatPayClient | null;
  sandbox: boolean;
  /** Signs the sandbox checkout links the QR codes carry. */
  checkoutTokens: CheckoutTokens;
  /** Issue 59: the sandbox's renewing memberships (null: the sandbox is off). */
  sandboxSubscriptions: SandboxSubscriptions | null;
  /** Coin packs are sold only while the operator has coins on (site setting coins_enabled). */
  coinsOnSale: () => Promise<boolean>;
  /** Issue 59: the code of a paid gift order, shown in the status answers right after the payment. */
  gifts: Pick<GiftsService, 'revealWithin'>;
  now?: () => number;
}

type OrderRequest = {
  months?: number | undefined;
  pack?: number | undefined;
  gift?: boolean | undefined;
  renewing?: boolean | undefined;
};

/** What WeChat shows the payer on the payment screen (the plan in Chinese: WeChat Pay serves zh-cn readers). */
const PLAN_DESCRIPTIONS = { month: '月卡会员', season: '季卡会员', coins: '金币' } as const;

const unavailable = () => new AppError(ErrorCode.PAYMENT_UNAVAILABLE, 503, 'Online payment is not available right now', undefined, 60);

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, domainEvents, ledger } = deps;
  const now = deps.now ?? Date.now;
  const provider = deps.wechat ? ('wechat' as const) : deps.sandbox ? ('sandbox' as const) : null;

  /** What the order sells: a membership plan (`months`) or a coin pack on sale (`pack`), exactly one. */
  async function productOf(body: OrderRequest) {
    if ((body.months === undefined) === (body.pack === undefined)) {
      throw new AppError(ErrorCode.INVALID_PLAN, 400, 'Choose a plan (months) or a coin pack (pack), one of them');
    }
    // Issue 59: gifts are memberships only (a coin pack is credited to the payer's own wallet).
    if (body.gift === true && body.pack !== undefined) throw new AppError(ErrorCode.INVALID_PLAN, 400, 'Only a membership can be a gift');
    if (body.pack !== undefined) {
      const pack = (await deps.coinsOnSale()) ? await findActivePack(db, body.pack) : undefined;
      if (!pack) throw new AppError(ErrorCode.INVALID_PLAN, 400, 'This coin pack is not on sale');
      return {
        plan: 'coins' as const,
        months: 0,
        amount_fen: pack.price_fen,
        coin_pack_id: Number(pack.id),
        coins: pack.coins,
        bonus_coins: pack.bonus_coins,
        bonus_expiry_days: pack.bonus_expiry_days,
      };
    }
    const plan = planForMonths(body.months!);
    if (!plan) throw new AppError(ErrorCode.INVALID_PLAN, 400, 'Choose the month card (1) or the season card (3)');
    return { plan, months: PLANS[plan].months, amount_fen: PLANS[plan].amountFen, gift: body.gift === true ? 1 : 0 };
  }

  async function createOrder(userId: number, body: OrderRequest): Promise<CreatedOrder> {
    const product = await productOf(body);
    if (!provider) throw unavailable();
    // Issue 59: renewing is sold here only by the sandbox (Stripe's renewing plans have buy buttons of their own).
    const renewing = body.renewing === true;
    // A gift never renews: it is one period for someone else.
    if (renewing && (provider !== 'sandbox' || product.plan === 'coins' || body.gift === true || !deps.sandboxSubscriptions)) {
      throw new AppError(ErrorCode.INVALID_PLAN, 400, 'A renewing membership is not sold this way here');
    }
    const created = now();
    const order = {
      order_id: newOrderId(created),
      user_id: userId,
      provider,
      ...product,
      currency: 'CNY',
      status: 'pending' as const,
      provider_txn_id: null,
      provider_payment_id: null,
      created_at: created,
      paid_at: null,
      expires_at: created + ORDER_LIFETIME_MS,
      settled_at: null,
      refunded_at: null,
    };
    // Stored first: whatever happens next, the order exists for notifications and reconciliation.
    await domainEvents.transact(async (trx) => {
      // Issue 43: not for an account erased meanwhile (the erasure holds the reader's row).
      await refuseLeftReader(trx, userId);
      if (renewing && product.plan !== 'coins') {
        // The order is the subscription's first invoice: its own id is the invoice's, so paying it grants once.
        const subscriptionId = await deps.sandboxSubscriptions!.startWithin(trx, userId, product.plan, order.order_id);
        await repo.insertOrder(trx, { ...order, provider_txn_id: order.order_id, subscription_id: subscriptionId });
      } else await repo.insertOrder(trx, order);
      await domainEvents.raise(trx, { type: 'order-changed', orderId: order.order_id, provider, plan: order.plan, event: 'created' });
    });
    const qrContent = deps.wechat
      ? await createWechatOrder(deps.wechat, order)
      : // The sandbox QR code opens our own checkout page, where the "payer" confirms or fails it.
        `${deps.publicUrl}${pagePath.sandboxCheckout(order.order_id, deps.checkoutTokens.issue(order.order_id, order.expires_at))}`;
    const qr_code = await qrcode().toDataURL(qrContent, { margin: 1, width: 256 });
    return { qr_code, order_id: order.order_id, amount_fen: order.amount_fen, expires_at: toIso(order.expires_at) };
  }

  async function createWechatOrder(
    wechat: WechatPayClient,
    order: Pick<PaymentOrdersTable, 'order_id' | 'plan' | 'amount_fen' | 'expires_at'> & {
      coins?: number;
      bonus_coins?: number;
      gift?: number;
    },
  ) {
    try {
      const { codeUrl } = await wechat.createNativeOrder({
        outTradeNo: order.order_id,
        description:
          order.plan === 'coins'
            ? `${deps.siteName} ${(order.coins ?? 0) + (order.bonus_coins ?? 0)} ${PLAN_DESCRIPTIONS.coins}`
            : `${deps.siteName} ${PLAN_DESCRIPTIONS[order.plan]}${order.gift === 1 ? '（礼物）' : ''}`,
        amountFen: order.amount_fen,
        expiresAt: order.expires_at,
      });
      return codeUrl;
    } catch (error) {
      // WeChat never saw (or refused) the order: nobody can pay it, so it is final.
      await raiseOrderEnded(domainEvents, db, order.order_id, await repo.settleUnpaid(db, order.order_id, 'failed', now()), 'failed');
      throw Object.assign(unavailable(), { cause: error });
    }
  }

  /** The order's status as the API reports it; a pending order past its expiry is marked expired on the way. */
  async function statusOf(order: Pick<PaymentOrdersTable, 'order_id' | 'status' | 'expires_at'>): Promise<PaymentStatus> {
    let { status } = order;
    if (status === 'pending' && order.expires_at <= now()) {
      await raiseOrderEnded(domainEvents, db, order.order_id, await repo.markIfPending(db, order.order_id, 'expired'), 'expired');
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
    const result = await statusOf(order);
    // Issue 59: a paid gift's code and link, to its buyer, in the answers right after the payment.
    const gift = order.gift === 1 && order.status === 'paid' ? await deps.gifts.revealWithin(db, orderId) : undefined;
    return gift ? { ...result, gift } : result;
  }

  function requireSandbox(): void {
    if (provider !== 'sandbox') throw notFound(ErrorCode.NOT_FOUND, 'The sandbox payment provider is not active');
  }

  /**
   * Who may see and settle a sandbox order: its owner, or whoever holds the checkout link's token.
   * Anyone else is told the order does not exist.
   */
  async function sandboxOrder(orderId: string, access: SandboxAccess) {
    requireSandbox();
    const order = await repo.findOrder(db, orderId);
    if (!order || order.provider !== 'sandbox') throw orderNotFound();
    const isOwner = access.userId !== null && access.userId === order.user_id;
    if (!isOwner && !deps.checkoutTokens.isValid(order.order_id, order.expires_at, access.checkoutToken)) throw orderNotFound();
    const { status } = await statusOf(order);
    return {
      order_id: order.order_id,
      plan: order.plan,
      months: order.months,
      coins: order.coins + order.bonus_coins,
      amount_fen: order.amount_fen,
      status,
      ...(order.gift === 1 ? { gift: true as const } : {}),
    };
  }

  async function sandboxPay(orderId: string, outcome: 'succeeded' | 'failed', access: SandboxAccess): Promise<PaymentStatus> {
    const order = await sandboxOrder(orderId, access);
    // Like WeChat Pay after time_expire: an expired order cannot be paid any more.
    if (order.status !== 'requires_action') return readStatus(orderId);
    const info = { orderId, eventType: `sandbox.${outcome}`, summary: `sandbox payer chose ${outcome}` };
    await domainEvents.transact(async (trx) => {
      const row = await repo.findOrder(trx, orderId);
      if (outcome === 'succeeded' && row?.subscription_id != null && deps.sandboxSubscriptions) {
        // A renewing membership's first period (issue 59): through the subscription ledger.
        const subscription = { ...row, subscription_id: row.subscription_id };
        if ((await deps.sandboxSubscriptions.firstPaymentWithin(trx, subscription)) === 'granted')
          await recordEventOnce(trx, 'sandbox', `pay:${orderId}`, now(), info);
      } else if (outcome === 'succeeded') {
        if (await ledger.completeWithin(trx, orderId, { txnId: `sandbox-${orderId}`, amountFen: order.amount_fen })) {
          // The amount is the order's, which the console writes as a price; the event says what happened.
          await recordEventOnce(trx, 'sandbox', `pay:${orderId}`, now(), info);
        }
      } else {
        await raiseOrderEnded(domainEvents, trx, orderId, await repo.markIfPending(trx, orderId, 'failed'), 'failed');
        await recordEventOnce(trx, 'sandbox', `fail:${orderId}`, now(), info);
      }
    });
    return readStatus(orderId);
  }

  return { createOrder, status, sandboxOrder, sandboxPay };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
