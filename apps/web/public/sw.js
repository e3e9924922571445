/*
 * Inkstream's service worker: it only shows new-chapter notices (Web Push) and opens them.
 * It caches nothing and never touches requests, so the site works exactly as without it.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/*
 * Only a path on this site is ever opened: '//host' and '/\\host' start with a slash too, so the
 * address is resolved and its origin compared rather than its first character.
 */
function sitePath(value) {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/library';
  try {
    const url = new URL(value, self.location.origin);
    if (url.origin === self.location.origin) return url.pathname + url.search + url.hash;
  } catch {
    // Not an address: the library instead.
  }
  return '/library';
}

self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = {};
  }
  const url = sitePath(notice.url);
  event.waitUntil(
    self.registration.showNotification(notice.title || 'Inkstream', {
      body: notice.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: notice.tag || 'inkstream',
      data: { url },
    }),
  );
});

/*
 * A click shows the chapter: in a tab already on it, else in one of our tabs (navigated there),
 * else in a new one. A tab the worker does not control cannot be navigated (navigate() rejects),
 * so that case falls back to a new tab rather than to nothing at all.
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    event.notification.data && event.notification.data.url ? event.notification.data.url : '/library',
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const showing = windows.find((client) => client.url === target.href);
      if (showing) return showing.focus();
      const ours = windows.find((client) => new URL(client.url).origin === target.origin && 'navigate' in client);
      if (ours) {
        try {
          const navigated = await ours.navigate(target.href);
          if (navigated) return navigated.focus();
        } catch {
          // Not controlled by this worker: open a new tab below.
        }
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});
