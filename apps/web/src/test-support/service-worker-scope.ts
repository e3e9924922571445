import { vi } from 'vitest';
import { DEV_BUILD } from '../../build/service-worker-build';
// The worker's code (src/service-worker/), started on a fake worker scope below as sw.ts starts it on `self`.
import { startServiceWorker } from '../service-worker/worker';
import type { WorkerBuild, WorkerScope } from '../service-worker/worker-scope';

export const WORKER_ORIGIN = 'https://inkstream.example';

/** A request as the worker reads it (Node's Request refuses the mode `navigate`). */
export interface FakeRequest {
  url: string;
  method: string;
  mode: string;
}

export const workerRequest = (path: string, mode = 'cors', method = 'GET'): FakeRequest => ({
  url: new URL(path, WORKER_ORIGIN).href,
  method,
  mode,
});

const urlOf = (key: string | FakeRequest) => new URL(typeof key === 'string' ? key : key.url, WORKER_ORIGIN);

/** One cache of Cache Storage: responses by URL, in the order they were put. */
export class FakeCache {
  readonly entries = new Map<string, Response>();

  async match(key: string | FakeRequest, options: { ignoreSearch?: boolean } = {}): Promise<Response | undefined> {
    const wanted = urlOf(key);
    for (const [url, response] of this.entries) {
      const kept = new URL(url);
      const same = options.ignoreSearch ? kept.origin + kept.pathname === wanted.origin + wanted.pathname : kept.href === wanted.href;
      if (same) return response.clone();
    }
    return undefined;
  }

  async put(key: string | FakeRequest, response: Response): Promise<void> {
    const url = urlOf(key).href;
    this.entries.delete(url);
    this.entries.set(url, response);
  }

  async addAll(urls: string[]): Promise<void> {
    for (const url of urls) await this.put(url, new Response(`file ${url}`));
  }

  async keys(): Promise<{ url: string }[]> {
    return [...this.entries.keys()].map((url) => ({ url }));
  }

  async delete(key: string | FakeRequest): Promise<boolean> {
    return this.entries.delete(urlOf(key).href);
  }

  paths(): string[] {
    return [...this.entries.keys()].map((url) => new URL(url).pathname);
  }
}

export class FakeCacheStorage {
  readonly named = new Map<string, FakeCache>();

  async open(name: string): Promise<FakeCache> {
    if (!this.named.has(name)) this.named.set(name, new FakeCache());
    return this.named.get(name)!;
  }

  async keys(): Promise<string[]> {
    return [...this.named.keys()];
  }

  async delete(name: string): Promise<boolean> {
    return this.named.delete(name);
  }
}

type Stores = Record<string, Map<string, unknown>>;

/**
 * IndexedDB as far as the worker uses it: open without a version (a missing database goes through
 * an upgrade the caller may abort, which leaves none), read-only and read-write transactions, get
 * and delete. Requests complete in a later task, as a browser's do.
 */
export class FakeIndexedDb {
  readonly databases = new Map<string, Stores>();
  readonly opened = vi.fn();

  open(name: string) {
    this.opened(name);
    const request: Record<string, unknown> & {
      onupgradeneeded?: () => void;
      onsuccess?: () => void;
      onerror?: (event: { preventDefault(): void }) => void;
    } = {};
    setTimeout(() => {
      let stores = this.databases.get(name);
      if (!stores) {
        let aborted = false;
        request.transaction = { abort: () => (aborted = true) };
        request.onupgradeneeded?.();
        if (aborted) {
          request.error = new DOMException('upgrade aborted', 'AbortError');
          request.onerror?.({ preventDefault() {} });
          return;
        }
        stores = {};
        this.databases.set(name, stores);
      }
      request.result = databaseOver(stores);
      request.onsuccess?.();
    });
    return request;
  }
}

function databaseOver(stores: Stores) {
  return {
    objectStoreNames: { contains: (name: string) => name in stores },
    close: vi.fn(),
    transaction(names: string[]) {
      let pending = 0;
      const transaction: { oncomplete?: () => void; onerror?: () => void; onabort?: () => void; objectStore(name: string): unknown } = {
        objectStore(name: string) {
          if (!names.includes(name)) throw new DOMException(`${name} is not in this transaction`, 'NotFoundError');
          const store = stores[name]!;
          const run = (work: () => unknown) => {
            const request: { result?: unknown; onsuccess?: () => void } = {};
            pending += 1;
            setTimeout(() => {
              request.result = work();
              request.onsuccess?.();
              pending -= 1;
              if (pending === 0) setTimeout(() => transaction.oncomplete?.());
            });
            return request;
          };
          return {
            get: (key: string) => run(() => structuredClone(store.get(key))),
            delete: (key: string) => run(() => void store.delete(key)),
          };
        },
      };
      return transaction;
    },
  };
}

export interface WorkerOptions {
  build?: WorkerBuild;
  /** The worker already active when this one installs (an update), or none (the first install). */
  activeWorker?: object | null;
  fetch?: (input: string | FakeRequest, init?: RequestInit) => Promise<Response>;
  windows?: unknown[];
}

export interface FetchOutcome {
  /** What the worker answered with; undefined when it left the request to the browser. */
  answered: Promise<Response> | undefined;
  /** The work it kept going after answering (event.waitUntil). */
  pending: Promise<unknown>[];
}

/** Starts the service worker (with `build`, as the built sw.js has it) against fake caches, IndexedDB and network. */
export function loadWorker(options: WorkerOptions = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const caches = new FakeCacheStorage();
  const indexedDB = new FakeIndexedDb();
  // The network, for the test to set and inspect; what the worker sees is its answer as a
  // same-origin fetch gives it, of type 'basic' (a constructed Response is of type 'default').
  const network = vi.fn(options.fetch ?? (async () => new Response('from the network')));
  const sameOriginFetch = async (input: string | FakeRequest, init?: RequestInit) => {
    const response = await network(input, init);
    return Object.defineProperty(response, 'type', { value: 'basic' });
  };
  const scope = {
    location: { origin: WORKER_ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    caches,
    indexedDB,
    fetch: sameOriginFetch,
    registration: {
      active: options.activeWorker ?? null,
      navigationPreload: { enable: vi.fn(async () => undefined) },
      showNotification: vi.fn(async () => undefined),
    },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => options.windows ?? []),
      openWindow: vi.fn(async () => null),
    },
  };
  startServiceWorker(scope as unknown as WorkerScope, options.build ?? DEV_BUILD);

  /** An extendable event (install, activate, push, a click), awaited until its work is done. */
  const fire = async (type: string, event: object = {}) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  /** A fetch event; `preloadResponse` as navigation preload gives it (undefined without). */
  const request = (request: FakeRequest, preloadResponse: Promise<Response | undefined> = Promise.resolve(undefined)): FetchOutcome => {
    const outcome: FetchOutcome = { answered: undefined, pending: [] };
    listeners.get('fetch')!({
      request,
      preloadResponse,
      respondWith: (answer: Promise<Response>) => (outcome.answered = answer),
      waitUntil: (promise: Promise<unknown>) => outcome.pending.push(promise),
    });
    return outcome;
  };
  const message = (data: unknown) => listeners.get('message')!({ data });
  return { scope, caches, indexedDB, fetch: network, fire, request, message };
}
