import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useEffect, useRef } from 'react';
import { matchPath, useLocation } from 'react-router';

/** How long a new page may take to show its heading (its data arriving) before focus goes to <main>. */
const HEADING_WAIT_MS = 4000;

/**
 * After a navigation inside the app (not on the first load, where the browser starts at the top),
 * focus moves to the new page's main heading, so a screen reader announces the page and the next
 * Tab starts from its content instead of from the body. The reader's screen is left alone (its own
 * bars and keys). Focus is not taken back from an element the reader chose meanwhile.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const isFirst = useRef(true);

  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    if (matchPath(PAGE_PATTERNS.reading, pathname)) return;
    const focusedAtNavigation = document.activeElement;
    const readerMovedOn = () => {
      const active = document.activeElement;
      return !!active && active !== document.body && active !== focusedAtNavigation && document.contains(active);
    };
    const focus = (target: HTMLElement) => {
      if (readerMovedOn()) return;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    const tryHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      focus(heading);
      return true;
    };
    if (tryHeading()) return;
    const observer = new MutationObserver(() => {
      if (tryHeading()) stop();
    });
    const main = document.querySelector('main') ?? document.body;
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => {
      stop();
      const fallback = document.querySelector<HTMLElement>('main');
      if (fallback) focus(fallback);
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    return stop;
  }, [pathname]);
}
