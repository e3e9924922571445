import { formatCount } from '@inkstream/contracts/formats';
import type { TFunction } from '../../i18n/translator';
import type { Language } from '../../lib/language';

/** A size in the reader's words ("840 kB", "12 MB", "1.5 GB"): one decimal below 10, Latin digits (formats.ts). */
export function sizeText(bytes: number, language: Language, t: TFunction): string {
  const [amount, unit] = bytes >= 1e9 ? [bytes / 1e9, 'gb'] : bytes >= 1e6 ? [bytes / 1e6, 'mb'] : [Math.max(bytes, 1) / 1e3, 'kb'];
  const rounded = amount < 10 ? Math.round(amount * 10) / 10 : Math.round(amount);
  return t(`size.${unit}`, { value: formatCount(rounded, language) });
}
