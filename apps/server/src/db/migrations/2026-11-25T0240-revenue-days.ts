import type { Kysely } from 'kysely';

// Frozen history: revenue_days(day, provider, plan, paid_amount, refunded_amount), the paid and
// refunded amounts per UTC day (epoch ms / 86400000), kept by the order-status writers
// (payments.repository.ts), so the dashboard reads days instead of grouping the window's orders
// (issue 27). Existing orders are folded in here, read by id in batches.
// The (status, paid_at) and (status, refunded_at) indexes on payment_orders served only the two
// queries this table replaces: dropped, one index less to keep on every order write.

const BATCH = 1000;
const DAY_MS = 86_400_000;

interface Row {
  day: number;
  provider: string;
  plan: string;
  paid_amount: number;
  refunded_amount: number;
}

interface Tables {
  payment_orders: {
    id: number;
    provider: string;
    plan: string;
    amount_fen: number;
    status: string;
    paid_at: number | null;
    refunded_at: number | null;
  };
  revenue_days: Row;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('revenue_days')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('revenue_days_pkey', ['day', 'provider', 'plan'])
    .execute();
  await backfillRevenueDays(db as unknown as Kysely<Tables>);
  await db.schema.dropIndex('payment_orders_refunded_idx').execute();
  await db.schema.dropIndex('payment_orders_paid_idx').execute();
}

async function backfillRevenueDays(db: Kysely<Tables>): Promise<void> {
  const sums = new Map<string, Row>();
  const add = (at: number, provider: string, plan: string, field: 'paid_amount' | 'refunded_amount', amount: number) => {
    const day = Math.floor(at / DAY_MS);
    const key = `${day}|${provider}|${plan}`;
    const entry = sums.get(key) ?? { day, provider, plan, paid_amount: 0, refunded_amount: 0 };
    entry[field] += amount;
    sums.set(key, entry);
  };
  for (let afterId = 0; ;) {
    const orders = await db
      .selectFrom('payment_orders')
      .select(['id', 'provider', 'plan', 'amount_fen', 'status', 'paid_at', 'refunded_at'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (orders.length === 0) break;
    for (const order of orders) {
      // A refunded order was paid first: counted on its day of payment, and as refunded on its day of refund.
      if ((order.status === 'paid' || order.status === 'refunded') && order.paid_at != null)
        add(Number(order.paid_at), order.provider, order.plan, 'paid_amount', Number(order.amount_fen));
      if (order.status === 'refunded' && order.refunded_at != null)
        add(Number(order.refunded_at), order.provider, order.plan, 'refunded_amount', Number(order.amount_fen));
    }
    afterId = Number(orders[orders.length - 1]!.id);
  }
  const rows = [...sums.values()];
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto('revenue_days')
      .values(rows.slice(i, i + BATCH))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('payment_orders_paid_idx').on('payment_orders').columns(['status', 'paid_at']).execute();
  await db.schema.createIndex('payment_orders_refunded_idx').on('payment_orders').columns(['status', 'refunded_at']).execute();
  await db.schema.dropTable('revenue_days').execute();
}
