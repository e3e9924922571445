// Small helpers of the container proof (container-test.mjs): podman with the flags this machine
// needs, HTTP on kept-alive or fresh connections, and waiting on conditions with a deadline.
import { execFile } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** podman as it runs here: cgroupfs, runc (no systemd), every call the same. */
export const PODMAN_GLOBAL = ['--cgroup-manager=cgroupfs', '--runtime', 'runc'];
/** What every `podman run` needs here: host networking and lowered limits. */
export const PODMAN_RUN = ['--network', 'host', '--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024'];

export async function podman(args, { allowFailure = false } = {}) {
  try {
    const { stdout, stderr } = await run('podman', [...PODMAN_GLOBAL, ...args], { maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout: stdout.trim(), stderr };
  } catch (error) {
    if (!allowFailure) throw new Error(`podman ${args.join(' ')} failed: ${error.stderr || error.message}`, { cause: error });
    return { code: error.code ?? 1, stdout: String(error.stdout ?? '').trim(), stderr: String(error.stderr ?? '') };
  }
}

/** Waits until `check` resolves true, polling every `everyMs`; throws `what` after `timeoutMs`. */
export async function until(what, check, { timeoutMs = 120_000, everyMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Fails if `port` on 127.0.0.1 is taken: this proof keeps to 4900–4990 and says which is busy. */
export async function assertFreePort(port) {
  const probe = createServer();
  await new Promise((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', resolve)).catch(() => {
    throw new Error(`port ${port} is in use; this proof needs 4971–4976 free`);
  });
  await new Promise((resolve) => probe.close(resolve));
}

/**
 * One request. `agent`: an http.Agent (kept-alive sockets) or false (a fresh connection). `ca`: for
 * https (Caddy's local authority). Resolves { status, headers, body (Buffer), json }.
 */
export function request(url, { method = 'GET', agent = false, json, token, ca, headers = {} } = {}) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  const allHeaders = { ...headers };
  if (body) Object.assign(allHeaders, { 'content-type': 'application/json', 'content-length': body.length });
  if (token) allHeaders.authorization = `Token ${token}`;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(target, { method, agent, headers: allHeaders, ca, timeout: 30_000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const type = response.headers['content-type'] ?? '';
        let parsed = null;
        if (type.includes('json') && bytes.length > 0) parsed = JSON.parse(bytes.toString());
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: bytes, json: parsed });
      });
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('request timed out')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Throws unless `response` has `status`, naming `what` and the start of the body. */
export function expectStatus(what, response, status) {
  if (response.status !== status)
    throw new Error(`${what}: ${response.status}, expected ${status}: ${response.body.toString().slice(0, 300)}`);
  return response;
}

/** Logs a step with the seconds since the proof began. */
export function stepLogger(startedAt) {
  return (message) => console.log(`[${((Date.now() - startedAt) / 1000).toFixed(1).padStart(6)} s] ${message}`);
}

export { http };
