import { formatCount, formatDateTime as formatInstant } from '@inkstream/contracts/formats';
import type { Language } from '../../lib/language';
import { parseTimestamp } from '../../lib/relative-time';

/** A date and time in the reader's language and time zone, which it names: the site's one date-time formatter. */
export function formatDateTime(value: string, language: Language): string {
  const ms = parseTimestamp(value);
  if (Number.isNaN(ms)) return value;
  return formatInstant(ms, language, { style: 'short' });
}

/** Counts are written by the site's one count formatter. */
export { formatCount };

/** Characters as the server counts them (code points), so an emoji is one, not two. */
export const characterCount = (text: string) => [...text].length;
