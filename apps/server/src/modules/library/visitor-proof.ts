import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../http/cookies.js';

/**
 * The proof that a browser is the visitor it says it is. A visitor id (X-VISITOR-ID, 8 hex
 * characters by the spec) is only 32 bits and is sent in clear, so it cannot be what a visitor's
 * progress is kept under: anyone could guess it. On the first visitor write the server sets an
 * HttpOnly cookie naming the visitor id with 128 random bits and an HMAC over both; progress is
 * kept under a key derived from the id and those bits. A visitor-keyed read or a merge without the
 * cookie finds nothing, and a second browser that guesses the id gets a cookie of its own, so its
 * writes land apart from the first browser's.
 */
export const VISITOR_COOKIE = 'inkstream_visitor';
/** The reader key a proof opens: a digest of the visitor id and the proof's random part, never the bare id. */
export type VisitorKey = `v:${string}`;
/** Only the calls that use it receive it. */
const COOKIE_PATH = '/api/v1/reader';
/** As long as a visitor's progress is kept after the last read (progress.service). */
const COOKIE_MAX_AGE_SECONDS = 180 * 86_400;
const COOKIE_VALUE = /^([0-9a-f]{8})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface VisitorProofs {
  /** The reader key of `visitorId` when the request carries this server's proof for it, else null. */
  proven(request: FastifyRequest, visitorId: string): VisitorKey | null;
  /** Sets a new proof for `visitorId` on the answer and returns the reader key it opens. */
  issue(request: FastifyRequest, reply: FastifyReply, visitorId: string): VisitorKey;
  /** Tells the browser to drop its proof (after a merge has moved what it opened). */
  clear(request: FastifyRequest, reply: FastifyReply): void;
}

const cookieHeader = (request: FastifyRequest, value: string, maxAgeSeconds: number) =>
  [
    `${VISITOR_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    // Behind a TLS proxy `request.protocol` follows X-Forwarded-Proto when TRUST_PROXY allows it.
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ].join('; ');

/** `serverSecret`: JWT_SECRET; the proof's key is derived from it, so no new secret must be kept. */
export function createVisitorProofs(serverSecret: string): VisitorProofs {
  const key = createHmac('sha256', serverSecret).update('inkstream-visitor-proof').digest();
  const mac = (...parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
  // 22 base64url characters (132 bits): the reader_key columns hold 24.
  const readerKeyOf = (visitorId: string, nonce: string): VisitorKey => `v:${mac('reader', visitorId, nonce).slice(0, 22)}`;

  return {
    proven(request, visitorId) {
      const match = COOKIE_VALUE.exec(readCookie(request.headers.cookie, VISITOR_COOKIE) ?? '');
      if (!match || match[1] !== visitorId) return null;
      const [, id, nonce, signature] = match as unknown as [string, string, string, string];
      if (!timingSafeEqual(Buffer.from(signature), Buffer.from(mac('proof', id, nonce)))) return null;
      return readerKeyOf(id, nonce);
    },
    issue(request, reply, visitorId) {
      const nonce = randomBytes(16).toString('base64url');
      reply.header('set-cookie', cookieHeader(request, `${visitorId}.${nonce}.${mac('proof', visitorId, nonce)}`, COOKIE_MAX_AGE_SECONDS));
      return readerKeyOf(visitorId, nonce);
    },
    clear(request, reply) {
      reply.header('set-cookie', cookieHeader(request, '', 0));
    },
  };
}
