import type { FastifyInstance } from 'fastify';
import type { DatabaseGate } from '../db/database-gate.js';
import { sendDatabaseUnavailable } from './error-handler.js';

/** What needs the database: the API (not its OpenAPI document), media (public or signed) and the sitemaps. */
const NEEDS_DATABASE = /^\/(api\/(?!docs$)|media\/|sitemap)/;

/**
 * While the start-up work has not reached the database (db/database-gate.ts), what needs it answers
 * 503 with Retry-After, as during an outage, instead of running against a database that is not
 * there or not migrated yet. Pages, static files, /healthz and /readyz answer as usual.
 */
export function registerDatabaseGate(app: FastifyInstance, gate: DatabaseGate): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (gate.isOpen() || !NEEDS_DATABASE.test(request.routeOptions.url ?? request.url)) return done();
    sendDatabaseUnavailable(reply);
  });
}
