import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * A value only the browser knows (local storage, the window's width), read while rendering. The
 * server renders `serverValue`, and so does the browser while it takes over a server-rendered page
 * (hydration must produce the server's markup); React renders again with the browser's value right
 * after. `read` must return the same value for the same state (a primitive, or a kept object).
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(neverChanges, read, () => serverValue);
}
