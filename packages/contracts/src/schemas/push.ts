import { Type, type Static } from 'typebox';
import { ClosedObject, Result } from './common.js';

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const Base64Url = (length: { min: number; max: number }, description: string) =>
  Type.String({ pattern: '^[A-Za-z0-9_-]+$', minLength: length.min, maxLength: length.max, description });

export const PushSubscriptionBody = ClosedObject({
  endpoint: Type.String({
    format: 'uri',
    maxLength: 2048,
    description: "The push service URL from the browser's PushSubscription (https; never a private or loopback address)",
  }),
  keys: ClosedObject({
    // 65 bytes (an uncompressed P-256 point) are 87 characters; 16 bytes are 22.
    p256dh: Base64Url({ min: 87, max: 88 }, "The browser's P-256 public key (65 bytes)"),
    auth: Base64Url({ min: 22, max: 24 }, 'The authentication secret (16 bytes)'),
  }),
  language: Type.Optional(
    Type.Union([Type.Literal('zh-cn'), Type.Literal('en-us'), Type.Literal('fr-fr'), Type.Literal('es-es'), Type.Literal('ar-sa')], {
      description: 'The language of the notices',
    }),
  ),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;
export const PushUnsubscribeBody = ClosedObject({ endpoint: Type.String({ maxLength: 2048 }) });
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBody>;
export const PushSubscriptionResponse = Result(Type.Object({ subscribed: Type.Boolean() }));
export const PushPublicKeyResponse = Result(
  Type.Object({ public_key: Type.String({ description: 'The VAPID public key (base64url), for pushManager.subscribe' }) }),
);
