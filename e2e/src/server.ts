import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real, built server (`npm run build` first) on a fresh data folder with the demo
 * catalogue, exactly as `npm start` does, and waits until it answers.
 */
export async function startServer(options: { port: number; env?: Record<string, string> }): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inkstream-e2e-'));
  const url = `http://127.0.0.1:${options.port}`;
  // The embedded mail default: no SMTP server, every message an .eml file under DATA_DIR/mail/
  // (mailFiles reads them), even when the shell that runs the tests has SMTP_URL set.
  const { SMTP_URL: _smtpUrl, MAIL_FROM: _mailFrom, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      // Links in messages point at this server, as they point at the site behind PUBLIC_URL.
      PUBLIC_URL: url,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // As behind a site's own proxy: registerViaApi gives each account its own client address.
      TRUST_PROXY: '127.0.0.1',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The first start draws the demo catalogue through the image pipeline: about a minute on two
  // idle cores, more on a loaded machine.
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // No server left behind holding the port (and the test run from exiting) when the start fails.
      await stop();
      throw new Error('server did not become ready in 300 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, dataDir, stop };
}
