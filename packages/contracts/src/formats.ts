import type { Language } from './languages.js';

/**
 * The one way each kind of value is written to a reader or an operator, shared by the web app
 * (site and console) and the server (e-mails), so a price, a count or an instant reads the same on
 * every screen and in every message. Rules, in every language: Latin digits (Arabic readers see
 * "10" beside "(30 يومًا)", never "١٠" on one line and "30" on the next), the language's own
 * grouping and decimal signs, the Gregorian calendar, and an instant always with its time zone.
 * The words of the site (plan names and the rest) are in docs/GLOSSARY.md.
 */

/** BCP 47 tag for Intl: `ar-sa` → `ar-SA`. */
export const intlLocale = (language: Language): string => language.replace(/-([a-z]+)$/, (_, region: string) => `-${region.toUpperCase()}`);

const rightToLeft = (language: Language) => language === 'ar-sa';

/**
 * A price: `amountMinor` in the currency's minor unit (fen, cents), `currency` an ISO 4217 code.
 * "CN¥10" in English, "¥10" in Chinese, "10 CNY" in French and Spanish, "10 يوان صيني" in Arabic:
 * Arabic names the currency in words, because its symbol form "CN¥ 10" mixes Latin letters into
 * right-to-left text and is shown as "¥CN ١٠٫٠٠". Whole amounts without cents ("10", not "10.00").
 */
export function formatPrice(amountMinor: number, currency: string, language: Language): string {
  const code = currency.toUpperCase();
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code: formatted below without the currency style.
  }
  const amount = amountMinor / 10 ** digits;
  try {
    return new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency: code,
      currencyDisplay: rightToLeft(language) ? 'name' : 'symbol',
      numberingSystem: 'latn',
      minimumFractionDigits: Number.isInteger(amount) ? 0 : digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${formatCount(amount, language)} ${code}`;
  }
}

/** A price of the plans' currency in whole or fractional yuan (the web's plan cards). */
export const formatYuanAmount = (yuan: number, language: Language): string => formatPrice(Math.round(yuan * 100), 'CNY', language);

/** A count (likes, readers, comments, a score): grouped as the language groups ("18,452", "18 452", "18.452"). */
export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language), { numberingSystem: 'latn', maximumFractionDigits: 2 }).format(value);
}

export interface DateTimeOptions {
  /** IANA zone; the reader's own (the browser's) when absent. E-mails pass 'UTC'. */
  timeZone?: string;
  /**
   * `long` (default): "December 26, 2026 at 11:20 UTC", "2026年12月26日 11:20 UTC".
   * `numeric`: "2026/12/26 11:20:10 UTC", the zh-CN shape the product spec asks for the profile's
   * membership expiry in every language.
   * `short`: "Dec 26, 2026, 11:20 UTC", for the console's tables.
   */
  style?: 'long' | 'numeric' | 'short';
}

const DATE_TIME_PARTS: Record<NonNullable<DateTimeOptions['style']>, Intl.DateTimeFormatOptions> = {
  long: { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  short: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  numeric: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' },
};

/**
 * An instant (a membership's end, a payment, a log entry), always with its time zone: the profile
 * in the reader's zone and a receipt in UTC still agree once each says which zone it is in.
 * `at`: epoch milliseconds or an ISO 8601 string; '' for an unreadable one.
 */
export function formatDateTime(at: number | string | Date, language: Language, options: DateTimeOptions = {}): string {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return '';
  const style = options.style ?? 'long';
  const format = new Intl.DateTimeFormat(style === 'numeric' ? 'zh-CN' : intlLocale(language), {
    ...DATE_TIME_PARTS[style],
    hourCycle: 'h23',
    timeZoneName: 'short',
    calendar: 'gregory',
    numberingSystem: 'latn',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
  if (style !== 'numeric') return format.format(ms);
  // zh-CN writes the zone between the date and the time ("2026/12/26 GMT+8 19:20:10"): moved to the end.
  const parts = format.formatToParts(ms);
  const zone = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  const rest = parts
    .filter((part) => part.type !== 'timeZoneName')
    .map((part) => part.value)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return `${rest} ${zone}`.trim();
}

/** A calendar day without a time ("Dec 26, 2026"), for what has no hour: a sign-up day, a coupon's last day. */
export function formatDate(at: number | string | Date, language: Language, options: { timeZone?: string } = {}): string {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return '';
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    calendar: 'gregory',
    numberingSystem: 'latn',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(ms);
}

/** A length of membership: "3 months", "3 个月", "3 mois", "3 meses", "3 أشهر". */
export function formatLength(length: { months: number } | { days: number }, language: Language): string {
  const [unit, n] = 'months' in length ? (['month', length.months] as const) : (['day', length.days] as const);
  return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'long', numberingSystem: 'latn' }).format(n);
}
