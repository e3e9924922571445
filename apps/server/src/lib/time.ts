/** API timestamps are ISO 8601 in UTC with `Z`; the database keeps epoch milliseconds. */
export const toIso = (epochMs: number): string => new Date(epochMs).toISOString();

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Adds calendar months in UTC. When the target month is shorter, the date is clamped to its last
 * day (31 January + 1 month = 28/29 February), the rule most billing systems use.
 */
export function addCalendarMonths(epochMs: number, months: number): number {
  const date = new Date(epochMs);
  const day = date.getUTCDate();
  const target = new Date(epochMs);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}

/**
 * An ISO 8601 instant from a request (already checked as `date-time` by the schema) as epoch ms;
 * null when absent or when it names no real instant (a leap second, 23:59:60), so no NaN is stored.
 */
export function fromIsoOrNull(value: string | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}
