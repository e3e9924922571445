import { readFile, stat } from 'node:fs/promises';
import { appCodeLoader, takeAppCode, takeModulePreloads, type AppCode } from './deferred-app-code.js';
import { IMAGE_HOLD_SCRIPT } from './image-hold.js';
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
  /**
   * The page is a picture first (a comic chapter's first page): its code waits for the page's
   * images as well as for the first paint (deferred-app-code.ts).
   */
  codeAfterImages?: boolean;
}

const EMPTY_ROOT = '<div id="root"></div>';

export interface PageTemplate {
  /**
   * `endOfHead`: tags put just before `</head>`, after the entry script and its preloads, so the
   * browser asks for the entry first (over HTTP/1.1 only six requests to a host run at once). With
   * a rendered `body`, the module preloads among them join the entry in the deferred loader instead.
   */
  render(page: { head: string; lang: string; dir: 'ltr' | 'rtl'; endOfHead?: string; body?: RenderedBody }): Promise<string>;
}

/**
 * The web app's index.html, read once and again only when the file changes (a rebuild while
 * the server runs), so a request costs one stat and some string concatenation.
 */
export function createPageTemplate(file: string, styles?: InlineStyles): PageTemplate {
  // `rendered`: the parts for a server-rendered body, styles inline and the app's code taken out
  // (deferred-app-code.ts), done once per file rather than on every request.
  let cached: { mtimeMs: number; parts: TemplateParts; rendered: TemplateParts; code: AppCode } | undefined;

  async function load(): Promise<NonNullable<typeof cached>> {
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const parts = splitTemplate(await readFile(file, 'utf8'));
      const code = takeAppCode(styles ? styles.inline(parts.afterHead) : parts.afterHead);
      cached = { mtimeMs, parts, rendered: { ...parts, afterHead: code.html }, code };
    }
    return cached;
  }

  const beforeHeadEnd = (html: string, tags: string | undefined) => {
    const at = tags ? html.search(/<\/head>/i) : -1;
    return at >= 0 ? `${html.slice(0, at)}  ${tags}\n  ${html.slice(at)}` : html;
  };

  return {
    async render({ head, lang, dir, body, endOfHead }) {
      const template = await load();
      let afterHead: string;
      if (!body) {
        afterHead = beforeHeadEnd(template.parts.afterHead, endOfHead);
      } else {
        // A rendered body paints before the app's code runs: its styles come inline, not as files
        // the first paint would wait for (inline-styles.ts), and the code comes after the page
        // (deferred-app-code.ts). The app's shell, which has nothing to paint yet, keeps both as they were.
        const { entry, preload } = template.code;
        const tags = endOfHead && styles ? styles.inline(endOfHead) : endOfHead;
        // Without an entry to defer (the placeholder page) the hints stay as they are.
        const hints = entry && tags ? takeModulePreloads(tags) : { html: tags ?? '', preload: [] };
        // The image hold runs before the body's image tags are parsed (image-hold.ts).
        afterHead = beforeHeadEnd(template.rendered.afterHead, [IMAGE_HOLD_SCRIPT, hints.html.trim()].filter(Boolean).join('\n    '));
        if (entry) {
          const loader = `  ${appCodeLoader(entry, [...preload, ...hints.preload], { afterImages: body.codeAfterImages === true })}\n  `;
          const bodyEnd = afterHead.search(/<\/body>/i);
          afterHead = bodyEnd >= 0 ? `${afterHead.slice(0, bodyEnd)}${loader}${afterHead.slice(bodyEnd)}` : `${afterHead}${loader}`;
        }
        // A function replacement: the rendered markup may hold `$` sequences String.replace would interpret.
        afterHead = afterHead.replace(EMPTY_ROOT, () => `<div id="root">${body.root}</div>\n    ${body.afterRoot}`);
      }
      return `${template.parts.beforeHtml}<html lang="${lang}" dir="${dir}"${template.parts.htmlAttributes}>${template.parts.beforeHead}${HEAD_START}\n    ${head}\n    ${HEAD_END}${afterHead}`;
    },
  };
}
