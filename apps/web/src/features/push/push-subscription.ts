import { readingApi } from '../../lib/api-reading';
import type { Language } from '../../lib/language';
import { SERVICE_WORKER_URL, serviceWorkerRegistration } from '../pwa';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export const isPushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The key in the form pushManager.subscribe wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where this browser stands: no Web Push, notifications blocked, or subscribed or not. */
export async function pushState(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await currentSubscription()) ? 'on' : 'off';
}

/**
 * Asks for permission (the browser's prompt, after the reader's click), subscribes this browser
 * with the site's VAPID key and gives the subscription to the server. Resolves to the new state.
 */
export async function enablePush(language: Language): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  // The same registration the offline layer uses (features/pwa), registered now if the page has not yet.
  const registration = await serviceWorkerRegistration();
  await navigator.serviceWorker.ready;
  const publicKey = await readingApi.pushPublicKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('the browser gave an incomplete push subscription');
  await readingApi.subscribePush({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, language });
  return 'on';
}

/** Stops notices to this browser: the server forgets the subscription, the browser drops it. */
export async function disablePush(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await readingApi.unsubscribePush(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return 'off';
}
