import type { Language } from '@inkstream/contracts';
import { formatDateTime, formatLength, formatPrice } from '@inkstream/contracts/formats';
import { PLAN_NAMES } from '@inkstream/contracts/plan-names';
import { planForMonths } from '@inkstream/contracts/plans';

/**
 * Values of the site's own messages, written by the formatters the web app uses too
 * (packages/contracts/src/formats.ts), so a receipt's price and dates read as the profile and the
 * console write them. Messages say instants in UTC, and say so.
 */

/** `amountMinor` in the currency's minor unit (fen, cents). */
export const formatMoney = (amountMinor: number, currency: string, language: Language): string =>
  formatPrice(amountMinor, currency, language);

export const formatInstant = (at: number, language: Language): string => formatDateTime(at, language, { timeZone: 'UTC' });

export { formatLength };

/**
 * What an order bought, in the words the site uses for it: "Monthly pass (1 month)", "月卡（1个月）";
 * the length alone for an order of another length (none is sold today).
 */
export function formatPlan(months: number, language: Language): string {
  const plan = planForMonths(months);
  const length = formatLength({ months }, language);
  if (!plan) return length;
  return language === 'zh-cn' ? `${PLAN_NAMES[language][plan]}（${length}）` : `${PLAN_NAMES[language][plan]} (${length})`;
}

const COIN_WORDS: Record<Language, (coins: string) => string> = {
  'en-us': (n) => `${n} coins`,
  'zh-cn': (n) => `${n} 金币`,
  'fr-fr': (n) => `${n} pièces`,
  'es-es': (n) => `${n} monedas`,
  'ar-sa': (n) => `${n} عملة`,
};

/** A coin pack as a receipt names it: "500 coins", "500 金币" (bonus included). */
export const formatCoins = (coins: number, language: Language): string =>
  COIN_WORDS[language](new Intl.NumberFormat(language).format(coins));
