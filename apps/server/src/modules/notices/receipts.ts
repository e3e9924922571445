import type { DbExecutor } from '../../db/database.js';
import type { EventRaiser } from '../../db/domain-events.js';
import { queueMail } from '../mail/mail-queue.js';
import type { MailKind } from '../mail/mail-kinds.js';
import { mailRecipientOf, type MailRecipient } from '../users/mail-recipient.js';
import type { MailValue } from '../mail/mail-template.js';
import { formatInstant, formatLength, formatMoney, formatPlan, formatCoins } from './notice-format.js';

/**
 * Receipts: queued in the caller's transaction, right after the change they describe (the ledger's
 * paid or refunded transition, a coupon's grant), so a receipt exists exactly when the change was
 * committed, once. Only to a confirmed address (mailRecipientOf), in the payer's language. The
 * membership end is the one the change itself gave (the membership service's MembershipChange,
 * which its `membership-changed` event carries too), handed in by the caller.
 */

interface ReceiptOrder {
  order_id: string;
  user_id: number;
  months: number;
  amount_fen: number;
  currency: string;
  /** A coin pack's coins, bonus included (0: a membership). */
  coins?: number;
  bonus_coins?: number;
}

/**
 * Looks the payer up once (confirmed address, language and name in one read) and queues `kind`
 * with the data `build` makes from them; nothing without a confirmed address.
 */
async function queueReceipt(
  trx: DbExecutor,
  domainEvents: EventRaiser,
  userId: number,
  kind: MailKind,
  now: number,
  build: (to: MailRecipient) => Record<string, MailValue>,
): Promise<void> {
  const to = await mailRecipientOf(trx, userId);
  if (!to) return;
  const mail = { kind, to: to.to, userId: to.userId, language: to.language, data: { username: to.username, ...build(to) } };
  await queueMail(trx, domainEvents, mail, now);
}

/** What a payment receipt and a refund notice both say of the order: its plan, amount and reference. */
const orderFields = (order: ReceiptOrder, language: MailRecipient['language']) => ({
  plan: order.coins ? formatCoins(order.coins + (order.bonus_coins ?? 0), language) : formatPlan(order.months, language),
  amount: formatMoney(order.amount_fen, order.currency, language),
  order: order.order_id,
});

/** After an order became paid: plan, amount and currency, the order reference, the new end (`memberUntil`). */
export const queuePaymentReceipt = (
  trx: DbExecutor,
  domainEvents: EventRaiser,
  order: ReceiptOrder,
  memberUntil: number | null,
  now: number,
): Promise<void> =>
  queueReceipt(trx, domainEvents, order.user_id, 'payment-receipt', now, (to) => ({
    ...orderFields(order, to.language),
    paid_at: formatInstant(now, to.language),
    ...(memberUntil !== null ? { member_until: formatInstant(memberUntil, to.language) } : {}),
  }));

/** After a coupon's grant: what it gave (months or days) and the new end (`memberUntil`). */
export const queueCouponReceipt = (
  trx: DbExecutor,
  domainEvents: EventRaiser,
  redemption: { userId: number; code: string; length: { months: number } | { days: number } },
  memberUntil: number | null,
  now: number,
): Promise<void> =>
  queueReceipt(trx, domainEvents, redemption.userId, 'coupon-receipt', now, (to) => ({
    coupon: redemption.code,
    plan: formatLength(redemption.length, to.language),
    redeemed_at: formatInstant(now, to.language),
    ...(memberUntil !== null ? { member_until: formatInstant(memberUntil, to.language) } : {}),
  }));

/** After a refund: the amount, the order reference and the membership end left (`memberUntil`), or when it ended. */
export const queueRefundNotice = (
  trx: DbExecutor,
  domainEvents: EventRaiser,
  order: ReceiptOrder,
  memberUntil: number | null,
  now: number,
): Promise<void> =>
  queueReceipt(trx, domainEvents, order.user_id, 'refund-notice', now, (to) => ({
    ...orderFields(order, to.language),
    refunded_at: formatInstant(now, to.language),
    // The end left after the refund, or when the membership ended (now, or earlier if other time had run out).
    ...(memberUntil !== null && memberUntil > now
      ? { member_until: formatInstant(memberUntil, to.language) }
      : { member_ended_at: formatInstant(Math.min(memberUntil ?? now, now), to.language) }),
  }));

/**
 * Issue 59: a renewal payment failed and the grace began: the plan, what was asked, the last day of
 * reading, and the link to the profile's renewal section (the card at the provider's portal).
 */
export const queueRenewalFailedNotice = (
  trx: DbExecutor,
  domainEvents: EventRaiser,
  failed: { userId: number; months: number; amountFen: number; currency: string; graceUntil: number; renewalUrl: string },
  now: number,
): Promise<void> =>
  queueReceipt(trx, domainEvents, failed.userId, 'renewal-failed', now, (to) => ({
    plan: formatPlan(failed.months, to.language),
    amount: formatMoney(failed.amountFen, failed.currency, to.language),
    grace_until: formatInstant(failed.graceUntil, to.language),
    renewal: failed.renewalUrl,
  }));

/**
 * Issue 59: a paid gift's code and redemption link, to its buyer's confirmed address. The code and
 * the link are secret fields: the outbox row forgets them once the message is sent or given up.
 */
export async function queueGiftCode(
  trx: DbExecutor,
  domainEvents: EventRaiser,
  gift: { order: ReceiptOrder; code: string; link: string },
  now: number,
): Promise<void> {
  const to = await mailRecipientOf(trx, gift.order.user_id);
  if (!to) return;
  const data = { username: to.username, ...orderFields(gift.order, to.language), code: gift.code, link: gift.link };
  await queueMail(
    trx,
    domainEvents,
    { kind: 'gift-code', to: to.to, userId: to.userId, language: to.language, data, secretFields: ['code', 'link'] },
    now,
  );
}
