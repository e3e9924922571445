import type { FastifyRequest } from 'fastify';
import { requireAdmin } from '../../http/guards.js';
import type { Actor } from './audit.service.js';

/** The administrator behind a console request, as the audit log names who made a change (403 for anyone else). */
export const actorOf = (request: FastifyRequest): Actor & { userId: number } => {
  const admin = requireAdmin(request);
  return { userId: admin.id, name: admin.username };
};
