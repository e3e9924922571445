import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedEndpointError } from './push-endpoint-guard.js';
import { postPush } from './push-transport.js';

const push = (endpoint: string) => ({ endpoint, method: 'POST', headers: { TTL: 60 }, body: Buffer.from('x') });

describe('push transport', () => {
  // Counts every connection made to 127.0.0.1, whatever is spoken on it.
  let listener: Server;
  let connections = 0;
  let port = 0;
  beforeAll(async () => {
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  it('never connects to a private address at delivery, even for a stored literal IP (Node skips lookup for those)', async () => {
    for (const endpoint of [
      `https://127.0.0.1:${port}/x`,
      `https://[::ffff:127.0.0.1]:${port}/x`,
      `https://localhost:${port}/x`,
      `http://127.0.0.1:${port}/x`,
      `https://user:pw@push.example.com/x`,
    ]) {
      await expect(postPush(push(endpoint), false), endpoint).rejects.toBeInstanceOf(BlockedEndpointError);
    }
    expect(connections).toBe(0);
  });

  it('gives up on a push service that trickles its answer past the deadline', async () => {
    const slow: HttpServer = createHttpServer((request, response) => {
      request.resume();
      response.writeHead(201);
      // A byte every 20 ms: never silent long enough for an idle timeout.
      const drip = setInterval(() => response.write('.'), 20);
      response.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const endpoint = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/x`;
      await expect(postPush(push(endpoint), true, 200)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});
