import type WebPush from 'web-push';
import { loadOnFirstUse } from '../../lib/load-on-first-use.js';

/** The web-push library (VAPID keys, RFC 8291 encryption), loaded with the first push or key generation. */
export const webPushLibrary = loadOnFirstUse<typeof WebPush>('web-push');
