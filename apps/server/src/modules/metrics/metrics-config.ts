import { hostname } from 'node:os';
import { ConfigError, type Env } from '../../lib/config-error.js';

export interface MetricsConfig {
  /** METRICS_LISTEN: a separate HTTP server answering only `GET /metrics`; null: none. */
  readonly listen: { readonly host: string; readonly port: number } | null;
  /** METRICS_TOKEN: `GET /metrics` on the main port with `Authorization: Bearer <token>`; null: no such route. */
  readonly token: string | null;
  /** NODE_NAME: the `node` label of every series (default: the host name). */
  readonly nodeName: string;
}

/** Whether anything is collected: neither setting, no hook, no timer, no query log (zero overhead). */
export const metricsEnabled = (config: Pick<MetricsConfig, 'listen' | 'token'>): boolean => config.listen !== null || config.token !== null;

/** METRICS_LISTEN (`host:port` or `:port`), METRICS_TOKEN (at least 32 characters), NODE_NAME (docs/OPERATIONS.md "Metrics"). */
export function readMetricsConfig(env: Env): MetricsConfig {
  return { listen: readListen(env.METRICS_LISTEN), token: readToken(env.METRICS_TOKEN), nodeName: readNodeName(env.NODE_NAME) };
}

function readListen(raw: string | undefined): MetricsConfig['listen'] {
  if (raw === undefined || raw === '') return null;
  // `[::1]:9464`, `127.0.0.1:9464`, `:9464` (every interface: to be firewalled, docs/OPERATIONS.md).
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]*)):(\d{1,5})$/.exec(raw);
  const port = match ? Number(match[3]) : NaN;
  if (!match || !(port >= 1 && port <= 65535)) {
    throw new ConfigError(`METRICS_LISTEN must be host:port or :port (e.g. 127.0.0.1:9464), got "${raw}"`);
  }
  return { host: match[1] ?? (match[2] || '0.0.0.0'), port };
}

function readToken(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  // Not the value in the message: it is a secret.
  if (raw.length < 32) throw new ConfigError('METRICS_TOKEN must be at least 32 characters long');
  if (/[\s]/.test(raw)) throw new ConfigError('METRICS_TOKEN must not contain spaces or line breaks');
  return raw;
}

function readNodeName(raw: string | undefined): string {
  const name = raw === undefined || raw === '' ? hostname() : raw;
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) {
    if (raw === undefined || raw === '') return 'node';
    throw new ConfigError(`NODE_NAME must be 1 to 64 letters, digits, "_", "." or "-", got "${raw}"`);
  }
  return name;
}
