import { htmlLang, isRightToLeft, type Language } from './language';

/**
 * A price in yuan as the reader's language writes money ("CN¥10" in English, "10 CNY" in French,
 * "¥10" in Chinese, "10 يوان صيني" in Arabic), with Western digits like every other number of the
 * site; no cents for whole yuan. Arabic names the currency in words: its symbol form "10 CN¥" mixes
 * Latin letters into right-to-left text and is shown as "¥CN 10".
 */
export function formatYuan(amount: number, language: Language): string {
  return new Intl.NumberFormat(htmlLang(language), {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: isRightToLeft(language) ? 'name' : 'symbol',
    numberingSystem: 'latn',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}
