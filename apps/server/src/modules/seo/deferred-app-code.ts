import { createHash } from 'node:crypto';

/**
 * A server-rendered page is readable before the web app's code arrives: its markup, styles and
 * images are all in the HTML, and its links are plain links. So on such a page the code (the
 * entry script and every chunk the head would have preloaded) is fetched only once the page has
 * loaded and painted, or at once when the reader touches or types first. Content first, then
 * interactivity, as islands frameworks hydrate "when idle": on a slow phone link the covers and
 * the comic pages no longer share the line with ~100 KB of script, and the first paint never waits
 * for script (Lighthouse counts every script fetched before the first paint as holding it back).
 *
 * The script tags are moved out of the head into a JSON data block; a small constant loader reads
 * it. The site's Content-Security-Policy allows no inline script, so it lists the loader's SHA-256
 * (`DEFERRED_LOADER_CSP_SOURCE`); the data block is never run, so it needs no allowance.
 */

export const APP_CODE_ID = 'app-code';

/**
 * Longest wait for the load event (a stalled image must not keep the page inert): after it the
 * code is fetched anyway, as it was before this deferral.
 */
const LONGEST_WAIT_MS = 4_000;

/**
 * The loader, plain ES5 with no dependency, so every browser that runs the app runs it. "Painted"
 * is the browser's own first-contentful-paint entry (reported once the frame is on screen, later
 * than the paint itself), then two more frames so the images that finished with the load event
 * are on screen too; a browser without paint entries waits for the frames only.
 */
const LOADER = `(function(){var d=document,w=window,c=d.getElementById('${APP_CODE_ID}');if(!c)return;var code=JSON.parse(c.textContent),started=false,loaded=false,painted=false,events=['pointerdown','touchstart','keydown'];function start(){if(started)return;started=true;events.forEach(function(e){w.removeEventListener(e,start,true)});code.preload.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=code.entry;d.head.appendChild(s)}function later(){if(loaded&&painted)requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}events.forEach(function(e){w.addEventListener(e,start,{capture:true,passive:true})});var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();painted=true;later()}}).observe({type:'paint',buffered:true})}else painted=true;function onLoad(){loaded=true;later()}if(d.readyState==='complete')onLoad();else w.addEventListener('load',onLoad);setTimeout(start,${LONGEST_WAIT_MS})})();`;

/** The CSP `script-src` source that allows exactly the loader. */
export const DEFERRED_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(LOADER, 'utf8').digest('base64')}'`;

const ENTRY_SCRIPT = /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>\s*/g;

export interface DeferredAppCode {
  /** The HTML with the module scripts and module preloads taken out. */
  html: string;
  /** The data block and the loader, for the end of the body; empty when there was no entry script. */
  loader: string;
}

/** Takes the web app's entry script and module preloads out of `html` (a page's head part) into a deferred loader. */
export function deferAppCode(html: string): DeferredAppCode {
  const entries: string[] = [];
  const preload: string[] = [];
  let rest = html.replace(ENTRY_SCRIPT, (_tag, src: string) => {
    entries.push(src);
    return '';
  });
  // Only one entry is expected (Vite writes one): with none, or several, the page is left as it is.
  if (entries.length !== 1) return { html, loader: '' };
  rest = rest.replace(MODULE_PRELOAD, (_tag, href: string) => {
    if (!preload.includes(href)) preload.push(href);
    return '';
  });
  // `<` escaped so nothing in the data can close the element; URLs are the build's own file names.
  const data = JSON.stringify({ entry: entries[0], preload }).replace(/</g, '\\u003c');
  return {
    html: rest,
    loader: `<script type="application/json" id="${APP_CODE_ID}">${data}</script><script>${LOADER}</script>`,
  };
}
