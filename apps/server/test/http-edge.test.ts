import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { HTTP_TIMEOUTS, httpServerOptions } from '../src/lib/http-server-options.js';
import { createMediaSigner } from '../src/modules/media/media-signing.js';
import { createBook } from './helpers/factories.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { until } from './helpers/until.js';

/** The JSON body of a raw HTTP answer. */
const envelopeOf = (raw: string): unknown => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

/** Opens a raw socket to the app, collects what the server sends and notes when it closes. */
function rawClient(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const opened = Date.now();
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - opened)));
  return { socket, closed, received: () => received };
}

describe('HTTP server timeouts', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let port: number;
  const short = {
    headersTimeoutMs: 600,
    requestTimeoutMs: 1_000,
    idleSocketTimeoutMs: 3_000,
    keepAliveTimeoutMs: 700,
    checkIntervalMs: 100,
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    app = await buildApp({ config: ctx.config, database: ctx.database, storage: ctx.storage, logger: false, httpTimeouts: short });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('runs the real server with the production timeouts', () => {
    const server = ctx.app.server;
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestTimeoutMs);
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersTimeoutMs);
    expect(server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveTimeoutMs);
    expect(server.timeout).toBe(HTTP_TIMEOUTS.idleSocketTimeoutMs);
  });

  it('closes a POST whose body trickles in slower than the request timeout', async () => {
    const client = rawClient(port);
    client.socket.write(
      'POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":',
    );
    const trickle = setInterval(() => client.socket.writable && client.socket.write(' '), 200);
    const closedAfter = await client.closed;
    clearInterval(trickle);
    expect(closedAfter).toBeLessThan(short.requestTimeoutMs + 1_500);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(envelopeOf(client.received())).toEqual({ error: expect.any(String), code: 'REQUEST_TIMEOUT' });
  });

  it.each([
    ['a malformed URL', 'GET /%zz\x01 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'VALIDATION_FAILED'],
    ['headers too large', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
    ['a malformed request line', 'GET /healthz NOT-HTTP\r\n\r\n', 400, 'VALIDATION_FAILED'],
    ['a broken header', 'GET /healthz HTTP/1.1\r\nHost x\r\n\r\n', 400, 'VALIDATION_FAILED'],
  ])('answers %s in the error envelope', async (_name, request, status, code) => {
    const client = rawClient(port);
    client.socket.write(request);
    await client.closed;
    expect(client.received()).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(client.received()).toMatch(/content-type: application\/json/i);
    expect(envelopeOf(client.received())).toEqual({ error: expect.any(String), code });
    // No hook runs for these: the site's security headers are written with the answer.
    expect(client.received()).toMatch(/^x-content-type-options: nosniff\r$/im);
    expect(client.received()).toMatch(/^x-frame-options: DENY\r$/im);
    expect(client.received()).toMatch(/^content-security-policy: .*frame-ancestors 'none'/im);
  });

  it('answers a body over the limit 413 in the error envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
  });

  it('closes a connection that never finishes its headers', async () => {
    const client = rawClient(port);
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const closedAfter = await client.closed;
    expect(closedAfter).toBeLessThan(short.requestTimeoutMs + 1_500);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const client = rawClient(port);
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const closedAfter = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfter).toBeGreaterThanOrEqual(short.keepAliveTimeoutMs - 100);
    expect(closedAfter).toBeLessThan(short.keepAliveTimeoutMs + 1_500);
  });
});

/**
 * The keep-alive promise (issue 56 item 13): the server advertises `Keep-Alive: timeout=N` and a
 * client that honours it (Node's fetch, a balancer tuned to it) reuses an idle socket up to N
 * seconds later; the server must not close the socket for idleness before then.
 */
describe('HTTP keep-alive', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let port: number;
  // The production timeouts, a sixtieth of each: the same relations, a minute becomes a second.
  const scaled = Object.fromEntries(Object.entries(HTTP_TIMEOUTS).map(([name, ms]) => [name, Math.round(ms / 60)])) as {
    [K in keyof typeof HTTP_TIMEOUTS]: number;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    app = await buildApp({ config: ctx.config, database: ctx.database, storage: ctx.storage, logger: false, httpTimeouts: scaled });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('never closes an idle socket before the keep-alive it advertises (production values)', () => {
    const server = ctx.app.server;
    // Kept longer than a load balancer's usual 60 s idle timeout, so the balancer closes first...
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    // ...and the socket idle timeout longer still, so the advertised keep-alive holds.
    expect(server.timeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('refuses timeouts whose idle socket timeout would cut the advertised keep-alive', () => {
    expect(() => httpServerOptions({ ...HTTP_TIMEOUTS, idleSocketTimeoutMs: 60_000, keepAliveTimeoutMs: 72_000 })).toThrow(/keep-alive/);
    expect(() => httpServerOptions({ ...HTTP_TIMEOUTS, idleSocketTimeoutMs: 72_000, keepAliveTimeoutMs: 72_000 })).toThrow(/keep-alive/);
    expect(httpServerOptions(HTTP_TIMEOUTS)).toMatchObject({ keepAliveTimeout: 72_000 });
  });

  it('answers a request on a socket reused just before its advertised keep-alive ends', async () => {
    const client = rawClient(port);
    const request = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';
    client.socket.write(request);
    await until(async () => /\r\n\r\n[\s\S]*\}/.test(client.received()));
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(client.received()).toMatch(/^keep-alive: timeout=\d+\r$/im);
    // Idle past what was the socket timeout (a scaled 60 s), within the advertised keep-alive (72 s).
    const idleMs = scaled.keepAliveTimeoutMs - 150;
    expect(idleMs).toBeGreaterThan(Math.round(60_000 / 60));
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const before = client.received().length;
    client.socket.write(request);
    await Promise.race([until(async () => client.received().slice(before).includes('}')), client.closed]);
    expect(client.received().slice(before)).toMatch(/^HTTP\/1\.1 200/);
    client.socket.destroy();
  });
});

describe('request logs', () => {
  let ctx: TestContext;
  const lines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ LOG_LEVEL: 'info', LOG_REQUESTS: 'true' });
  });
  afterAll(() => ctx.close());

  it('never contain the signature of a signed media link', async () => {
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      storage: ctx.storage,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const book = await createBook(ctx, { chapters: 3, freeChapters: 1 });
      const key = book.chapters[2]!.pageKeys[0]!;
      const { exp, sig } = createMediaSigner(ctx.config.mediaSigningSecret, ctx.config.mediaUrlTtlSeconds).sign(key);
      const response = await app.inject({ url: `/media/${key}?exp=${exp}&sig=${sig}` });
      expect(response.statusCode).toBe(200);
      await app.inject({ url: `/api/v1/reader/book/tags?token=secret-token-value` });
    } finally {
      await app.close();
    }
    const logged = lines.join('\n');
    expect(logged).toContain(`exp=`);
    expect(logged).toContain('sig=[redacted]');
    expect(logged).not.toMatch(/sig=[A-Za-z0-9_-]{43}/);
    expect(logged).not.toContain('secret-token-value');
  });
});
