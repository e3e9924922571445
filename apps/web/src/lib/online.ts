import { useSyncExternalStore } from 'react';

/**
 * Whether the app has no connection (issue 47). `navigator.onLine` false is reliable (no network
 * interface, airplane mode, the devtools' offline); true only means "maybe": a train's Wi-Fi with no
 * way out, a captive portal, or a page loaded by the service worker while the browser still says
 * online. So a call that failed at the network (not an HTTP error) also counts as offline, until a
 * call gets an answer again or the browser reports the connection back.
 */
let unreachable = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const isOffline = (): boolean => typeof navigator !== 'undefined' && (navigator.onLine === false || unreachable);

/** A call failed at the network (fetch rejected, not aborted): the server cannot be reached now. */
export function reportUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  notify();
}

/** A call got an answer (any HTTP status): the server can be reached. */
export function reportReachable(): void {
  if (!unreachable) return;
  unreachable = false;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

if (typeof window !== 'undefined') window.addEventListener('online', () => reportReachable());

/** isOffline as React state; online while the server renders and while hydrating. */
export const useOffline = (): boolean => useSyncExternalStore(subscribe, isOffline, () => false);
