/*
 * Inkstream's service worker: it only shows new-chapter notices (Web Push) and opens them.
 * It caches nothing and never touches requests, so the site works exactly as without it.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = {};
  }
  const url = typeof notice.url === 'string' && notice.url.startsWith('/') ? notice.url : '/library';
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

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    event.notification.data && event.notification.data.url ? event.notification.data.url : '/library',
    self.location.origin,
  );
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === target.origin && 'focus' in client) {
          return client.navigate(target.href).then((navigated) => (navigated || client).focus());
        }
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
