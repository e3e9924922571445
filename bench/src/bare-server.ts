import { createServer } from 'node:http';

/**
 * The baseline: a bare node:http server answering the benchmarked URLs with the exact bytes the real
 * server gave (status, headers and body), from memory. The gap between the two is what routing, validation, SQL and serialisation cost.
 * Started by run.ts with the port as argument; the responses arrive once over the IPC channel.
 */
interface Handover {
  responses: { path: string; status: number; headers: Record<string, string>; body: string }[];
}

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0 || !process.send) {
  console.error('bare-server: start me from run.ts (fork with IPC) with the port as the only argument');
  process.exit(2);
}

process.once('message', (message: Handover) => {
  const answers = new Map(
    message.responses.map((r) => {
      const body = Buffer.from(r.body, 'base64');
      return [r.path, { status: r.status, headers: { ...r.headers, 'content-length': String(body.length) }, body }];
    }),
  );
  const server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (request.url === '/__bare_ready') {
      response.writeHead(204).end();
    } else if (answer) {
      response.writeHead(answer.status, answer.headers).end(answer.body);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not captured');
    }
  });
  server.listen(port, '127.0.0.1');
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
});
