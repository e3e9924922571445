import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, type ErrorBody } from '@inkstream/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What node's HTTP parser can refuse before Fastify sees a request, in the API's error envelope. */
function describe(code: string | undefined): { status: number; body: ErrorBody } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, body: { error: 'The request took too long to arrive', code: ErrorCode.REQUEST_TIMEOUT } };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, body: { error: 'The request headers are too large', code: ErrorCode.HEADERS_TOO_LARGE } };
  }
  return { status: 400, body: { error: 'Malformed HTTP request', code: ErrorCode.VALIDATION_FAILED } };
}

/**
 * Fastify's `clientErrorHandler`: answers malformed requests, oversized headers and request
 * timeouts with `{error, code}` like every other failure, with the security headers of a data
 * answer (no hook runs for them), then closes the connection (its state is unknown after a parse
 * error).
 */
export function createClientErrorHandler(securityHeaders: Readonly<Record<string, string>>) {
  const headerLines = Object.entries(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, body } = describe(error.code);
    const json = JSON.stringify(body);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n${headerLines}` +
          `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
      );
    }
    socket.destroy();
  };
}

/**
 * Fastify's `frameworkErrors`: URLs the router refuses before any route runs (a malformed percent
 * escape, a path parameter over the router's length limit) answer 400 in the error envelope. No
 * onRequest hook has run, so the security headers of a data answer (JSON) are set here.
 */
export function createFrameworkErrorHandler(securityHeaders: Readonly<Record<string, string>>) {
  return (error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void => {
    const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The URL is malformed';
    void reply
      .headers(securityHeaders)
      .status(400)
      .type('application/json; charset=utf-8')
      .send({ error: `Invalid request: ${message}`, code: ErrorCode.VALIDATION_FAILED } satisfies ErrorBody);
  };
}
