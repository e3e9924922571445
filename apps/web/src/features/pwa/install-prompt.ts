import { onChapterFinished } from '../../lib/chapter-finished';
import { loadNotices } from './load-notices';

// Part of every first load (main.tsx): holding the browser's install prompt must start with the
// page. Only Chromium browsers fire it, and only while the site is installable and not installed;
// what to do with it (count the visit, decide, show the offer) is a lazy chunk (app-notices.tsx).

/**
 * Holds the browser's install prompt instead of letting it show its own, for the install offer;
 * and notes a finished chapter (lib/chapter-finished.ts), a moment to offer the install, where a
 * browser can install the site at all (the prompt's event exists).
 */
export function watchInstallPrompt(): void {
  const hold = (event: Event) => {
    event.preventDefault();
    void loadNotices().then((notices) => notices.holdInstallPrompt(event));
  };
  // A server-rendered page's code comes after its first paint, maybe after the prompt: the page's
  // loader held it (apps/server/src/modules/pages/deferred-app-code.ts, HELD_INSTALL_PROMPT).
  const held = (window as { __installPrompt?: Event }).__installPrompt;
  if (held) hold(held);
  window.addEventListener('beforeinstallprompt', hold);
  onChapterFinished(() => {
    if ('onbeforeinstallprompt' in window) void loadNotices().then((notices) => notices.noteChapterFinished());
  });
}
