/** Languages the product speaks; the API accepts them case-insensitively. */
export const LANGUAGES = ['zh-cn', 'en-us', 'fr-fr', 'es-es', 'ar-sa'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-us';

/** Returns the canonical language code, or null when the value is not one we support. */
export function normalizeLanguage(value: string): Language | null {
  const lower = value.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(lower) ? (lower as Language) : null;
}
