import { loadNotices } from './load-notices';

/** The site's one service worker (src/service-worker/, built to /sw.js): the offline layer and Web Push share its registration and scope. */
export const SERVICE_WORKER_URL = '/sw.js';

// Part of every first load (main.tsx), so kept to the registration and to noticing a new version;
// the notice itself is a lazy chunk (app-notices.tsx).
let registering: Promise<ServiceWorkerRegistration> | null = null;

/**
 * The service worker's registration, registering it first if this page has not yet. Rejects where
 * the browser has no service workers or refused it (the next call tries again).
 */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  registering ??= navigator.serviceWorker.register(SERVICE_WORKER_URL).then(watchForUpdates, (error: unknown) => {
    registering = null;
    throw error;
  });
  return registering;
}

/**
 * Registers the worker for every visitor once the page has loaded and the browser is idle: its
 * install downloads the app's files for offline use, which must not compete with the page's own.
 */
export function registerServiceWorkerWhenIdle(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  const register = () => whenIdle(() => void serviceWorkerRegistration().catch(() => undefined), { timeout: 10_000 });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * A new version waits only where an older one controls the page (the worker's install skips the
 * wait when it is the first): found at registration, or installed while the page is open. Then
 * "Update ready — Reload" loads and shows.
 */
function watchForUpdates(registration: ServiceWorkerRegistration): ServiceWorkerRegistration {
  const announce = () => {
    const { waiting } = registration;
    if (waiting && navigator.serviceWorker.controller) void loadNotices().then((notices) => notices.announceUpdate(waiting));
  };
  announce();
  registration.addEventListener('updatefound', () => registration.installing?.addEventListener('statechange', announce));
  return registration;
}
