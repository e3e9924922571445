import { useEffect } from 'react';

/**
 * Marks the page as taken over (`<html data-interactive>`). It sits inside the routes' Suspense
 * boundary, so its effect runs only when the routed page itself has committed: while a page's
 * code is still on its way, the server's HTML of it is not yet React's, and a click there is not
 * handled (React stops the event but the browser still follows a link or submits a form). Browser
 * tests and the slow-network benchmark wait for this mark. A screen that could not be shown
 * (ScreenErrorBoundary) is taken over too, and marks it as well.
 */
export function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
    // Images a slow connection held back until the code was in may come now (pages/image-hold.ts on the server).
    delete document.documentElement.dataset.holdImages;
  }, []);
  return null;
}
