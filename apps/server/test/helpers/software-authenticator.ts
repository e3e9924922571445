import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, faithful at the protocol level (WebAuthn Level 2 §6.1,
 * §6.5, CTAP2 CBOR): an ES256 (P-256) key pair per credential, attestation objects of format
 * "none" with authenticatorData built byte by byte, and assertions signed over authenticatorData
 * followed by SHA-256(clientDataJSON). It plays the browser's part too: the JSON it answers is
 * what @simplewebauthn/browser sends (RegistrationResponseJSON / AuthenticationResponseJSON).
 */

// ---- a minimal CBOR encoder (RFC 8949): unsigned and negative integers, bytes, text, maps ----
type Cbor = number | Uint8Array | string | Map<Cbor, Cbor>;
const head = (major: number, length: number): Buffer => {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
};
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The COSE_Key of the public key. */
  cosePublicKey: Buffer;
  /** What the authenticator counts up with each assertion. */
  signCount: number;
  /** The user handle the site gave at registration (base64url). */
  userHandle: string;
}

export interface CeremonyOptions {
  /** The origin the "browser" reports in clientDataJSON (the page's). */
  origin: string;
  /** The RP ID whose hash goes into authenticatorData. */
  rpId: string;
}

/** The ceremony of a browser on the site at `publicUrl`: its origin, and its host name as the RP ID. */
export function ceremonyAt(publicUrl: string): CeremonyOptions {
  const url = new URL(publicUrl);
  return { origin: url.origin, rpId: url.hostname };
}

function newCredential(userHandle: string): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const coseKey = new Map<Cbor, Cbor>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x, 'base64url')],
    [-3, Buffer.from(jwk.y, 'base64url')],
  ]);
  return { id: randomBytes(32), privateKey, cosePublicKey: cbor(coseKey), signCount: 0, userHandle };
}

function authenticatorData(rpId: string, flags: number, signCount: number, attested?: SoftCredential): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(signCount);
  const parts: Uint8Array[] = [sha256(rpId), Buffer.from([flags]), count];
  if (attested) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(attested.id.length);
    parts.push(Buffer.alloc(16) /* AAGUID: none */, idLength, attested.id, attested.cosePublicKey);
  }
  return Buffer.concat(parts);
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');

/** Options the server handed out, as far as the authenticator reads them. */
interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
}

export function createSoftwareAuthenticator() {
  const credentials: SoftCredential[] = [];

  /** navigator.credentials.create(): a new discoverable credential, user verified. */
  function register(options: CreationOptions, ceremony: CeremonyOptions, extra: { flags?: number } = {}) {
    const credential = newCredential(options.user.id);
    credentials.push(credential);
    const flags = extra.flags ?? FLAGS.UP | FLAGS.UV | FLAGS.AT;
    const authData = authenticatorData(ceremony.rpId, flags, credential.signCount, credential);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      credential,
      json: {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        authenticatorAttachment: 'platform' as const,
        clientExtensionResults: { credProps: { rk: true } },
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, ceremony.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      },
    };
  }

  /**
   * navigator.credentials.get(): an assertion by `credential` (the first one by default), its
   * counter moved up by one unless `signCount` says otherwise (a clone replays an old one).
   */
  function assert(
    options: RequestOptions,
    ceremony: CeremonyOptions,
    extra: { credential?: SoftCredential; signCount?: number; flags?: number } = {},
  ) {
    const credential = extra.credential ?? credentials[0];
    if (!credential) throw new Error('no credential registered');
    credential.signCount = extra.signCount ?? credential.signCount + 1;
    const authData = authenticatorData(ceremony.rpId, extra.flags ?? FLAGS.UP | FLAGS.UV, credential.signCount);
    const clientDataJSON = clientData('webauthn.get', options.challenge, ceremony.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }

  return { credentials, register, assert };
}
