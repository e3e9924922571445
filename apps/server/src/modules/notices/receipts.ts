import type { DbExecutor } from '../../db/database.js';
import { queueMail } from '../mail/mail-queue.js';
import { mailRecipientOf } from '../mail/mail-recipient.js';
import { formatInstant, formatLength, formatMoney } from './notice-format.js';

/**
 * Receipts: queued in the caller's transaction, right after the change they describe (the ledger's
 * paid or refunded transition, a coupon's grant), so a receipt exists exactly when the change was
 * committed, once. Only to a confirmed address (mailRecipientOf), in the payer's language. The
 * membership end is read from users.member_until, which the grant just maintained in the same
 * transaction (membership/member-state.repository.ts).
 */

interface ReceiptOrder {
  order_id: string;
  user_id: number;
  months: number;
  amount_fen: number;
  currency: string;
}

async function memberUntil(trx: DbExecutor, userId: number): Promise<number | null> {
  const row = await trx.selectFrom('users').select('member_until').where('id', '=', userId).executeTakeFirst();
  return row?.member_until == null ? null : Number(row.member_until);
}

/** After an order became paid: plan, amount and currency, the order reference, the new end. */
export async function queuePaymentReceipt(trx: DbExecutor, order: ReceiptOrder, now: number): Promise<void> {
  const to = await mailRecipientOf(trx, order.user_id);
  if (!to) return;
  const until = await memberUntil(trx, order.user_id);
  await queueMail(
    trx,
    {
      kind: 'payment-receipt',
      to: to.to,
      userId: to.userId,
      language: to.language,
      data: {
        username: to.username,
        plan: formatLength({ months: order.months }, to.language),
        amount: formatMoney(order.amount_fen, order.currency, to.language),
        order: order.order_id,
        paid_at: formatInstant(now, to.language),
        ...(until !== null ? { member_until: formatInstant(until, to.language) } : {}),
      },
    },
    now,
  );
}

/** After a coupon's grant: what it gave (months or days) and the new end. */
export async function queueCouponReceipt(
  trx: DbExecutor,
  redemption: { userId: number; code: string; length: { months: number } | { days: number } },
  now: number,
): Promise<void> {
  const to = await mailRecipientOf(trx, redemption.userId);
  if (!to) return;
  const until = await memberUntil(trx, redemption.userId);
  await queueMail(
    trx,
    {
      kind: 'coupon-receipt',
      to: to.to,
      userId: to.userId,
      language: to.language,
      data: {
        username: to.username,
        coupon: redemption.code,
        plan: formatLength(redemption.length, to.language),
        redeemed_at: formatInstant(now, to.language),
        ...(until !== null ? { member_until: formatInstant(until, to.language) } : {}),
      },
    },
    now,
  );
}

/** After a refund: the amount, the order reference and the membership end left (or when it ended). */
export async function queueRefundNotice(trx: DbExecutor, order: ReceiptOrder, now: number): Promise<void> {
  const to = await mailRecipientOf(trx, order.user_id);
  if (!to) return;
  const until = await memberUntil(trx, order.user_id);
  await queueMail(
    trx,
    {
      kind: 'refund-notice',
      to: to.to,
      userId: to.userId,
      language: to.language,
      data: {
        username: to.username,
        plan: formatLength({ months: order.months }, to.language),
        amount: formatMoney(order.amount_fen, order.currency, to.language),
        order: order.order_id,
        refunded_at: formatInstant(now, to.language),
        // The end left after the refund, or when the membership ended (now, or earlier if other time had run out).
        ...(until !== null && until > now
          ? { member_until: formatInstant(until, to.language) }
          : { member_ended_at: formatInstant(Math.min(until ?? now, now), to.language) }),
      },
    },
    now,
  );
}
