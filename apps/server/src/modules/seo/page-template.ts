import { readFile, stat } from 'node:fs/promises';
import { deferAppCode } from './deferred-app-code.js';
import type { InlineStyles } from './inline-styles.js';

const HEAD_START = '<!--app-head-->';
const HEAD_END = '<!--/app-head-->';

interface TemplateParts {
  /** Up to `<html`, then the tag's other attributes (lang and dir removed), then up to the head block. */
  beforeHtml: string;
  htmlAttributes: string;
  beforeHead: string;
  afterHead: string;
}

/**
 * Splits index.html around `<html …>` and the `<!--app-head-->…<!--/app-head-->` block, which
 * holds the default title and description. Without the markers, the head replaces the title and
 * description and goes before `</head>`.
 */
export function splitTemplate(html: string): TemplateParts {
  const htmlTag = /<html\b([^>]*)>/i.exec(html);
  const tagStart = htmlTag?.index ?? 0;
  const tagEnd = htmlTag ? tagStart + htmlTag[0].length : 0;
  const htmlAttributes = (htmlTag?.[1] ?? '').replace(/\s(?:lang|dir)\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/gi, '');
  const rest = html.slice(tagEnd);
  const start = rest.indexOf(HEAD_START);
  const end = rest.indexOf(HEAD_END, start);
  let beforeHead: string;
  let afterHead: string;
  if (start >= 0 && end >= 0) {
    [beforeHead, afterHead] = [rest.slice(0, start), rest.slice(end + HEAD_END.length)];
  } else {
    const headEnd = Math.max(rest.search(/<\/head>/i), 0);
    beforeHead = rest
      .slice(0, headEnd)
      .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
      .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
    afterHead = rest.slice(headEnd);
  }
  return { beforeHtml: htmlTag ? html.slice(0, tagStart) : '', htmlAttributes, beforeHead, afterHead };
}

/** A page the server rendered: the markup inside the root element, and what follows it (the data the browser takes it over with). */
export interface RenderedBody {
  root: string;
  afterRoot: string;
}

const EMPTY_ROOT = '<div id="root"></div>';

export interface PageTemplate {
  /**
   * `endOfHead`: tags put just before `</head>`, after the entry script and its preloads, so the
   * browser asks for the entry first (over HTTP/1.1 only six requests to a host run at once).
   */
  render(page: { head: string; lang: string; dir: 'ltr' | 'rtl'; endOfHead?: string; body?: RenderedBody }): Promise<string>;
}

/**
 * The web app's index.html, read once and again only when the file changes (a rebuild while
 * the server runs), so a request costs one stat and some string concatenation.
 */
export function createPageTemplate(file: string, styles?: InlineStyles): PageTemplate {
  let cached: { mtimeMs: number; parts: TemplateParts; inlined: TemplateParts } | undefined;

  async function load(): Promise<{ parts: TemplateParts; inlined: TemplateParts }> {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const parts = splitTemplate(await readFile(file, 'utf8'));
      const inlined = styles ? { ...parts, afterHead: styles.inline(parts.afterHead) } : parts;
      cached = { mtimeMs, parts, inlined };
    }
    return cached;
  }

  return {
    async render({ head, lang, dir, body, ...rest }) {
      // A rendered body paints before the app's code runs: its styles come inline, not as files
      // the first paint would wait for (inline-styles.ts). The app's shell has nothing to paint yet.
      const template = await load();
      const parts = body ? template.inlined : template.parts;
      const endOfHead = body && styles && rest.endOfHead ? styles.inline(rest.endOfHead) : rest.endOfHead;
      const headEnd = endOfHead ? parts.afterHead.search(/<\/head>/i) : -1;
      let afterHead =
        headEnd >= 0 ? `${parts.afterHead.slice(0, headEnd)}  ${endOfHead}\n  ${parts.afterHead.slice(headEnd)}` : parts.afterHead;
      if (body) {
        // The rendered page is readable without its code, which comes after it (deferred-app-code.ts).
        const deferred = deferAppCode(afterHead);
        const bodyEnd = deferred.html.search(/<\/body>/i);
        afterHead =
          bodyEnd >= 0 && deferred.loader
            ? `${deferred.html.slice(0, bodyEnd)}  ${deferred.loader}\n  ${deferred.html.slice(bodyEnd)}`
            : afterHead;
        // A function replacement: the rendered markup may hold `$` sequences String.replace would interpret.
        afterHead = afterHead.replace(EMPTY_ROOT, () => `<div id="root">${body.root}</div>\n    ${body.afterRoot}`);
      }
      return `${parts.beforeHtml}<html lang="${lang}" dir="${dir}"${parts.htmlAttributes}>${parts.beforeHead}${HEAD_START}\n    ${head}\n    ${HEAD_END}${afterHead}`;
    },
  };
}
