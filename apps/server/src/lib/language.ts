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
 * Chooses the text in the asked language, else the original language, else any: a book without a
 * translation in the asked language falls back to its original language (API contract).
 */
export function pickTranslation<T extends { language: string }>(rows: readonly T[], language: string, original: string): T | undefined {
  return rows.find((r) => r.language === language) ?? rows.find((r) => r.language === original) ?? rows[0];
}
