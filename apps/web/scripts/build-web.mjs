// Builds the web app (type check, vite build, its server build, precompressed copies) unless nothing it is built from
// changed since the last successful build. `npm start` runs it on every start, so a second start
// skips the half minute of type checking and Vite; `--always` (npm run build) builds regardless;
// `--status` only says whether a build is due.
//
// The inputs' SHA-256 is written to dist/.vite/inputs.sha256 only after every step succeeded: an
// interrupted or failed build leaves no stamp, so the next start builds again.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const WEB = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(WEB, '../..');
const DIST = path.join(WEB, 'dist');
const STAMP = path.join(DIST, '.vite', 'inputs.sha256');

// Everything the build output depends on: the app, what Vite copies, its configuration, the
// shared contract it bundles, and the locked versions of Vite, React and the rest.
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'apps/web/scripts',
  'apps/web/build',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

/** The input files, as paths relative to the repository root (a folder stands for all files in it). */
function inputFiles() {
  const files = [];
  for (const input of INPUTS) {
    const full = path.join(ROOT, input);
    if (!existsSync(full)) continue;
    if (!statSync(full).isDirectory()) files.push(input);
    else
      for (const entry of readdirSync(full, { withFileTypes: true, recursive: true })) {
        if (entry.isFile()) files.push(path.relative(ROOT, path.join(entry.parentPath, entry.name)));
      }
  }
  return files.sort();
}

/** SHA-256 over every input file's path and bytes, in a fixed order. */
function inputsHash() {
  const hash = createHash('sha256');
  for (const file of inputFiles()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function run(label, args, cwd) {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`web build: ${label} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`web build: ${label} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const always = process.argv.includes('--always');
const hash = inputsHash();
const previous = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
const upToDate =
  previous === hash && existsSync(path.join(DIST, 'index.html')) && existsSync(path.join(WEB, 'dist-ssr', 'entry-server.js'));
if (process.argv.includes('--status')) {
  // For tests and the curious: would `npm start` build, and why.
  console.log(JSON.stringify({ hash, stamp: previous, upToDate }));
  process.exit(0);
}
if (!always && upToDate) {
  console.log(`web build: sources unchanged since the last build (${hash.slice(0, 12)}), skipped`);
  process.exit(0);
}

rmSync(STAMP, { force: true });
const require = createRequire(path.join(WEB, 'package.json'));
// The packages' own command-line entries, run with this node: no npx, nothing fetched.
const bin = (name, file) => path.join(path.dirname(require.resolve(`${name}/package.json`)), file);
run('type check', [bin('typescript', 'bin/tsc'), '-p', WEB], ROOT);
// The service worker's entry, with the worker's library (its other files are in the app's check too).
run('service worker type check', [bin('typescript', 'bin/tsc'), '-p', path.join(WEB, 'src', 'service-worker')], ROOT);
run('vite build', [bin('vite', 'bin/vite.js'), 'build'], WEB);
// The server's build of the same components (dist-ssr): it renders the public pages.
run('vite server build', [bin('vite', 'bin/vite.js'), 'build', '--ssr', 'src/entry-server.tsx'], WEB);
run('precompress', [path.join(WEB, 'scripts', 'precompress.mjs')], WEB);
writeFileSync(STAMP, `${hash}\n`);
