import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { loadOnFirstUse } from '../../lib/load-on-first-use.js';

const ioredis = loadOnFirstUse<typeof import('ioredis')>('ioredis');

/** What the cluster parts log through: the server's logger, or the CLI's small stand-in. */
export type ClusterLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** How long a connection attempt may take, and how long the start waits for the first one. */
export const REDIS_CONNECT_TIMEOUT_MS = 2_000;

/**
 * A Redis client that never makes a request wait on an unreachable Redis: one retry per command,
 * no offline queue (commands fail at once while disconnected; the callers treat that as "no
 * shared state" and carry on), reconnection in the background. An outage is logged once when it
 * starts and once when it ends, not at every retry.
 */
export function createRedisClient(
  url: string,
  log: ClusterLog,
  role: string,
  /** A subscriber queues its SUBSCRIBE until connected (and ioredis renews it after a reconnection). */
  options: { offlineQueue?: boolean } = {},
): Redis {
  const redis = new (ioredis().Redis)(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: options.offlineQueue ?? false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error({ err: error, redis: role }, 'redis unavailable; shared state is skipped until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: role }, 'redis available again');
  });
  return redis;
}

/** Waits for the first connection, at most the connect timeout: a Redis that is down must not stop the start. */
export async function waitForRedis(redis: Redis, log: ClusterLog): Promise<void> {
  if (redis.status === 'ready') return;
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, REDIS_CONNECT_TIMEOUT_MS);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
  if (!ready) log.warn('redis not reachable at start; serving without shared state until it is');
}

/** Closes a client whatever its state (quit needs a live connection; disconnect does not). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}
