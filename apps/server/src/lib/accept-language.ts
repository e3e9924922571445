import { DEFAULT_LANGUAGE, type Language } from '@inkstream/contracts';

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
