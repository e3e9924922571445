import { createHash } from 'node:crypto';
import { DATA_SAVER_COOKIE } from '@inkstream/contracts';

/**
 * On a slow link the first interaction waits for the app's code, and every image the page asks
 * for at the same time shares the line with it: on emulated slow 3G, a book list's eleven covers
 * (210 KB) pushed the moment it answered a tap from about 3.5 s to 7.8 s. So when the browser
 * reports a slow connection or the reader's data saver (the Network Information API: an effective
 * type of 3G or worse, or `saveData`), or the reader switched the site's own data saver on (its
 * cookie, apps/web/src/lib/data-saving.ts), this script, run from the head before any image tag is
 * parsed, marks `<html data-hold-images>`. The page's CSS then leaves lazy covers and page images
 * unrendered (a lazy image that is not rendered is not fetched) while their boxes keep their size;
 * the largest paint (the first cover, the first page) is eager and comes at once. The app removes
 * the mark when it has taken the page over; the deferred loader removes it if the code fails to
 * load; and after HOLD_LIMIT_MS the script lifts it whatever happened. Browsers without the API
 * (Safari, Firefox) are never held, and neither is a page without JavaScript.
 */

export const HOLD_ATTRIBUTE = 'data-hold-images';

/** Longest hold: on a link so slow the code takes longer, the images come anyway. */
const HOLD_LIMIT_MS = 15_000;

const SCRIPT = `(function(){var c=navigator.connection,h=document.documentElement;if((c&&(c.saveData||/^(slow-2g|2g|3g)$/.test(c.effectiveType)))||/(^|;\\s*)${DATA_SAVER_COOKIE.name}=on(;|$)/.test(document.cookie)){h.setAttribute('${HOLD_ATTRIBUTE}','');setTimeout(function(){h.removeAttribute('${HOLD_ATTRIBUTE}')},${HOLD_LIMIT_MS})}})();`;

/** The CSP `script-src` source that allows exactly this script. */
export const IMAGE_HOLD_CSP_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT, 'utf8').digest('base64')}'`;

/** The script element for the head of a server-rendered page. */
export const IMAGE_HOLD_SCRIPT = `<script>${SCRIPT}</script>`;
