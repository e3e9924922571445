import { VISITOR_HEADER } from '@inkstream/contracts/routes';
import type { Client } from 'openapi-fetch';
import type { paths } from './api-schema';
import { currentLanguage } from './language';
import { reportReachable, reportUnreachable } from './online';
import { readStorage, removeStorage, STORAGE_KEYS } from './storage-keys';
import { ensureVisitorId } from './visitor-id';

/** An API failure: HTTP status, stable code and the server's readable message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per-field validation messages (VALIDATION_FAILED), shown next to the fields. */
    readonly details: { field: string; message: string }[] = [],
    /** The whole error body, for documented ext fields beside `error` and `code` (a locked chapter's place). */
    readonly body: Readonly<Record<string, unknown>> | null = null,
    /** Seconds to wait before trying again (the Retry-After of a 429 or 503), when the server said. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const SESSION_EXPIRED_EVENT = 'inkstream:session-expired';
/** Told on window as the reader logs out, before the session's storage is cleared (issue 47: the saved paid chapters go). */
export const LOGOUT_EVENT = 'inkstream:logout';

export function authHeaders(): Record<string, string> {
  const token = readStorage(STORAGE_KEYS.token);
  if (token) return { Authorization: `Token ${token}` };
  const visitor = readStorage(STORAGE_KEYS.visitorId);
  return visitor ? { [VISITOR_HEADER]: visitor } : {};
}

/** Forgets a session the server no longer accepts; the app goes on as a visitor. */
function forgetSession(): void {
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.userUuid);
  removeStorage(STORAGE_KEYS.username);
  ensureVisitorId();
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}

/**
 * Where calls go when there is no browser: the server, rendering a public page, answers them
 * itself as a visitor (entry-server.tsx). In the browser, the page's own origin and fetch.
 */
export interface ServerTransport {
  origin: string;
  fetch(url: URL, init: RequestInit): Promise<Response>;
}
let serverTransport: ServerTransport | undefined;
export function setServerTransport(transport: ServerTransport): void {
  serverTransport = transport;
}

/** Query strings as the app always wrote them: URLSearchParams, empty and absent values left out. */
function serializeQuery(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

/**
 * What a call may carry: the path's parameters, its query and a JSON body (checked against the schema by
 * the Client type), and the few fetch options the app uses. openapi-fetch's init type takes any further
 * key, so `file` is checked when sent.
 */
interface CallInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  /**
   * A body sent as it is, with its own Content-Type, instead of JSON: a file the server reads as bytes
   * (a book's cover); the schema declares no body for such a call.
   */
  file?: unknown;
  /** Cancels the call (a suggestion the reader has typed past). */
  signal?: AbortSignal | undefined;
  /** The call outlives the page (fetch's keepalive): what is sent as the tab closes. */
  keepalive?: boolean;
  /** fetch's priority: `low` for what must never compete with the page's images. */
  priority?: RequestPriority;
}

/** The path and query of a call, as a URL relative to the page, or to the server rendering it. */
function urlOf(path: string, init: CallInit): URL {
  const target = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(init.params?.path?.[name])));
  const query = init.params?.query ? serializeQuery(init.params.query) : '';
  return new URL(query ? `${target}?${query}` : target, serverTransport?.origin ?? window.location.origin);
}

/** The body as sent and its Content-Type: JSON, a file as it is, or none. */
function bodyOf(init: CallInit): { body?: BodyInit; type?: string } {
  if (init.file !== undefined) {
    if (!(init.file instanceof Blob)) throw new TypeError('file: a Blob or File is sent as the body');
    return { body: init.file, type: init.file.type || 'application/octet-stream' };
  }
  return init.body === undefined ? {} : { body: JSON.stringify(init.body), type: 'application/json' };
}

/**
 * How a client sends: with the session's token (or the visitor id); with the reader's language, for
 * what the server writes them (e-mails; never while the server renders a page); and whether a token the
 * server no longer accepts is forgotten and the call sent again as a visitor.
 */
interface Sending {
  session: boolean;
  language: boolean;
  againAsVisitor: boolean;
}

/** One call with the app's headers, as `sending` says. */
async function send(sending: Sending, method: string, url: URL, init: CallInit): Promise<Response> {
  const { body, type } = bodyOf(init);
  const attempt = () =>
    (serverTransport?.fetch ?? globalThis.fetch)(url, {
      method,
      headers: {
        ...(type !== undefined ? { 'Content-Type': type } : {}),
        ...(sending.language && !serverTransport ? { 'Accept-Language': currentLanguage() } : {}),
        ...(sending.session ? authHeaders() : {}),
      },
      body,
      signal: init.signal,
      ...(init.keepalive !== undefined ? { keepalive: init.keepalive } : {}),
      ...(init.priority !== undefined ? { priority: init.priority } : {}),
    });
  const response = await attempt().then(
    (answer) => {
      if (!serverTransport) reportReachable();
      return answer;
    },
    (error: unknown) => {
      // A rejected fetch that was not cancelled is the network's: the app shows itself offline.
      if (!serverTransport && !init.signal?.aborted && error instanceof TypeError) reportUnreachable();
      throw error;
    },
  );
  if (response.status === 401 && sending.againAsVisitor && readStorage(STORAGE_KEYS.token)) {
    const answer = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    if (answer?.code === 'INVALID_TOKEN') {
      forgetSession();
      return attempt();
    }
  }
  return response;
}

/**
 * The answer as openapi-fetch gives it: `data` when ok (null when an ok answer is not JSON, as a
 * broken body always read; nothing for 204), else `error` (the JSON body, or its text).
 */
async function answerOf(response: Response): Promise<{ data?: unknown; error?: unknown; response: Response }> {
  if (response.status === 204) return { data: undefined, response };
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = response.ok ? null : text;
  }
  return response.ok ? { data: parsed, response } : { error: parsed, response };
}

type Methods = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A client typed by the API's OpenAPI document (api-schema.d.ts, generated: `npm run api:types`)
 * through openapi-fetch's `Client` type: paths, parameters, bodies and answers are checked at
 * build time. The few lines that send are ours, so the browser loads no client library (its
 * runtime was 2 KB gzip of every page's first load, for features the app does not use).
 */
function typedClient(sending: Sending): Pick<Client<paths>, Methods> {
  const method =
    (name: Methods) =>
    async (path: string, init: CallInit = {}) =>
      answerOf(await send(sending, name, urlOf(path, init), init));
  return {
    GET: method('GET'),
    POST: method('POST'),
    PUT: method('PUT'),
    PATCH: method('PATCH'),
    DELETE: method('DELETE'),
  } as unknown as Pick<Client<paths>, Methods>;
}

/** The API as the session. */
export const client = typedClient({ session: true, language: true, againAsVisitor: true });
/** The same without the session's headers: sign-in, registration and the links sent by e-mail. */
export const anonymousClient = typedClient({ session: false, language: true, againAsVisitor: false });
/**
 * The session's headers alone, and each call sent once: a refused token is not tried again as a
 * visitor. For what must not go twice: reading positions and events sent as the tab closes
 * (keepalive), a cover's file (up to 20 MB).
 */
export const onceClient = typedClient({ session: true, language: false, againAsVisitor: false });

type ErrorBody = { code?: string; error?: string; details?: { field: string; message: string }[] };

/** The `data` of an answer (`{"data": …}`); a failure, or an answer without it, throws ApiError with the server's code. */
export async function data<T>(call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>): Promise<T> {
  const { data: answer, error, response } = await call;
  if (response.ok && answer && answer.data !== undefined) return answer.data;
  const raw: unknown = response.ok ? answer : error;
  const body = raw && typeof raw === 'object' ? (raw as ErrorBody & Record<string, unknown>) : null;
  throw new ApiError(
    response.status,
    body?.code ?? 'NETWORK_ERROR',
    body?.error ?? `Request failed (${response.status})`,
    body?.details,
    body,
    retryAfterOf(response),
  );
}

/** Retry-After in seconds (the server sends whole seconds; an HTTP date is read as the time left). */
function retryAfterOf(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : Math.ceil((Date.parse(header) - Date.now()) / 1000);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** `data.result` of an answer: most reader-facing calls wrap their value in it. */
export const result = <T>(call: Promise<{ data?: { data: { result: T } }; error?: unknown; response: Response }>): Promise<T> =>
  data(call).then((d) => d.result);

/** The `data` of a path's success answer in the generated schema: for the few answers contracts exports no type for. */
export type ApiData<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'delete'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

/** The query parameters of a path's GET in the generated schema. */
export type ApiQuery<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

/** A file the API sends: its bytes and the name its Content-Disposition gives, when it gives one. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * Fetches a file with the session's token (a header, so no link or <a download> can carry it): the
 * reader's data archive at the signed address the API gave (issue 43), a page image saved for
 * offline reading at the signed address the chapter's answer gave (issue 47). A refusal throws
 * ApiError with the server's code and Retry-After, as every call does.
 */
export async function downloadFile(address: string, signal?: AbortSignal): Promise<DownloadedFile> {
  const url = new URL(address, serverTransport?.origin ?? window.location.origin);
  const response = await send({ session: true, language: false, againAsVisitor: false }, 'GET', url, { signal });
  // A refusal's JSON body: data() throws its ApiError.
  if (!response.ok) await data(answerOf(response) as Promise<{ error?: unknown; response: Response }>);
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}
