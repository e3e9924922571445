import { activeTranslator } from '../../../i18n/active';

/** A date and time in the console's language (operators read local time). */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat(activeTranslator().language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';

export const formatDate = (iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat(activeTranslator().language, { dateStyle: 'medium' }).format(new Date(iso)) : '—';

/** Yuan from fen, in the console's language (¥10.00 / CN¥10.00). */
export const formatFen = (fen: number) =>
  new Intl.NumberFormat(activeTranslator().language, { style: 'currency', currency: 'CNY' }).format(fen / 100);

export const formatNumber = (value: number) => new Intl.NumberFormat(activeTranslator().language).format(value);
