import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the web app: its built files, and index.html for every other browser route so the
 * client-side router can take over. API and media paths that match nothing answer JSON 404.
 */
export async function registerStaticWeb(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: false, index: ['index.html'], decorateReply: false });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/media/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: `No route for ${request.method} ${request.url.split('?')[0]}`, code: ErrorCode.NOT_FOUND });
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html', webDir);
  });
}

/** The built web app when it exists, else the placeholder page shipped with the repository. */
export function resolveWebDir(builtDir: string | null): string {
  return builtDir ?? path.resolve(import.meta.dirname, '../../../web/placeholder');
}
