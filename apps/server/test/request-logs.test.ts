import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

// Per-request lines are noise at a terminal: at info they appear only with LOG_REQUESTS=true; at
// LOG_LEVEL=debug they appear at debug level; the other lines of a start stay as they were.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Line {
  level: number;
  msg: string;
  req?: { url?: string };
  res?: { statusCode?: number };
}

/** Builds a second app on the test database with these settings, makes two requests and returns its log lines. */
async function logOf(env: Record<string, string>): Promise<Line[]> {
  const lines: Line[] = [];
  const config = loadConfig({
    DATA_DIR: ctx.dataDir,
    DATABASE_URL: ctx.config.databaseUrl ?? '',
    JWT_SECRET: ctx.config.jwtSecret,
    MEDIA_SIGNING_SECRET: ctx.config.mediaSigningSecret,
    ...env,
  });
  const app = await buildApp({
    config,
    database: ctx.database,
    storage: ctx.storage,
    logStream: { write: (line) => lines.push(JSON.parse(line) as Line) },
  });
  try {
    app.log.info('started');
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect((await app.inject('/api/v1/reader/book/tags?token=secret-token-value')).statusCode).toBe(200);
  } finally {
    await app.close();
  }
  return lines;
}

const requestLines = (lines: Line[]) => lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');

describe('per-request log lines', () => {
  it('are left out at the default info level', async () => {
    const lines = await logOf({ LOG_LEVEL: 'info' });
    expect(lines.some((line) => line.msg === 'started')).toBe(true);
    expect(requestLines(lines)).toEqual([]);
  });

  it('appear at info with LOG_REQUESTS=true', async () => {
    const lines = requestLines(await logOf({ LOG_LEVEL: 'info', LOG_REQUESTS: 'true' }));
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed', 'incoming request', 'request completed']);
    expect(lines.every((line) => line.level === 30)).toBe(true);
  });

  it('appear at debug level with LOG_LEVEL=debug, status included and tokens redacted', async () => {
    const lines = requestLines(await logOf({ LOG_LEVEL: 'debug' }));
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed', 'incoming request', 'request completed']);
    expect(lines.every((line) => line.level === 20)).toBe(true);
    expect(lines[0]!.req?.url).toBe('/healthz');
    expect(lines[1]!.res?.statusCode).toBe(200);
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });
});
