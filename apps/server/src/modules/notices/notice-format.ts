import type { Language } from '@inkstream/contracts';

/**
 * Values of the site's own messages written the way the reader's language writes them: money,
 * an instant (in UTC, said so), a length of membership. Western digits and the Gregorian calendar
 * in every language, as on the site (apps/web/src/lib/format-price.ts); Arabic names the currency
 * in words, its symbol form mixes Latin letters into right-to-left text.
 */
const locale = (language: Language) => language.replace(/-([a-z]+)$/, (_, region: string) => `-${region.toUpperCase()}`);
const rightToLeft = (language: Language) => language === 'ar-sa';

/** `amountMinor` in the currency's minor unit (fen, cents). */
export function formatMoney(amountMinor: number, currency: string, language: Language): string {
  const amount = amountMinor / 100;
  try {
    return new Intl.NumberFormat(locale(language), {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: rightToLeft(language) ? 'name' : 'symbol',
      numberingSystem: 'latn',
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  } catch {
    // An unknown currency code: the number and the code as stored.
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function formatInstant(at: number, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
    calendar: 'gregory',
    numberingSystem: 'latn',
  }).format(at);
}

/** "3 months", "3 个月", "3 mois", "3 meses", "3 أشهر". */
export function formatLength(length: { months: number } | { days: number }, language: Language): string {
  const [unit, n] = 'months' in length ? (['month', length.months] as const) : (['day', length.days] as const);
  return new Intl.NumberFormat(locale(language), { style: 'unit', unit, unitDisplay: 'long', numberingSystem: 'latn' }).format(n);
}
