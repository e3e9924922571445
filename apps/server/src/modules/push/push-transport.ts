import http from 'node:http';
import https from 'node:https';
import { checkEndpointUrl, guardedLookup } from './push-endpoint-guard.js';

export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

const TIMEOUT_MS = 10_000;

/**
 * Posts one encrypted push message (built by web-push: VAPID header, RFC 8291 body) and returns
 * the push service's status. The endpoint is checked again here (scheme, literal IP hosts) and the
 * connection goes through guardedLookup (host names), so it only ever reaches a public address,
 * whatever was stored. Plain http only when private endpoints are allowed (tests). `timeoutMs`
 * bounds the whole exchange, not only silences: a service trickling bytes cannot hold a delivery
 * slot for ever.
 */
export function postPush(request: PushRequest, allowPrivate: boolean, timeoutMs = TIMEOUT_MS): Promise<number> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = checkEndpointUrl(request.endpoint, allowPrivate);
    } catch (error) {
      return reject(error as Error);
    }
    const client = url.protocol === 'https:' ? https : http;
    // Unref'd: while the socket is open it keeps the process alive anyway, and once the exchange
    // is settled a stray timer must not hold the admin command line open.
    const deadline = setTimeout(() => giveUp(), timeoutMs).unref();
    const settle = (outcome: () => void) => {
      clearTimeout(deadline);
      outcome();
    };
    const outgoing = client.request(
      url,
      { method: request.method, headers: request.headers, lookup: guardedLookup(allowPrivate), timeout: timeoutMs },
      (response) => {
        response.resume(); // the body says nothing we need
        response.on('end', () => settle(() => resolve(response.statusCode ?? 0)));
        response.on('error', (error) => settle(() => reject(error)));
        // A response cut short (our deadline or the service) must settle too, whatever Node emits first.
        response.on('close', () => response.complete || settle(() => reject(new Error('push service closed the connection early'))));
      },
    );
    const giveUp = () => outgoing.destroy(new Error(`push service did not answer in ${timeoutMs} ms`));
    outgoing.on('timeout', giveUp);
    outgoing.on('error', (error) => settle(() => reject(error)));
    outgoing.end(request.body ?? undefined);
  });
}
