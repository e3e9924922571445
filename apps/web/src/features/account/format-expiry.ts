import { parseTimestamp } from '../../lib/relative-time';

/** The spec shows membership expiry in the zh-CN date-time format whatever the interface language. */
const ZH_CN_DATE_TIME = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export const UNKNOWN_EXPIRY = '--';

/** Formats an ISO timestamp in the reader's time zone, or '--' when unknown or unreadable. */
export function formatExpiry(iso: string | null | undefined, format: Intl.DateTimeFormat = ZH_CN_DATE_TIME): string {
  if (!iso) return UNKNOWN_EXPIRY;
  const time = parseTimestamp(iso);
  return Number.isNaN(time) ? UNKNOWN_EXPIRY : format.format(time);
}
