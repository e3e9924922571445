import { DEFAULT_LANGUAGE, ErrorCode, LANGUAGES, normalizeLanguage, type Language } from '@inkstream/contracts';
import { badRequest } from './app-error.js';

/** Reads a language parameter; a missing one means the default, an unknown one is a client error. */
export function resolveLanguage(raw: string | undefined): Language {
  if (raw === undefined || raw === '') return DEFAULT_LANGUAGE;
  const language = normalizeLanguage(raw);
  if (!language) throw badRequest(ErrorCode.INVALID_LANGUAGE, `Unsupported language "${raw}"; use one of ${LANGUAGES.join(', ')}`);
  return language;
}

/**
 * The order in which texts are tried for a reader: the asked language; then, for anyone but a
 * Chinese reader, English (an Arabic or French list should not fill its gaps with Chinese); then
 * the book's original language; then anything there is.
 */
export function fallbackOrder(language: string, original: string): string[] {
  const order = [language];
  if (language !== 'zh-cn') order.push('en-us');
  order.push(original);
  return [...new Set(order)];
}

/** Chooses the text for a reader in the fallback order above (the API contract's language rule). */
export function pickTranslation<T extends { language: string }>(rows: readonly T[], language: string, original: string): T | undefined {
  for (const candidate of fallbackOrder(language, original)) {
    const row = rows.find((r) => r.language === candidate);
    if (row) return row;
  }
  return rows[0];
}

/** Like pickTranslation, for one field that may be empty in a translation (an introduction). */
export function pickTranslatedField<T extends { language: string }>(
  rows: readonly T[],
  language: string,
  original: string,
  field: (row: T) => string,
): string {
  for (const candidate of fallbackOrder(language, original)) {
    const row = rows.find((r) => r.language === candidate);
    if (row && field(row) !== '') return field(row);
  }
  return rows.map(field).find((value) => value !== '') ?? '';
}
