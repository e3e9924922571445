import { formatDateTime } from '@inkstream/contracts/formats';
import { DEFAULT_LANGUAGE } from '@inkstream/contracts/languages';
import { parseTimestamp } from '../../lib/relative-time';

export const UNKNOWN_EXPIRY = '--';

/**
 * The membership's end in the zh-CN date-time shape the spec asks for in every language, in the
 * reader's time zone and naming it ("2026/12/26 19:20:10 GMT+8"), so it agrees with the receipt's
 * "December 26, 2026 at 11:20 UTC"; '--' when unknown or unreadable. `timeZone` is for tests.
 */
export function formatExpiry(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return UNKNOWN_EXPIRY;
  const time = parseTimestamp(iso);
  if (Number.isNaN(time)) return UNKNOWN_EXPIRY;
  return formatDateTime(time, DEFAULT_LANGUAGE, { style: 'numeric', ...(timeZone ? { timeZone } : {}) });
}
