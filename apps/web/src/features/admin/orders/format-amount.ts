import { activeTranslator } from '../../../i18n/active';

/** An amount in its currency's smallest unit (Stripe prices may be in another currency than yuan). */
export function formatAmount(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat(activeTranslator().language, { style: 'currency', currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${amount} ${code}`;
  }
}
