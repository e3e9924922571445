import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from './push-endpoint-guard.js';

export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

const TIMEOUT_MS = 10_000;

/**
 * Posts one encrypted push message (built by web-push: VAPID header, RFC 8291 body) and returns
 * the push service's status. The connection goes through guardedLookup, so it only ever reaches a
 * public address. Plain http only when private endpoints are allowed (tests).
 */
export function postPush(request: PushRequest, allowPrivate: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.endpoint);
    const isHttps = url.protocol === 'https:';
    if (!isHttps && !(allowPrivate && url.protocol === 'http:')) return reject(new Error('push endpoints must use https'));
    const client = isHttps ? https : http;
    const outgoing = client.request(
      url,
      { method: request.method, headers: request.headers, lookup: guardedLookup(allowPrivate), timeout: TIMEOUT_MS },
      (response) => {
        response.resume(); // the body says nothing we need
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`push service did not answer in ${TIMEOUT_MS} ms`)));
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}
