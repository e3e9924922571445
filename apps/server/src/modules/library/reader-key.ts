import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VisitorKey, VisitorProofs } from './visitor-proof.js';

/**
 * Who progress and history belong to: the account when logged in, else a visitor whose browser
 * holds the proof of its visitor id (visitor-proof.ts; merged into the account at login).
 */
export type ReaderKey = `u:${number}` | VisitorKey;

export const userReaderKey = (userId: number): ReaderKey => `u:${userId}`;

/** The account of a reader key; null for a visitor. */
export const userIdOfKey = (reader: ReaderKey): number | null => (reader.startsWith('u:') ? Number(reader.slice(2)) : null);

export function createReaderKeys(proofs: VisitorProofs) {
  return {
    /** For reads: null (nothing to show) for a visitor id without its proof, or no reader at all. */
    forRead(request: FastifyRequest): ReaderKey | null {
      if (request.user) return userReaderKey(request.user.id);
      return request.visitorId ? proofs.proven(request, request.visitorId) : null;
    },
    /** For writes: a visitor without the proof of its id is given a new one, so it writes apart. */
    forWrite(request: FastifyRequest, reply: FastifyReply): ReaderKey | null {
      if (request.user) return userReaderKey(request.user.id);
      if (!request.visitorId) return null;
      return proofs.proven(request, request.visitorId) ?? proofs.issue(request, reply, request.visitorId);
    },
    /** For a merge at login: the visitor's key only when this browser holds the proof of `visitorId`. */
    visitor: (request: FastifyRequest, visitorId: string): ReaderKey | null => proofs.proven(request, visitorId),
    clearVisitor: (request: FastifyRequest, reply: FastifyReply) => proofs.clear(request, reply),
  };
}

export type ReaderKeys = ReturnType<typeof createReaderKeys>;
