// `npm run dev`: the web app from Vite's dev server with hot reload (http://localhost:5173, which
// proxies /api and /media to the server), and the server on port 3000, recompiled by
// `tsc -b --watch` and restarted by `node --watch` whenever its compiled files change. Same
// DATA_DIR and settings as `npm start`, so the same demo catalogue and accounts. Only tools that
// are already in node_modules; nothing is fetched. Ctrl-C stops all three. (MALLOC_ARENA_MAX=2 comes
// from the npm script, as for `npm start`.)
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(ROOT, 'package.json'));
const bin = (name, file) => path.join(path.dirname(require.resolve(`${name}/package.json`)), file);
const TSC = bin('typescript', 'bin/tsc');
const VITE = bin('vite', 'bin/vite.js');

// Compile once first, so `node --watch` finds a current main.js to start.
const first = spawnSync(process.execPath, [TSC, '-b', 'apps/server'], { cwd: ROOT, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [
  // Output stays on this terminal (stdio inherit), so the server sees a TTY and logs readable lines.
  spawn(process.execPath, [TSC, '-b', 'apps/server', '--watch', '--preserveWatchOutput'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch', '--max-old-space-size=512', 'apps/server/dist/main.js'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(process.execPath, [VITE], { cwd: path.join(ROOT, 'apps/web'), stdio: 'inherit' }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

// Ctrl-C reaches the children from the terminal too; here it only waits for them to finish.
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
for (const child of children) {
  // One part ending on its own (a port in use, a crash) ends the others: half a dev setup misleads.
  child.on('exit', (code) => stopAll(stopping ? (process.exitCode ?? 0) : (code ?? 1)));
}
