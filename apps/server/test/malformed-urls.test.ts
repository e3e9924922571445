import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createBook, type TestBook } from './helpers/factories.js';
import { createTestContext, TEST_DIALECT, type TestContext } from './helpers/test-context.js';

/**
 * URLs no link of the site makes, which crawlers and scanners send anyway: page paths that start
 * with `//` (which URL parsers read as another host) and malformed percent escapes. Each answers
 * 4xx with the site's security headers, and nothing is logged as an error.
 */
let ctx: TestContext;
let app: FastifyInstance;
let book: TestBook;
const logged: { level: number; msg?: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  book = await createBook(ctx, { chapters: 1, titles: { 'en-us': 'The Double Slash' } });
  // The app again, with its log read: an unhandled error is logged at level 50.
  app = await buildApp({
    config: { ...ctx.config, logLevel: 'warn' },
    database: ctx.database,
    storage: ctx.storage,
    logStream: { write: (line: string) => void logged.push(JSON.parse(line) as { level: number; msg?: string }) },
  });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
}

/** The status line and headers of a GET of `target` exactly as written, over a raw socket. */
function rawGet(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) {
        socket.destroy();
        resolve(received.slice(0, end));
      }
    });
    socket.on('error', reject);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

describe(`page paths that start with // on ${TEST_DIALECT}`, () => {
  it('answer 404 as an HTML page, never 5xx, redirect nowhere and log no error', async () => {
    const paths = ['//', '///', '//%3C%3E', '//evil.example/x', `//book/chapters/${book.uuid}`, '//?lang=ar-sa'];
    for (const url of paths) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(String(response.headers['content-type']), url).toContain('text/html');
      expect(response.headers.location, url).toBeUndefined();
      expect(response.body, url).not.toContain('evil.example');
      expectSecurityHeaders(response.headers, url);
    }
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('answer 404 as sent on the wire, where no client library has normalised them (a backslash too)', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (const target of ['//', '//%3C%3E', '/\\evil.example', '/\\/evil.example/']) {
      const head = await rawGet(port, target);
      expect(head, target).toMatch(/^HTTP\/1\.1 404 /);
      expect(head, target).toMatch(/^x-content-type-options: nosniff$/im);
      expect(head, target).not.toMatch(/^location:/im);
    }
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('leave the single-slash pages as they were', async () => {
    expect((await app.inject({ url: '/' })).statusCode).toBe(200);
    const page = await app.inject({ url: `/book/chapters/${book.uuid}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The Double Slash');
  });
});

describe(`malformed URLs on ${TEST_DIALECT}`, () => {
  it('answer 400 in the error envelope with the security headers, API and pages alike', async () => {
    for (const url of ['/api/v1/%zz', '/books/%zz', '/%zz', `/api/v1/comics/chapters/${book.uuid}%E0%A4%A/en-us/asc/0/10`, '/reader/%']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: expect.any(String), code: 'VALIDATION_FAILED' });
      expectSecurityHeaders(response.headers, url);
    }
  });
});
