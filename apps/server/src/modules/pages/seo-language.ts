import { LANGUAGE_COOKIE, normalizeLanguage, type Language } from '@inkstream/contracts';
import { readCookie } from '../../http/cookies.js';
import { languageFromAcceptLanguage } from '../../lib/accept-language.js';

export interface PageLanguage {
  language: Language;
  /** Chosen by `?lang=`: the page is that language's own URL (canonical and hreflang use it). */
  isExplicit: boolean;
}

/** The chosen language in a Cookie header, when it names one we speak. */
export function languageFromCookie(cookieHeader: string | undefined): Language | null {
  const value = readCookie(cookieHeader, LANGUAGE_COOKIE.name);
  return value !== null && /^[A-Za-z-]{2,10}$/.test(value) ? normalizeLanguage(value) : null;
}

/**
 * `?lang=` when it names a language we speak, else the language the reader chose in the app (its
 * cookie), else the Accept-Language mapping: the order in which the web app picks its language.
 */
export function choosePageLanguage(queryLang: string | null, acceptLanguage: string | undefined, cookieHeader?: string): PageLanguage {
  const explicit = queryLang ? normalizeLanguage(queryLang) : null;
  if (explicit) return { language: explicit, isExplicit: true };
  return { language: languageFromCookie(cookieHeader) ?? languageFromAcceptLanguage(acceptLanguage), isExplicit: false };
}

/** BCP 47 tag for `<html lang>` and og:locale: zh-cn → zh-CN. */
export const htmlLang = (language: Language): string => language.replace(/-(\w+)$/, (_, region: string) => `-${region.toUpperCase()}`);

export const isRightToLeft = (language: Language): boolean => language === 'ar-sa';
