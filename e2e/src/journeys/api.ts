import { randomInt } from 'node:crypto';

export interface ApiAnswer<T> {
  status: number;
  data: T;
}

/**
 * Calls of the test server's API for journeys that prepare or check what the screens show.
 *
 * `ownAddress`: each call comes from an address of its own. The server limits comments and
 * logins per client address and trusts the local proxy's X-Forwarded-For (TRUST_PROXY=127.0.0.1),
 * so such calls neither meet each other's limits nor spend the local address's login budget other
 * journeys count on. Without it, calls come from the local address.
 */
export function apiClient(baseUrl: string, options: { ownAddress?: boolean } = {}) {
  const send = (method: string, url: string, token: string | null, body?: unknown) =>
    fetch(`${baseUrl}/api/v1${url}`, {
      method,
      headers: {
        ...(options.ownAddress ? { 'x-forwarded-for': `10.${randomInt(32, 250)}.${randomInt(256)}.${randomInt(1, 255)}` } : {}),
        ...(token ? { authorization: `Token ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  /** The answer's status and its `data`, whatever the status. */
  async function api<T>(method: string, url: string, token: string | null, body?: unknown): Promise<ApiAnswer<T>> {
    const response = await send(method, url, token, body);
    return { status: response.status, data: ((await response.json()) as { data: T }).data };
  }

  /** The answer's `data`; a call the server refuses fails the journey with its answer. */
  async function apiData<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
    const response = await send(method, url, token, body);
    if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  }

  /** A login token for these credentials (a refused login fails the journey). */
  const tokenOf = async (user: { username: string; password: string }) =>
    (await apiData<{ jwt_token: string }>('POST', '/user/login', null, user)).jwt_token;

  return { api, apiData, tokenOf };
}

/** POST /user/login, as the app's login form sends it (from the local address). */
export const logInViaApi = (baseUrl: string, username: string, password: string) =>
  fetch(`${baseUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });

/** POST /user/login's status for these credentials (200, or 401 for a wrong password). */
export const loginStatus = async (baseUrl: string, username: string, password: string) =>
  (await logInViaApi(baseUrl, username, password)).status;
