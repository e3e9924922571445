import type { DbExecutor } from '../../db/database.js';
import type { PaymentIncidentsTable } from '../../db/schema.js';

export interface NewIncident {
  provider: string;
  reference: string;
  kind: string;
  plan: PaymentIncidentsTable['plan'];
  detail: Record<string, unknown>;
}

/**
 * Keeps a payment we could not apply by ourselves for an admin (`npm run admin -- payment incidents`).
 * Idempotent per (provider, reference, kind), since providers retry. Returns whether it is new.
 */
export async function recordIncident(db: DbExecutor, incident: NewIncident, now: number): Promise<boolean> {
  const row = await db
    .insertInto('payment_incidents')
    .values({ ...incident, detail: JSON.stringify(incident.detail), created_at: now, resolved_at: null, resolution: null })
    .onConflict((oc) => oc.columns(['provider', 'reference', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export const listIncidents = (db: DbExecutor, includeResolved: boolean) => {
  let query = db.selectFrom('payment_incidents').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (!includeResolved) query = query.where('resolved_at', 'is', null);
  return query.execute();
};

export async function listIncidentsPage(db: DbExecutor, state: 'open' | 'resolved' | 'all', page: number, pageSize: number) {
  let base = db.selectFrom('payment_incidents');
  if (state === 'open') base = base.where('resolved_at', 'is', null);
  if (state === 'resolved') base = base.where('resolved_at', 'is not', null);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(page * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const findIncident = (db: DbExecutor, id: number) =>
  db.selectFrom('payment_incidents').selectAll().where('id', '=', id).executeTakeFirst();

/** Closes an open incident once; false when it was resolved already. */
export async function resolveIncident(db: DbExecutor, id: number, resolution: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('payment_incidents')
    .set({ resolved_at: now, resolution })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the console shows of a provider event: the order it concerns, its type and a short summary. */
export interface EventInfo {
  orderId?: string | null;
  eventType?: string | null;
  summary?: string | null;
}

const eventColumns = (info: EventInfo) => ({
  order_id: info.orderId ?? null,
  event_type: info.eventType?.slice(0, 64) ?? null,
  summary: info.summary?.slice(0, 300) ?? null,
});

/** Records that a provider event was handled; false when it had been (the provider resent it). */
export async function recordEventOnce(
  db: DbExecutor,
  provider: string,
  eventId: string,
  now: number,
  info: EventInfo = {},
): Promise<boolean> {
  const row = await db
    .insertInto('payment_events')
    .values({ provider, event_id: eventId, received_at: now, ...eventColumns(info) })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Names the order of an event recorded before the order was known (a Stripe session creates its order). */
export async function attachEventToOrder(db: DbExecutor, provider: string, eventId: string, orderId: string): Promise<void> {
  await db
    .updateTable('payment_events')
    .set({ order_id: orderId })
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .execute();
}

export const listOrderEvents = (db: DbExecutor, orderId: string) =>
  db
    .selectFrom('payment_events')
    .select(['provider', 'event_id', 'event_type', 'summary', 'received_at'])
    .where('order_id', '=', orderId)
    .orderBy('received_at')
    .orderBy('event_id')
    .execute();
