import { LANGUAGES, type Language } from '@inkstream/contracts';
import { webManifestPath } from '@inkstream/contracts/routes';
import { escapeHtml } from '../../lib/html-escape.js';
import { htmlLang } from './seo-language.js';

/** What one served page says about itself. All text is plain (unescaped); URLs are absolute. */
export interface PageMeta {
  status: 200 | 404;
  language: Language;
  title: string;
  description: string;
  /** false: `<meta name="robots" content="noindex">` (404s, login, register, profile). */
  isIndexable: boolean;
  /** The page's own URL: canonical, og:url and, with `hreflang`, the alternates. */
  url?: { canonical: string; alternates: { hreflang: string; href: string }[] };
  share?: { type: 'website' | 'book' | 'article'; title: string; image: string };
}

/**
 * The language versions of a page: `?lang=<code>` on the same path for each language, and the
 * bare path (language chosen from the browser) as x-default.
 */
export function languageAlternates(absoluteUrl: string): { hreflang: string; href: string }[] {
  const withLang = (language: string) => {
    const url = new URL(absoluteUrl);
    url.searchParams.set('lang', language);
    return url.toString();
  };
  return [...LANGUAGES.map((language) => ({ hreflang: language, href: withLang(language) })), { hreflang: 'x-default', href: absoluteUrl }];
}

const ogLocale = (language: Language) => htmlLang(language).replace('-', '_');

/** The tags that replace the `<!--app-head-->` block of index.html, one per line. */
export function renderHead(meta: PageMeta, siteName: string): string {
  const tags: string[] = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (!meta.isIndexable) tags.push('<meta name="robots" content="noindex" />');
  if (meta.url) {
    tags.push(`<link rel="canonical" href="${escapeHtml(meta.url.canonical)}" />`);
    for (const { hreflang, href } of meta.url.alternates) {
      tags.push(`<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}" />`);
    }
  }
  if (meta.share) {
    const og: [string, string][] = [
      ['og:site_name', siteName],
      ['og:type', meta.share.type],
      ['og:title', meta.share.title],
      ['og:description', meta.description],
      ...(meta.url ? ([['og:url', meta.url.canonical]] as [string, string][]) : []),
      ['og:image', meta.share.image],
      ['og:locale', ogLocale(meta.language)],
      ...LANGUAGES.filter((l) => l !== meta.language).map((l): [string, string] => ['og:locale:alternate', ogLocale(l)]),
    ];
    for (const [property, content] of og) tags.push(`<meta property="${property}" content="${escapeHtml(content)}" />`);
    tags.push('<meta name="twitter:card" content="summary" />');
  }
  tags.push('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  // The install manifest in the page's language (issue 56): its description and shortcuts.
  tags.push(`<link rel="manifest" href="${webManifestPath(meta.language)}" />`);
  return tags.join('\n    ');
}
