import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request lines ("incoming request", "request completed") at the level LOG_REQUESTS
 * asks for: info with LOG_REQUESTS=true, else debug, so a terminal at the default level shows
 * what happens to the site rather than every image fetched, and LOG_LEVEL=debug still shows them.
 * A request that failed while its answer was being sent is logged at error either way.
 */
export class RequestLogController extends LogController {
  constructor(private readonly level: 'info' | 'debug') {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (isLogLevelEnabled(request.log, this.level)) request.log[this.level]({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    // Checked first: the line's fields (the response time reads the clock) cost on every request.
    else if (isLogLevelEnabled(reply.log, this.level))
      reply.log[this.level]({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** pino's level check; a logger without one (logging off) logs nothing anyway. */
export const isLogLevelEnabled = (log: object, level: string) =>
  (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) ?? false;
