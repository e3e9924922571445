import { formatPrice, formatYuanAmount } from '@inkstream/contracts/formats';
import { PLAN_CURRENCY } from '@inkstream/contracts/plans';
import type { Language } from './language';

/**
 * A price in yuan as the reader's language writes money ("CN¥10", "¥10", "10 CNY", "10 يوان صيني"):
 * the shared price formatter (packages/contracts/src/formats.ts), which the console and the e-mails
 * use too.
 */
export const formatYuan = (amount: number, language: Language): string => formatYuanAmount(amount, language);

/** A plan price in fen, as orders carry it. */
export const formatFen = (fen: number, language: Language): string => formatPrice(fen, PLAN_CURRENCY, language);
