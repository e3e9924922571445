import { htmlLang, type Language } from './language';

/**
 * A price in yuan as the reader's language writes money ("CN¥10" in English, "10 CNY" in French,
 * "¥10" in Chinese), with Western digits like every other number of the site; no cents for whole yuan.
 */
export function formatYuan(amount: number, language: Language): string {
  return new Intl.NumberFormat(htmlLang(language), {
    style: 'currency',
    currency: 'CNY',
    numberingSystem: 'latn',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}
