import { htmlLang, type Language } from '../../lib/language';
import { parseTimestamp } from '../../lib/relative-time';

/** A date and time in the reader's language and time zone, Latin digits like every number of the app. */
export function formatDateTime(value: string, language: Language): string {
  const ms = parseTimestamp(value);
  if (Number.isNaN(ms)) return value;
  return new Intl.DateTimeFormat(htmlLang(language), { dateStyle: 'medium', timeStyle: 'short', numberingSystem: 'latn' }).format(ms);
}

export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(htmlLang(language), { numberingSystem: 'latn' }).format(value);
}

/** Characters as the server counts them (code points), so an emoji is one, not two. */
export const characterCount = (text: string) => [...text].length;
