// The reverse proxy part of the container proof (container-test.mjs): Debian's Caddy with
// compose's Caddyfile (certificates from its local authority, as `tls internal`) in front of both
// containers; one stopped behind it while the site keeps answering.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expectStatus, podman, request, until } from './container-lib.mjs';

/** Caddy from Debian with compose's Caddyfile (tls internal) in front of both; B stopped; the site answers. */
export async function throughCaddy(ctx) {
  const { root, ports: PORTS, names, scratch, cleanups, figures, log } = ctx;
  const caddyHome = path.join(scratch, 'caddy');
  const env = {
    PATH: process.env.PATH,
    HOME: caddyHome,
    XDG_DATA_HOME: path.join(caddyHome, 'data'),
    XDG_CONFIG_HOME: path.join(caddyHome, 'config'),
    SITE_ADDRESS: `https://localhost:${PORTS.caddyHttps}`,
    CADDY_HTTPS_PORT: String(PORTS.caddyHttps),
    CADDY_HTTP_PORT: String(PORTS.caddyHttp),
    CADDY_ADMIN: 'off',
    CADDY_LOCAL_CERTS: 'local_certs',
    INKSTREAM_UPSTREAMS: `127.0.0.1:${PORTS.a} 127.0.0.1:${PORTS.b}`,
  };
  const caddy = spawn('caddy', ['run', '--config', path.join(root, 'deploy/compose/Caddyfile'), '--adapter', 'caddyfile'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let caddyLog = '';
  caddy.stderr.on('data', (chunk) => (caddyLog = (caddyLog + chunk).slice(-8000)));
  cleanups.push(() => caddy.kill('SIGTERM'));
  const rootCert = path.join(env.XDG_DATA_HOME, 'caddy/pki/authorities/local/root.crt');
  let ca;
  const site = `https://localhost:${PORTS.caddyHttps}`;
  await until(
    "Caddy serving the site with its local authority's certificate",
    async () => {
      if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyLog}`);
      ca ??= readFileSync(rootCert);
      return (await request(`${site}/readyz`, { ca })).status === 200;
    },
    { timeoutMs: 30_000 },
  );
  const page = await expectStatus('the home page through Caddy', await request(`${site}/`, { ca }), 200);
  if (!page.body.toString().includes('<html')) throw new Error('no page through Caddy');
  const api = await expectStatus(
    'the API through Caddy',
    await request(`${site}/api/v1/comics/book/search?language=en-us&page=0&page_size=10&order_by=updated_at`, { ca }),
    200,
  );
  log(`through Caddy (tls internal, compose's Caddyfile): the page and the API (${api.json.data.total} book)`);

  // B stops (drains: Caddy's /readyz check takes it out); the site answers throughout and after.
  const failures = [];
  let stopped = false;
  const stopping = podman(['stop', '-t', '30', names.b]).then(() => (stopped = true));
  let during = 0;
  while (!stopped) {
    const answer = await request(`${site}/api/v1/config/public`, { ca }).catch((error) => ({ status: error.code ?? error.message }));
    if (answer.status !== 200) failures.push(answer.status);
    else during += 1;
  }
  await stopping;
  let after = 0;
  for (let n = 0; n < 20; n += 1) {
    const answer = await request(`${site}/api/v1/comics/book/search?language=en-us&page=0&page_size=10&order_by=updated_at`, { ca }).catch(
      (error) => ({
        status: error.code ?? error.message,
      }),
    );
    if (answer.status !== 200) failures.push(answer.status);
    else after += 1;
  }
  figures.caddy = { answeredWhileBStopped: during, answeredAfterBStopped: after, failures: failures.length };
  if (failures.length > 0)
    throw new Error(`the site failed through Caddy with B stopping: ${failures.join(', ')}\n${caddyLog.slice(-2000)}`);
  log(`B stopped behind Caddy: ${during} answers while it drained, ${after} after, none failed`);
}
