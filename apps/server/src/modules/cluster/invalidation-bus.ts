import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client as PgClient } from 'pg';
import { postgresDriver } from '../../db/postgres-driver.js';
import { closeRedis, createRedisClient, REDIS_CONNECT_TIMEOUT_MS, type ClusterLog } from './redis-client.js';

export type InvalidationHandler = (message: string) => void;

/**
 * Tells every process serving the site that something changed (a book was published, a chapter
 * edited), so each can drop what it cached. Delivery is at most once and best effort: a message
 * published while the transport is down is lost, so caches must also expire on their own.
 * The publishing process's own subscribers are called at once, whatever the transport does.
 */
export interface InvalidationBus {
  /** `redis`: Redis pub/sub; `postgres`: LISTEN/NOTIFY; `local`: this process only. */
  readonly kind: 'redis' | 'postgres' | 'local';
  publish(channel: string, message: string): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, handler: InvalidationHandler): () => void;
  /**
   * Connects to the transport and listens to the other processes: made by the wiring root, started
   * by whoever runs it (app.ts as it builds the server). A publish before it starts the bus first
   * (the admin CLI publishes without listening). Calling it again does nothing.
   */
  start(): void;
  /** Starts the bus, and resolves once messages from other processes are being received (tests; callers never need to wait). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface InvalidationBusOptions {
  redisUrl: string | null;
  redisPrefix: string;
  databaseUrl: string | null;
  log: ClusterLog;
}

/** What travels between processes: the channel, the message and who sent it (to skip our own echo). */
interface Envelope {
  c: string;
  m: string;
  o: string;
}

/** REDIS_URL: Redis pub/sub; else DATABASE_URL (PostgreSQL): LISTEN/NOTIFY; else this process only. */
export function createInvalidationBus(options: InvalidationBusOptions): InvalidationBus {
  if (options.redisUrl) return createRedisBus(options.redisUrl, options.redisPrefix, options.log);
  if (options.databaseUrl) return createPostgresBus(options.databaseUrl, options.log);
  return createLocalBus();
}

/** Subscribers of this process, and the envelope handling every transport shares. */
function createLocalDispatch() {
  const origin = randomUUID();
  const handlers = new Map<string, Set<InvalidationHandler>>();
  const deliver = (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(message);
      } catch {
        // One subscriber's failure must not keep the message from the others.
      }
    }
  };
  return {
    origin,
    deliver,
    subscribe(channel: string, handler: InvalidationHandler): () => void {
      let set = handlers.get(channel);
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(channel);
      };
    },
    envelope: (channel: string, message: string) => JSON.stringify({ c: channel, m: message, o: origin } satisfies Envelope),
    /** Delivers a message that came from the transport, unless it is our own. */
    receive(raw: string) {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw) as Envelope;
      } catch {
        return;
      }
      if (envelope.o === origin || typeof envelope.c !== 'string' || typeof envelope.m !== 'string') return;
      deliver(envelope.c, envelope.m);
    },
  };
}

function createLocalBus(): InvalidationBus {
  const local = createLocalDispatch();
  return {
    kind: 'local',
    async publish(channel, message) {
      local.deliver(channel, message);
    },
    subscribe: local.subscribe,
    start: () => undefined,
    ready: async () => undefined,
    async close() {},
  };
}

/** Redis pub/sub: one channel per bus (`<prefix>:invalidation`), a subscriber connection of its own. */
function createRedisBus(url: string, prefix: string, log: ClusterLog): InvalidationBus {
  const local = createLocalDispatch();
  const redisChannel = `${prefix}:invalidation`;
  let connection: ReturnType<typeof connect> | null = null;
  let closed = false;
  function connect() {
    const publisher = createRedisClient(url, log, 'invalidation-publisher');
    const subscriber = createRedisClient(url, log, 'invalidation-subscriber', { offlineQueue: true });
    subscriber.on('message', (channel: string, raw: string) => {
      if (channel === redisChannel) local.receive(raw);
    });
    const state = { publisher, subscriber, everReady: false, subscribed: Promise.resolve() };
    publisher.once('ready', () => (state.everReady = true));
    state.subscribed = subscriber.subscribe(redisChannel).then(
      () => undefined,
      (error: unknown) => log.error({ err: error }, 'invalidation: redis subscribe failed'),
    );
    return state;
  }
  const start = () => {
    if (!connection && !closed) connection = connect();
    return connection;
  };
  return {
    kind: 'redis',
    async publish(channel, message) {
      local.deliver(channel, message);
      const current = start();
      if (!current) return;
      try {
        // A short-lived process (the admin CLI) publishes right after it started: wait for the
        // first connection, briefly. Once connected, an outage fails at once (no offline queue).
        if (!current.everReady) await untilReady(current.publisher);
        await current.publisher.publish(redisChannel, local.envelope(channel, message));
      } catch (error) {
        log.warn({ err: error, channel }, 'invalidation not broadcast: redis unavailable');
      }
    },
    subscribe: local.subscribe,
    start: () => void start(),
    ready: async () => {
      await start()?.subscribed;
    },
    async close() {
      closed = true;
      const current = connection;
      connection = null;
      if (current) await Promise.all([closeRedis(current.publisher), closeRedis(current.subscriber)]);
    },
  };
}

/** Resolves when the client is connected, or after the connect timeout: never blocks for long. */
function untilReady(redis: ReturnType<typeof createRedisClient>): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, REDIS_CONNECT_TIMEOUT_MS);
    redis.once('ready', done);
  });
}

const PG_CHANNEL = 'inkstream_invalidation';
const PG_RECONNECT_MAX_MS = 10_000;

/**
 * PostgreSQL LISTEN/NOTIFY on one dedicated connection (NOTIFY is per database, so every node on
 * the same database hears it). The connection is reopened with a back-off when it fails.
 */
function createPostgresBus(databaseUrl: string, log: ClusterLog): InvalidationBus {
  const local = createLocalDispatch();
  let client: PgClient | null = null;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let everConnected = false;
  let readyResolve: () => void = () => undefined;
  const firstReady = new Promise<void>((resolve) => (readyResolve = resolve));

  const scheduleReconnect = () => {
    if (closed || timer) return;
    failures += 1;
    const delay = Math.min(PG_RECONNECT_MAX_MS, 250 * 2 ** Math.min(failures - 1, 6));
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
  };

  const connect = async () => {
    const next = new (postgresDriver().Client)({ connectionString: databaseUrl, application_name: 'inkstream-invalidation' });
    let gone = false;
    const drop = (error?: Error) => {
      if (gone) return;
      gone = true;
      if (client === next) client = null;
      if (!closed) {
        // Not yet made (the database is down at start, which serve.ts reports attempt by attempt): a warning.
        if (failures === 0 && everConnected) log.error({ err: error }, 'invalidation: LISTEN connection lost; reconnecting');
        else if (failures === 0) log.warn({ err: error }, 'invalidation: LISTEN connection not made yet; retrying');
        next.end().catch(() => undefined);
        scheduleReconnect();
      }
    };
    next.on('error', drop);
    next.on('end', () => drop());
    next.on('notification', (notification) => {
      if (notification.channel === PG_CHANNEL && notification.payload) local.receive(notification.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${PG_CHANNEL}`);
    } catch (error) {
      drop(error as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    if (failures > 0) log.info('invalidation: LISTEN connection back');
    failures = 0;
    client = next;
    everConnected = true;
    readyResolve();
  };
  let started = false;
  const start = () => {
    if (started || closed) return;
    started = true;
    void connect();
  };

  return {
    kind: 'postgres',
    async publish(channel, message) {
      local.deliver(channel, message);
      start();
      // A short-lived process (the admin CLI) publishes right after it started: wait for the
      // first connection, briefly; after that, a lost connection fails at once.
      if (!client && !everConnected) await Promise.race([firstReady, sleep(REDIS_CONNECT_TIMEOUT_MS, undefined, { ref: false })]);
      const current = client;
      if (!current) {
        log.warn({ channel }, 'invalidation not broadcast: LISTEN connection down');
        return;
      }
      try {
        await current.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, local.envelope(channel, message)]);
      } catch (error) {
        log.warn({ err: error, channel }, 'invalidation not broadcast: database unavailable');
      }
    },
    subscribe: local.subscribe,
    start,
    ready: () => {
      start();
      return firstReady;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
