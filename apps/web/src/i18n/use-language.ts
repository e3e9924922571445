import { DEFAULT_LANGUAGE, normalizeLanguage } from '@inkstream/contracts/languages';
import { useTranslation } from './use-translation';
import type { Language } from '../lib/language';

/**
 * The language this screen renders in: the one its translations were loaded for. Use it, not
 * `currentLanguage()`, while rendering: on the server several pages in different languages render
 * at once (entry-server.tsx), each with its own translations, and there is no browser to ask.
 */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}
