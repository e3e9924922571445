import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createInvalidationBus, type InvalidationBus } from '../src/modules/cluster/invalidation-bus.js';
import { createTestContext, createTestDatabase, TEST_DIALECT } from './helpers/test-context.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silentLog = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => silentLog, level: 'silent' };
const log = silentLog as unknown as Parameters<typeof createInvalidationBus>[0]['log'];

const opened: InvalidationBus[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(opened.map((bus) => bus.close()));
  for (const cleanup of cleanups) await cleanup();
});

function open(options: { redisUrl?: string; prefix?: string; databaseUrl?: string }): InvalidationBus {
  const bus = createInvalidationBus({
    redisUrl: options.redisUrl ?? null,
    redisPrefix: options.prefix ?? 'inkstream',
    databaseUrl: options.databaseUrl ?? null,
    log,
  });
  opened.push(bus);
  return bus;
}

/** The next message `bus` delivers on `channel`, or a rejection after `ms`. */
function nextMessage(bus: InvalidationBus, channel: string, ms = 1_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no message on ${channel} within ${ms} ms`)), ms);
    const unsubscribe = bus.subscribe(channel, (message) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(message);
    });
  });
}

/** A message published by `a` reaches `b`'s subscriber within a second; `a`'s own subscriber hears it once. */
async function expectBroadcast(a: InvalidationBus, b: InvalidationBus) {
  await Promise.all([a.ready(), b.ready()]);
  const own: string[] = [];
  a.subscribe('catalogue', (message) => own.push(message));
  const started = Date.now();
  const received = nextMessage(b, 'catalogue');
  const elsewhere = nextMessage(b, 'other', 300).catch(() => 'nothing');
  await a.publish('catalogue', 'book:42');
  expect(await received).toBe('book:42');
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(await elsewhere).toBe('nothing');
  expect(own).toEqual(['book:42']);
}

describe('invalidation bus', () => {
  it('in one process only without Redis or PostgreSQL', async () => {
    const bus = open({});
    expect(bus.kind).toBe('local');
    const received = nextMessage(bus, 'catalogue');
    await bus.publish('catalogue', 'all');
    expect(await received).toBe('all');
  });

  it('over Redis pub/sub: a message published by one bus reaches another within a second', async () => {
    const prefix = `inkstream-test-${randomBytes(6).toString('hex')}`;
    const a = open({ redisUrl: REDIS_URL, prefix });
    const b = open({ redisUrl: REDIS_URL, prefix });
    expect(a.kind).toBe('redis');
    await expectBroadcast(a, b);
    // Another prefix (another site on the same Redis) hears nothing.
    const stranger = open({ redisUrl: REDIS_URL, prefix: `${prefix}-other` });
    await stranger.ready();
    const unheard = nextMessage(stranger, 'catalogue', 300).catch(() => 'nothing');
    await a.publish('catalogue', 'book:43');
    expect(await unheard).toBe('nothing');
  });

  it.runIf(TEST_DIALECT === 'postgres')('over PostgreSQL LISTEN/NOTIFY, and again after the connection is cut', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop); // after afterAll has closed the buses
    const a = open({ databaseUrl: database.databaseUrl! });
    const b = open({ databaseUrl: database.databaseUrl! });
    expect(a.kind).toBe('postgres');
    await expectBroadcast(a, b);

    // The listening connections are killed (a database restart, a failover): the buses reconnect.
    const admin = new pg.Client({ connectionString: database.databaseUrl! });
    await admin.connect();
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'inkstream-invalidation' AND datname = current_database()",
    );
    await admin.end();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const received = nextMessage(b, 'catalogue', 500).catch(() => null);
      await a.publish('catalogue', 'after');
      if ((await received) === 'after') break;
      if (Date.now() > deadline) throw new Error('the buses did not reconnect within 10 s');
    }
  });

  it('is on the app as app.invalidation', async () => {
    const ctx = await createTestContext();
    try {
      expect(ctx.app.invalidation.kind).toBe(TEST_DIALECT === 'postgres' ? 'postgres' : 'local');
      await ctx.app.invalidation.ready();
      const received = nextMessage(ctx.app.invalidation, 'catalogue');
      await ctx.app.invalidation.publish('catalogue', 'x');
      expect(await received).toBe('x');
    } finally {
      await ctx.close();
    }
  });
});
