import { DEFAULT_LANGUAGE, LANGUAGES, normalizeLanguage, type Language } from '@inkstream/contracts/languages';
import { LANGUAGE_COOKIE } from '@inkstream/contracts/routes';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

export { LANGUAGES, type Language };

/** Browser language to ours: zh- → zh-cn, fr- → fr-fr, es- → es-es, ar- → ar-sa, else en-us (spec section 9). */
export function mapBrowserLanguage(browserLanguage: string | undefined): Language {
  const prefix = (browserLanguage ?? '').toLowerCase().split('-')[0];
  switch (prefix) {
    case 'zh':
      return 'zh-cn';
    case 'fr':
      return 'fr-fr';
    case 'es':
      return 'es-es';
    case 'ar':
      return 'ar-sa';
    default:
      return DEFAULT_LANGUAGE;
  }
}

/** The stored language when supported; else the browser's mapped language (spec section 4). */
export function resolveLanguage(stored: string | null, browserLanguage: string | undefined): Language {
  return (stored && normalizeLanguage(stored)) || mapBrowserLanguage(browserLanguage);
}

/**
 * A `?lang=` link (the hreflang alternates the server renders) chooses the language like the
 * selector does, so a search result in French opens the French interface and stays French.
 */
export function adoptLanguageFromUrl(search: string): void {
  const requested = new URLSearchParams(search).get('lang');
  const language = requested ? normalizeLanguage(requested) : null;
  if (language) writeStorage(STORAGE_KEYS.language, language);
}

export function currentLanguage(): Language {
  return resolveLanguage(readStorage(STORAGE_KEYS.language), typeof navigator === 'undefined' ? undefined : navigator.language);
}

export const isRightToLeft = (language: Language) => language === 'ar-sa';

/** BCP 47 tag for Intl and the html lang attribute. */
export const htmlLang = (language: Language) => {
  const [lang, region] = language.split('-');
  return `${lang}-${region!.toUpperCase()}`;
};

/**
 * A language chosen in the selector (or by a `?lang=` link) is sent to the server as a cookie, so
 * the next page arrives rendered in it; without a choice the server follows Accept-Language, as
 * this app follows the browser's language.
 */
export function rememberLanguageForServer(language: Language): void {
  if (!readStorage(STORAGE_KEYS.language)) return;
  try {
    document.cookie = `${LANGUAGE_COOKIE.name}=${language}; ${LANGUAGE_COOKIE.attributes}`;
  } catch {
    // cookies disabled: the server renders in the browser's language and this app re-renders
  }
}

/**
 * Choosing a language stores it and reloads the page (spec section 2); the reloaded page puts focus
 * back on the language selector (takeLanguageSelectorFocus), where the reader left it.
 */
export function chooseLanguage(language: Language): void {
  writeStorage(STORAGE_KEYS.language, language);
  writeSessionFlag(STORAGE_KEYS.focusLanguageSelector);
  window.location.reload();
}

/** True once after a reload caused by a language choice. */
export function takeLanguageSelectorFocus(): boolean {
  try {
    const flagged = window.sessionStorage.getItem(STORAGE_KEYS.focusLanguageSelector) !== null;
    window.sessionStorage.removeItem(STORAGE_KEYS.focusLanguageSelector);
    return flagged;
  } catch {
    return false;
  }
}

function writeSessionFlag(key: string): void {
  try {
    window.sessionStorage.setItem(key, '1');
  } catch {
    // storage disabled: the reloaded page starts at its top, as a fresh page does
  }
}
