import { formatCount, formatDate as formatDay, formatDateTime as formatInstant, formatPrice } from '@inkstream/contracts/formats';
import { PLAN_CURRENCY } from '@inkstream/contracts/plans';
import { activeTranslator } from '../../../i18n/active';

// The console writes values with the site's shared formatters (packages/contracts/src/formats.ts):
// the same prices, counts and instants as the reader's screens and the e-mails, in the console's language.
const language = () => activeTranslator().language;

/** An instant in the operator's time zone, which it names ("Dec 26, 2026, 19:20 GMT+8"). */
export const formatDateTime = (iso: string | null | undefined) => (iso ? formatInstant(iso, language(), { style: 'short' }) || iso : '—');

export const formatDate = (iso: string | null | undefined) => (iso ? formatDay(iso, language()) || iso : '—');

/** Yuan from fen ("CN¥10", "10 يوان صيني"). */
export const formatFen = (fen: number) => formatPrice(fen, PLAN_CURRENCY, language());

/** An amount in its currency's minor unit (Stripe prices may be in another currency than yuan). */
export const formatAmount = (amount: number, currency: string) => formatPrice(amount, currency, language());

export const formatNumber = (value: number) => formatCount(value, language());
