import type { DbExecutor } from '../../db/database.js';
import type { EventRaiser } from '../../db/domain-events.js';

/**
 * An unpaid order ended (failed, expired) by a statement that reported it (payments.repository.ts
 * markIfPending, settleUnpaid): raised for the metrics, counted once committed. Nothing when the
 * order was not pending (ended before: counted then).
 */
export async function raiseOrderEnded(
  events: EventRaiser,
  executor: DbExecutor,
  orderId: string,
  ended: { provider: string; plan: string } | undefined,
  event: 'failed' | 'expired',
): Promise<void> {
  if (ended) await events.raise(executor, { type: 'order-changed', orderId, provider: ended.provider, plan: ended.plan, event });
}
