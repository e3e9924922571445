import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has no connection (issue 47). `navigator.onLine` false is reliable
 * (no network interface, airplane mode, the devtools' offline); true only means "maybe", so callers
 * still treat a failed request as offline where it matters.
 */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** isOffline as React state; online while the server renders and while hydrating. */
export const useOffline = (): boolean => useSyncExternalStore(subscribe, isOffline, () => false);
