import { DEFAULT_LANGUAGE, normalizeLanguage, type Language } from '@inkstream/contracts';

const BY_PREFIX: Record<string, Language> = { zh: 'zh-cn', fr: 'fr-fr', es: 'es-es', ar: 'ar-sa' };

/** Browser language to ours: zh- → zh-cn, fr- → fr-fr, es- → es-es, ar- → ar-sa, else en-us (spec section 9). */
export const mapBrowserLanguage = (tag: string): Language => BY_PREFIX[tag.trim().toLowerCase().split(/[-_]/)[0] ?? ''] ?? DEFAULT_LANGUAGE;

/**
 * The browser's first choice in an Accept-Language header (highest q, first on ties), mapped as
 * the web app maps `navigator.language`, so the served head and the app agree.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  let best: { tag: string; q: number } | undefined;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.split(';').map((s) => s.trim());
    if (tag === '' || tag === '*') continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best ? mapBrowserLanguage(best.tag) : DEFAULT_LANGUAGE;
}

export interface PageLanguage {
  language: Language;
  /** Chosen by `?lang=`: the page is that language's own URL (canonical and hreflang use it). */
  isExplicit: boolean;
}

/** The cookie in which the web app tells the server the language a reader chose (apps/web lib/language.ts). */
export const LANGUAGE_COOKIE = 'inkstream-language';

/** The chosen language in a Cookie header, when it names one we speak. */
export function languageFromCookie(cookieHeader: string | undefined): Language | null {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([A-Za-z-]{2,10})(?:;|$)`).exec(cookieHeader ?? '');
  return match ? normalizeLanguage(match[1]!) : null;
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
