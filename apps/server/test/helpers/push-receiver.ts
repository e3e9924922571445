import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 that does what a browser's push service and the browser do with a
 * message: checks the VAPID signature (RFC 8292) and decrypts the body with the subscription's
 * private key and auth secret (RFC 8291, aes128gcm of RFC 8188), written here on node:crypto only,
 * independently of the web-push library the server sends with.
 */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  path: string;
  payload: unknown;
  ttl: string | undefined;
  vapid: { audience: string; subject: string; expiresAt: number; publicKey: string };
}

interface Inbox {
  url: string;
  /** A new browser subscription whose messages this receiver decrypts; `status` is what it answers (201, 404, 410…). */
  subscribe(status?: number): BrowserSubscription;
  received: ReceivedPush[];
  /** Requests that failed verification or decryption (must stay empty). */
  rejected: string[];
  close(): Promise<void>;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: one record, padding delimiter 0x02. */
export function decryptAes128gcm(body: Buffer, receiver: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65 || records.length > recordSize) throw new Error('unexpected aes128gcm header');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(receiver.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const prkKey = hmac(receiver.auth, sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderPublicKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  const end = plain.lastIndexOf(2);
  if (end < 0 || plain.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('bad padding');
  return plain.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT ES256>, k=<public key>`. */
function verifyVapid(header: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [headerPart, claimsPart, signature] = match[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('VAPID signature does not verify');
  const jwtHeader = JSON.parse(Buffer.from(headerPart, 'base64url').toString()) as { alg: string };
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (jwtHeader.alg !== 'ES256') throw new Error(`VAPID alg ${jwtHeader.alg}`);
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud}, expected ${origin}`);
  if (claims.exp * 1000 <= Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600 * 1000 + 60_000)
    throw new Error('VAPID expiry out of range');
  return { audience: claims.aud, subject: claims.sub, expiresAt: claims.exp, publicKey: match[2]! };
}

export async function startPushReceiver(): Promise<Inbox> {
  const subscribers = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const subscriber = subscribers.get(request.url ?? '');
      try {
        if (!subscriber) throw new Error(`unknown endpoint ${request.url}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        const vapid = verifyVapid(request.headers.authorization, origin);
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), subscriber).toString('utf8')) as unknown;
        received.push({ path: request.url ?? '', payload, ttl: request.headers.ttl as string | undefined, vapid });
        response.writeHead(subscriber.status).end();
      } catch (error) {
        rejected.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    received,
    rejected,
    subscribe(status = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${b64(randomBytes(12))}`;
      subscribers.set(path, { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), auth, status });
      return { endpoint: `${origin}${path}`, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
