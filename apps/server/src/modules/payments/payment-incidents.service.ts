import { ErrorCode, PLANS, type IncidentListQuery, type Paged, type PaymentIncident, type PlanId } from '@inkstream/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import type { PaymentIncidentsTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { findUserByKey } from '../users/users.repository.js';
import { usernameKey } from '../users/users.service.js';
import type { OrderLedger } from './order-ledger.js';
import * as repo from './payment-incidents.repository.js';
import { completeSessionOrderWithin } from './stripe/stripe-session-order.js';
import { SESSION_INCIDENT_KINDS } from './stripe/stripe-webhook.js';

type Detail = Record<string, unknown>;
type IncidentRow = Selectable<PaymentIncidentsTable>;

export function parseDetail(json: string): Detail {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Detail) : {};
  } catch {
    return {};
  }
}

const canGrant = (incident: Pick<IncidentRow, 'provider' | 'kind'>) =>
  incident.provider === 'stripe' && (SESSION_INCIDENT_KINDS as readonly string[]).includes(incident.kind);

const toIncident = (row: IncidentRow): PaymentIncident => ({
  id: row.id,
  provider: row.provider,
  kind: row.kind,
  plan: row.plan,
  reference: row.reference,
  detail: parseDetail(row.detail),
  can_grant: canGrant(row),
  created_at: toIso(row.created_at),
  resolved_at: row.resolved_at === null ? null : toIso(row.resolved_at),
  resolution: row.resolution,
});

/** 400: what the admin must add (CLI exit code 2); 404/409: the state forbids it (exit code 1). */
const needs = (message: string) => new AppError(ErrorCode.VALIDATION_FAILED, 400, message);
const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, 409, message);

/**
 * Payment incidents (docs/PAYMENTS.md): what a provider paid for but the server could not apply.
 * The console and the CLI (`payment resolve`) both act through this service, with the audit entry
 * in the same transaction as the change.
 */
export function createPaymentIncidentsService(deps: {
  db: Db;
  domainEvents: DomainEvents;
  ledger: OrderLedger;
  audit: AuditService;
  now?: () => number;
}) {
  const { db, domainEvents, ledger, audit } = deps;
  const now = deps.now ?? Date.now;

  async function list(query: IncidentListQuery): Promise<Paged<PaymentIncident>> {
    const page = query.page ?? 0;
    const pageSize = query.page_size ?? 50;
    const { rows, total } = await repo.listIncidentsPage(db, query.state ?? 'open', page, pageSize);
    return { total, items: rows.map(toIncident) };
  }

  async function openIncident(id: number): Promise<IncidentRow> {
    const incident = await repo.findIncident(db, id);
    if (!incident) throw notFound(ErrorCode.NOT_FOUND, `No payment incident ${id}`);
    if (incident.resolved_at !== null) {
      throw conflict(`Incident ${id} was resolved ${toIso(incident.resolved_at)}: ${incident.resolution ?? ''}`.trim());
    }
    return incident;
  }

  async function dismiss(actor: Actor, id: number, note: string): Promise<PaymentIncident> {
    const text = note.trim();
    if (text === '') throw needs('Say why the incident is dismissed');
    await openIncident(id);
    const resolution = `dismissed: ${text}`;
    await domainEvents.transact(async (trx) => {
      if (!(await repo.resolveIncident(trx, id, resolution, now()))) throw conflict(`Incident ${id} was resolved meanwhile`);
      await audit.recordWithin(trx, actor, {
        action: 'incident.dismiss',
        targetType: 'payment_incident',
        targetId: id,
        before: { resolved_at: null },
        after: { resolution },
      });
    });
    return toIncident((await repo.findIncident(db, id))!);
  }

  function readPlan(known: PlanId | 'coins' | null, given: PlanId | undefined): PlanId {
    // A coin pack's payment is settled by hand (refund it, or `coins grant`): docs/PAYMENTS.md "Coins".
    if (known === 'coins') throw conflict('This payment bought a coin pack: refund it, or grant the coins by hand (docs/PAYMENTS.md)');
    if (known !== null && given !== undefined && given !== known) throw conflict(`This payment bought the ${known} plan, not ${given}`);
    const plan = known ?? given;
    if (plan === undefined || !Object.hasOwn(PLANS, plan)) throw needs('The plan of this payment is unknown: choose month or season');
    return plan;
  }

  /** Grants a paid Stripe session to the user an admin names, as the webhook would have: one order, once. */
  async function resolve(actor: Actor, id: number, input: { username: string; plan?: PlanId | undefined }) {
    const incident = await openIncident(id);
    if (!canGrant(incident)) {
      throw conflict(`Incident ${id} (${incident.provider} ${incident.kind}) is not a payment to grant; dismiss it with a note`);
    }
    const plan = readPlan(incident.plan, input.plan);
    const user = await findUserByKey(db, usernameKey(input.username.trim()));
    if (!user) throw notFound(ErrorCode.USER_NOT_FOUND, `No user named "${input.username}"`);
    const detail = parseDetail(incident.detail);
    if (typeof detail.amount_total !== 'number' || typeof detail.currency !== 'string') {
      throw conflict(`Incident ${id} does not record the amount paid; grant the time as membership and dismiss it`);
    }
    const session = {
      sessionId: incident.reference,
      paymentIntent: typeof detail.payment_intent === 'string' ? detail.payment_intent : null,
      amount: detail.amount_total,
      currency: detail.currency,
      product: { plan },
      userId: user.id,
    };
    const at = now();
    const order = await domainEvents.transact(async (trx) => {
      const result = await completeSessionOrderWithin(trx, ledger, session, at);
      // Throwing rolls the transaction back: the incident stays open, nothing is granted.
      if (result.userId !== user.id) throw conflict(`Session ${session.sessionId} belongs to another user's order ${result.orderId}`);
      const resolution = `granted ${plan} to ${user.username} as order ${result.orderId}${result.granted ? '' : ' (paid before)'}`;
      if (!(await repo.resolveIncident(trx, id, resolution, at))) throw conflict(`Incident ${id} was resolved meanwhile`);
      await repo.recordEventOnce(trx, 'stripe', `resolve:${id}`, at, {
        orderId: result.orderId,
        eventType: 'incident.resolve',
        summary: `incident ${id} (${incident.kind}) granted to ${user.username} by ${actor.name}`,
      });
      await audit.recordWithin(trx, actor, {
        action: 'incident.resolve',
        targetType: 'payment_incident',
        targetId: id,
        before: { resolved_at: null },
        after: { resolution, order_id: result.orderId, user: user.username, plan },
      });
      return result;
    });
    return { ...order, plan, user, incident: toIncident((await repo.findIncident(db, id))!) };
  }

  return { list, dismiss, resolve };
}

export type PaymentIncidentsService = ReturnType<typeof createPaymentIncidentsService>;
