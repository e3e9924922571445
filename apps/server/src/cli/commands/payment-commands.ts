import { PLANS, type PlanId } from '@inkstream/contracts';
import { toIso } from '../../lib/time.js';
import { AppError } from '../../lib/app-error.js';
import { CLI_ACTOR } from '../../modules/audit/audit.service.js';
import { listIncidents } from '../../modules/payments/payment-incidents.repository.js';
import { parseDetail } from '../../modules/payments/payment-incidents.service.js';
import { CliError, parsePositiveInt, printTable, requireArg } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';

export interface PaymentOptions {
  all?: boolean;
  user?: string;
  plan?: string;
  dismiss?: boolean;
  note?: string;
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

/** The console and the CLI act through one service; its 400s are usage errors (exit 2), the rest exit 1. */
async function throughService<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof AppError)
      throw new CliError(error.message.charAt(0).toLowerCase() + error.message.slice(1), error.statusCode === 400 ? 2 : 1);
    throw error;
  }
}

/** The console's incident service, acting as the command line (so resolutions are audited). */
const incidentsService = (ctx: CliContext) => ctx.paymentIncidents;

async function dismiss(ctx: CliContext, id: number, note: string | undefined): Promise<void> {
  if (note === undefined || note.trim() === '') throw new CliError('--dismiss needs --note TEXT saying why');
  if (note.length > 500) throw new CliError('--note must be at most 500 characters');
  await throughService(() => incidentsService(ctx).dismiss(CLI_ACTOR, id, note));
  ctx.write(`incident ${id} dismissed`);
}

/** Grants a paid Stripe session to the user an admin names, as the webhook would have: one order, once. */
async function grant(ctx: CliContext, id: number, options: PaymentOptions): Promise<void> {
  if (options.note !== undefined) throw new CliError('--note goes with --dismiss');
  if (options.plan !== undefined && !Object.hasOwn(PLANS, options.plan))
    throw new CliError(`--plan must be month or season, got "${options.plan}"`);
  const username = requireArg(options.user, 'username');
  const plan = options.plan as PlanId | undefined;
  const order = await throughService(() => incidentsService(ctx).resolve(CLI_ACTOR, id, { username, plan }));
  const membership = await ctx.membership.getMembership(order.user.id);
  ctx.write(
    `incident ${id} resolved: ${order.granted ? 'granted' : 'already granted'} ${order.plan} to ${order.user.username} (order ${order.orderId}); ` +
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
