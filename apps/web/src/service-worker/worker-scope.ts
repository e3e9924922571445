/**
 * What the worker uses of its global scope (ServiceWorkerGlobalScope) and of its events, named
 * narrowly: the worker's code then type-checks under the app's DOM library too (its tests import
 * it and run it against a fake scope, test-support/service-worker-scope.ts), while sw.ts, checked
 * with the "webworker" library (tsconfig.json here), hands in the real `self`, which must fit.
 */

/** The build's version (names the shell cache) and the files to precache (build/service-worker-build.ts). */
export interface WorkerBuild {
  version: string;
  precache: string[];
}

export interface WaitingEvent {
  waitUntil(work: Promise<unknown>): void;
}

/** `install`: static routing (`addRoutes`, Chromium 123+) where the browser has it. */
export interface InstallEventLike extends WaitingEvent {
  addRoutes?: unknown;
}

export interface FetchEventLike extends WaitingEvent {
  readonly request: Request;
  /** What navigation preload started (undefined without it). */
  readonly preloadResponse: Promise<unknown>;
  respondWith(answer: Promise<Response>): void;
}

export interface MessageEventLike {
  readonly data: unknown;
}

export interface PushEventLike extends WaitingEvent {
  readonly data: { json(): unknown } | null;
}

export interface NotificationEventLike extends WaitingEvent {
  readonly notification: { readonly data: unknown; close(): void };
}

export interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<WindowClientLike | null>;
}

export interface WorkerScope {
  readonly location: { readonly origin: string };
  readonly caches: CacheStorage;
  readonly indexedDB: IDBFactory;
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
  skipWaiting(): Promise<void>;
  readonly registration: {
    readonly active: unknown;
    readonly navigationPreload?: { enable(): Promise<void> } | undefined;
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
  };
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'install', listener: (event: InstallEventLike) => void): void;
  addEventListener(type: 'activate', listener: (event: WaitingEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}
