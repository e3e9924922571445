import { createHash } from 'node:crypto';

/**
 * A server-rendered page is readable before the web app's code arrives: its markup, styles and
 * images are all in the HTML, and its links are plain links. So on such a page the code (the
 * entry script and every chunk the head would have preloaded) is fetched only once the first
 * content is on screen, or at once when the reader touches or types first: the first paint never
 * waits for script (Lighthouse counts every script fetched before the first paint as holding it
 * back). It no longer waits for the load event as well: on a slow phone link that meant waiting
 * for every cover in view, and the book list answered its first tap after 7.8 s instead of about
 * 3.5 s. On such a link the images other than the largest paint wait for the code instead
 * (image-hold.ts).
 *
 * The script tags are moved out of the head into a JSON data block; a small constant loader reads
 * it. The site's Content-Security-Policy allows no inline script, so it lists the loader's SHA-256
 * (`DEFERRED_LOADER_CSP_SOURCE`); the data block is never run, so it needs no allowance.
 */

export const APP_CODE_ID = 'app-code';

/**
 * Longest wait for the first paint (a browser that never reports one must not keep the page
 * inert): after it the code is fetched anyway.
 */
const LONGEST_WAIT_MS = 4_000;

/**
 * Where the loader keeps the browser's install prompt (Chromium's `beforeinstallprompt`) for the
 * app's code to take (apps/web/src/features/pwa/install-prompt.ts): the browser offers it once per
 * page, about when the page has loaded, which on a slow link comes before the deferred code.
 */
export const HELD_INSTALL_PROMPT = '__installPrompt';

/**
 * The loader, plain ES5 with no dependency, so every browser that runs the app runs it. "Painted"
 * is the browser's own first-contentful-paint entry (reported once the frame is on screen, later
 * than the paint itself), then two more frames; a browser without paint entries waits for the
 * frames only. If the entry cannot be fetched, images a slow connection held back are let go.
 */
const LOADER = `(function(){var d=document,w=window;w.addEventListener('beforeinstallprompt',function(e){e.preventDefault();w.${HELD_INSTALL_PROMPT}=e});var c=d.getElementById('${APP_CODE_ID}');if(!c)return;var code=JSON.parse(c.textContent),started=false,events=['pointerdown','touchstart','keydown'];function start(){if(started)return;started=true;events.forEach(function(e){w.removeEventListener(e,start,true)});code.preload.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});var s=d.createElement('script');s.type='module';s.crossOrigin='';s.onerror=function(){d.documentElement.removeAttribute('data-hold-images')};s.src=code.entry;d.head.appendChild(s)}function painted(){if(code.afterImages&&d.readyState!=='complete')w.addEventListener('load',later);else later()}function later(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}events.forEach(function(e){w.addEventListener(e,start,{capture:true,passive:true})});var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();painted()}}).observe({type:'paint',buffered:true})}else painted();setTimeout(start,${LONGEST_WAIT_MS})})();`;

/** The CSP `script-src` source that allows exactly the loader. */
export const DEFERRED_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(LOADER, 'utf8').digest('base64')}'`;

const ENTRY_SCRIPT = /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>\s*/g;

export interface AppCode {
  /** The HTML with the module scripts and module preloads taken out. */
  html: string;
  /** The one entry script; null when there was none or more than one (nothing is taken out then). */
  entry: string | null;
  /** Module preloads in the order they came, each once. */
  preload: string[];
}

/**
 * Takes the web app's entry script and module preloads out of `html`. Without exactly one entry
 * (Vite writes one) the HTML is left whole: a page with no entry has no app to defer.
 */
export function takeAppCode(html: string): AppCode {
  const entries: string[] = [];
  const rest = html.replace(ENTRY_SCRIPT, (_tag, src: string) => {
    entries.push(src);
    return '';
  });
  if (entries.length !== 1) return { html, entry: null, preload: [] };
  return { ...takeModulePreloads(rest), entry: entries[0]! };
}

/** Takes the module preloads out of `html` (the hints of one page, which hold no entry script). */
export function takeModulePreloads(html: string): { html: string; preload: string[] } {
  const preload: string[] = [];
  const rest = html.replace(MODULE_PRELOAD, (_tag, href: string) => {
    if (!preload.includes(href)) preload.push(href);
    return '';
  });
  return { html: rest, preload };
}

/**
 * The data block and the loader that fetches `entry` and `preload`, for the end of the body.
 * `afterImages`: the page is a picture first (a comic chapter), so the code also waits for the load
 * event, that is for the first pages (on a slow link the others are held back for the code,
 * image-hold.ts): on slow 3G the first page then shows after about 1.7 s instead of 3.2 s, sharing
 * the line with nothing, for a take-over about 0.3 s later.
 */
export function appCodeLoader(entry: string, preload: readonly string[], { afterImages = false } = {}): string {
  // `<` escaped so nothing in the data can close the element; URLs are the build's own file names.
  const data = JSON.stringify({ entry, preload: [...new Set(preload)], ...(afterImages ? { afterImages: true } : {}) }).replace(
    /</g,
    '\\u003c',
  );
  return `<script type="application/json" id="${APP_CODE_ID}">${data}</script><script>${LOADER}</script>`;
}
