import { PLANS, type PlanId } from '@inkstream/contracts';
import { toIso } from '../../lib/time.js';
import { findIncident, listIncidents, resolveIncident } from '../../modules/payments/payment-incidents.repository.js';
import { completeSessionOrderWithin } from '../../modules/payments/stripe/stripe-session-order.js';
import { SESSION_INCIDENT_KINDS } from '../../modules/payments/stripe/stripe-webhook.js';
import { CliError, parsePositiveInt, printTable } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';
import { findUser } from './membership-commands.js';

export interface PaymentOptions {
  all?: boolean;
  user?: string;
  plan?: string;
  dismiss?: boolean;
  note?: string;
}

type Detail = Record<string, unknown>;

function parseDetail(json: string): Detail {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Detail) : {};
  } catch {
    return {};
  }
}

/** E-mail and amounts (in the currency's smallest unit) when the provider gave them, else the raw detail. */
function summarize(json: string): string {
  const detail = parseDetail(json);
  const parts: string[] = [];
  if (typeof detail.email === 'string') parts.push(detail.email);
  if (typeof detail.amount_total === 'number') parts.push(`paid ${detail.amount_total} ${String(detail.currency ?? '')}`.trim());
  if (typeof detail.amount_refunded === 'number') {
    parts.push(`refunded ${detail.amount_refunded} of ${String(detail.amount)} ${String(detail.currency ?? '')}`.trim());
  }
  return parts.length > 0 ? parts.join(', ') : json.slice(0, 60);
}

export async function paymentIncidents(ctx: CliContext, options: PaymentOptions): Promise<void> {
  const rows = await listIncidents(ctx.db, options.all === true);
  printTable(
    rows.map((incident) => ({
      id: incident.id,
      provider: incident.provider,
      kind: incident.kind,
      plan: incident.plan,
      reference: incident.reference,
      created: toIso(incident.created_at),
      detail: summarize(incident.detail),
      ...(options.all
        ? { resolved: incident.resolved_at === null ? null : toIso(incident.resolved_at), resolution: incident.resolution }
        : {}),
    })),
    ctx.write,
  );
}

function readPlan(known: PlanId | null, given: string | undefined): PlanId {
  if (given !== undefined && !Object.hasOwn(PLANS, given)) throw new CliError(`--plan must be month or season, got "${given}"`);
  if (known !== null && given !== undefined && given !== known) throw new CliError(`this payment bought the ${known} plan, not ${given}`);
  const plan = known ?? (given as PlanId | undefined);
  if (plan === undefined) throw new CliError('the plan of this payment is unknown: add --plan month or --plan season');
  return plan;
}

async function openIncident(ctx: CliContext, id: number) {
  const incident = await findIncident(ctx.db, id);
  if (!incident) throw new CliError(`no payment incident ${id}`, 1);
  if (incident.resolved_at !== null) {
    throw new CliError(`incident ${id} was resolved ${toIso(incident.resolved_at)}: ${incident.resolution ?? ''}`.trim(), 1);
  }
  return incident;
}

async function dismiss(ctx: CliContext, id: number, note: string | undefined): Promise<void> {
  if (note === undefined || note.trim() === '') throw new CliError('--dismiss needs --note TEXT saying why');
  if (note.length > 500) throw new CliError('--note must be at most 500 characters');
  await openIncident(ctx, id);
  const isResolved = await resolveIncident(ctx.db, id, `dismissed: ${note.trim()}`, Date.now());
  if (!isResolved) throw new CliError(`incident ${id} was resolved meanwhile`, 1);
  ctx.write(`incident ${id} dismissed`);
}

/** Grants a paid Stripe session to the user an admin names, as the webhook would have: one order, once. */
async function grant(ctx: CliContext, id: number, options: PaymentOptions): Promise<void> {
  if (options.note !== undefined) throw new CliError('--note goes with --dismiss');
  const incident = await openIncident(ctx, id);
  if (incident.provider !== 'stripe' || !(SESSION_INCIDENT_KINDS as readonly string[]).includes(incident.kind)) {
    throw new CliError(
      `incident ${id} (${incident.provider} ${incident.kind}) is not a payment to grant; close it with --dismiss --note TEXT`,
      1,
    );
  }
  const plan = readPlan(incident.plan, options.plan);
  const user = await findUser(ctx, options.user);
  const detail = parseDetail(incident.detail);
  if (typeof detail.amount_total !== 'number' || typeof detail.currency !== 'string') {
    throw new CliError(`incident ${id} does not record the amount paid; grant with "membership grant" and dismiss it`, 1);
  }
  const session = {
    sessionId: incident.reference,
    paymentIntent: typeof detail.payment_intent === 'string' ? detail.payment_intent : null,
    amount: detail.amount_total,
    currency: detail.currency,
    plan,
    userId: user.id,
  };
  const now = Date.now();
  const order = await ctx.db.transaction().execute(async (trx) => {
    const result = await completeSessionOrderWithin(trx, ctx.ledger, session, now);
    // Throwing rolls the transaction back: the incident stays open, nothing is granted.
    if (result.userId !== user.id) throw new CliError(`session ${session.sessionId} belongs to another user's order ${result.orderId}`, 1);
    const resolution = `granted ${plan} to ${user.username} as order ${result.orderId}${result.granted ? '' : ' (paid before)'}`;
    if (!(await resolveIncident(trx, id, resolution, now))) throw new CliError(`incident ${id} was resolved meanwhile`, 1);
    return result;
  });
  const membership = await ctx.membership.getMembership(user.id);
  ctx.write(
    `incident ${id} resolved: ${order.granted ? 'granted' : 'already granted'} ${plan} to ${user.username} (order ${order.orderId}); ` +
      `membership ends ${membership?.expire_at ?? '-'}`,
  );
}

export async function paymentResolve(ctx: CliContext, args: string[], options: PaymentOptions): Promise<void> {
  const id = parsePositiveInt(args[0], 'incident id', { max: 2_147_483_647 });
  if (Boolean(options.dismiss) === (options.user !== undefined)) {
    throw new CliError('give exactly one of --user <username> or --dismiss --note TEXT');
  }
  if (options.dismiss) {
    if (options.plan !== undefined) throw new CliError('--plan goes with --user');
    await dismiss(ctx, id, options.note);
  } else await grant(ctx, id, options);
}
