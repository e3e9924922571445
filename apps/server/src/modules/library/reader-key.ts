import type { FastifyRequest } from 'fastify';

/**
 * Who progress and history belong to: the account when logged in, else the visitor id the web app
 * keeps in local storage (merged into the account at login). null when the client sent neither.
 */
export type ReaderKey = `u:${number}` | `v:${string}`;

export const userReaderKey = (userId: number): ReaderKey => `u:${userId}`;
export const visitorReaderKey = (visitorId: string): ReaderKey => `v:${visitorId}`;

export function readerKeyOf(request: FastifyRequest): ReaderKey | null {
  if (request.user) return userReaderKey(request.user.id);
  if (request.visitorId) return visitorReaderKey(request.visitorId);
  return null;
}
