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

/** The first field (dotted path) holding a non-finite number, if any. */
function nonFiniteField(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || 'value';
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, entry] of Object.entries(value)) {
    const found = nonFiniteField(entry, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
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
  // Callback hooks, not async ones: they run on every request, and a promise each is measurable.
  app.addHook('onRequest', (request, _reply, done) => {
    done(hasNulInUrl(request.url) ? refuse('url') : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    done(request.body !== undefined && containsNul(request.body) ? refuse('body') : undefined);
  });
  // Ajv coerces "Infinity" and "1e400" (in a query, a path or a JSON body's string) to Infinity
  // and then lets it pass an integer schema's maximum; a database refuses such a LIMIT, OFFSET or
  // number of days (a 500). Checked after validation, so it covers every route whatever its schema.
  app.addHook('preHandler', (request, _reply, done) => {
    for (const [where, values] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const field = nonFiniteField(values);
      if (field !== undefined) {
        done(
          new AppError(ErrorCode.VALIDATION_FAILED, 400, `Invalid request: ${field} must be a finite number`, [
            { field, message: `${field} must be a finite number (in the ${where})` },
          ]),
        );
        return;
      }
    }
    done();
  });
}
