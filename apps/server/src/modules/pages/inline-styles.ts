import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../lib/html-escape.js';

/**
 * The web build's stylesheets written into server-rendered pages. A rendered page can paint as
 * soon as its HTML has arrived, but a `<link rel="stylesheet">` in the head holds the first paint
 * until that file has come too: on a phone network that is one more round trip before anything
 * shows (Lighthouse counted two to four such files, about half of the first paint). The styles
 * are small (a page needs about 5 KB of them compressed), so each rendered page carries its own.
 *
 * The Content-Security-Policy allows no inline `<style>`, so the site's policy lists the SHA-256
 * of each stylesheet read here, at start-up; a file not among them (a rebuild while the server
 * runs) keeps its link. Each inline copy is followed by its link marked `disabled`: the browser
 * does not fetch a disabled stylesheet, and the web app's loader, which looks for a stylesheet
 * link before it fetches a lazy screen's styles, finds it there and does not fetch that file again.
 */
export interface InlineStyles {
  /** CSP `style-src` sources that allow exactly these inline copies. */
  readonly cspSources: readonly string[];
  /** `html` with each stylesheet link of a file read at start-up replaced by its inline copy. */
  inline(html: string): string;
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;

export function loadInlineStyles(webDir: string): InlineStyles {
  const assetsDir = path.join(webDir, 'assets');
  const copies = new Map<string, string>();
  const cspSources: string[] = [];
  let files: string[];
  try {
    files = readdirSync(assetsDir).filter((name) => name.endsWith('.css'));
  } catch {
    files = []; // the placeholder page, or no build yet: links stay links
  }
  for (const name of files.sort()) {
    const css = readFileSync(path.join(assetsDir, name), 'utf8');
    // A `</style` inside would end the element early; Vite never writes one, but a link is always safe.
    if (/<\/style/i.test(css)) continue;
    const href = `/assets/${name}`;
    copies.set(href, `<style>${css}</style><link rel="stylesheet" href="${escapeHtml(href)}" disabled />`);
    cspSources.push(`'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`);
  }
  return {
    cspSources,
    inline(html) {
      if (copies.size === 0) return html;
      return html.replace(STYLESHEET_LINK, (link) => {
        const href = HREF.exec(link)?.[1];
        return (href && copies.get(href)) ?? link;
      });
    },
  };
}
