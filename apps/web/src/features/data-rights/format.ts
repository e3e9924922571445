import { formatCount, formatDateTime } from '@inkstream/contracts/formats';
import type { Language } from '../../lib/language';

/** An instant (epoch ms) as the profile writes it, with its time zone (formats.ts): an archive's end, the deletion's day. */
export const whenOf = (at: number, language: Language) => formatDateTime(at, language);

/** An archive's size as a number and the key of its unit's words ("840 kB", "1.2 MB"), one decimal below 10. */
export function sizeOf(bytes: number, language: Language): { key: 'export.sizeMb' | 'export.sizeKb'; value: string } {
  const [amount, key] =
    bytes >= 1_000_000 ? [bytes / 1_000_000, 'export.sizeMb' as const] : [Math.max(bytes, 1) / 1_000, 'export.sizeKb' as const];
  const rounded = amount < 10 ? Math.round(amount * 10) / 10 : Math.round(amount);
  return { key, value: formatCount(rounded, language) };
}
