import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** A NUL byte, raw or percent-encoded, anywhere in the path or query. */
const hasNulInUrl = (url: string) => url.includes('\u0000') || /%00/i.test(url);

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, entry]) => key.includes('\u0000') || containsNul(entry, depth + 1));
}

const refuse = (where: string) =>
  new AppError(ErrorCode.VALIDATION_FAILED, 400, `Invalid request: the ${where} contains a NUL character`, [
    { field: where, message: `${where} must not contain NUL characters` },
  ]);

/**
 * A last line behind the schemas: no NUL character reaches a handler through the URL or a JSON
 * body, whatever a route's schema forgets (PostgreSQL refuses NUL in text and would answer 500;
 * SQLite would store it). Raw bodies (webhooks) are bytes checked by their signature, not here.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (hasNulInUrl(request.url)) throw refuse('url');
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && containsNul(request.body)) throw refuse('body');
  });
  // Ajv coerces "Infinity" and "1e400" in a query or path to Infinity and then lets it pass an
  // integer schema's maximum; a database refuses such a LIMIT or OFFSET (a 500). Checked after
  // validation, so it covers every route whatever its schema.
  app.addHook('preHandler', async (request) => {
    for (const [where, values] of [
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      if (values === null || typeof values !== 'object') continue;
      for (const [field, value] of Object.entries(values)) {
        if (typeof value === 'number' && !Number.isFinite(value)) {
          throw new AppError(ErrorCode.VALIDATION_FAILED, 400, `Invalid request: ${field} must be a finite number`, [
            { field, message: `${field} must be a finite number (in the ${where})` },
          ]);
        }
      }
    }
  });
}
