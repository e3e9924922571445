#!/usr/bin/env node
// `npm test`'s last step: every Vitest project, the browser journeys beside the rest.
//
// Why two Vitest processes: Vitest runs a project whose files must not run in parallel (the browser
// journeys share one server) in a phase of its own, after every other file, one file at a time. On
// the 2-core machine CI runs on, that phase was ten minutes with a core mostly idle. Run beside the
// server and web suites instead, it uses what they leave (they wait on PostgreSQL, child processes
// and timers much of the time). The journeys still run one file at a time, against their one server.
//
// With arguments (`npm test -- apps/server/test/foo.test.ts`), one `vitest run` with them, as before.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const extra = process.argv.slice(2);

// Lines naming a failed test or file, repeated at the end: CI keeps only the tail of a long log, and
// the failures of the first process to end would otherwise be scrolled out of it by the other's output.
const failures = [];
// eslint-disable-next-line no-control-regex -- the terminal's colour codes start with ESC
const ansi = /\u001b\[[0-9;]*m/g;
const failureLine = /^\s*(FAIL\s|×\s|✗\s)/;
// Vitest's own account of each failure (the assertion, the line, the cause), from its "Failed Tests"
// header to the run's summary: repeated at the end too, so CI's tail says why, not only what failed.
const details = [];
const DETAIL_LINES = 200;
const detailsStart = /⎯ Failed Tests \d+ ⎯/;
const detailsEnd = /^\s*Test Files\s/;

/** Runs one Vitest with `args`; its lines are written with `prefix` in front; resolves its exit code. */
function run(args, prefix) {
  const child = spawn(process.execPath, [...vitest, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let inDetails = false;
  const report = [];
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      out.write(`${prefix}${line}\n`);
      const plain = line.replace(ansi, '');
      if (failureLine.test(plain) && failures.length < 200) failures.push(`${prefix}${plain.trim()}`);
      if (detailsStart.test(plain)) inDetails = true;
      else if (detailsEnd.test(plain)) inDetails = false;
      if (inDetails && report.length < DETAIL_LINES) report.push(`${prefix}${plain}`);
    });
  }
  const stop = (signal) => child.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      details.push(...report);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const started = Date.now();
const runs = extra.length > 0 ? [run(extra, '')] : [run(['--project', '!e2e'], ''), run(['--project', 'e2e'], 'e2e | ')];
const codes = await Promise.all(runs);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const failed = codes.some((code) => code !== 0);
if (details.length > 0)
  console.log(`\n== why they failed (Vitest's report, at most ${DETAIL_LINES} lines a process)\n${details.join('\n')}`);
if (failures.length > 0) console.log(`\n== failed tests and files\n${[...new Set(failures)].join('\n')}`);
console.log(
  `\n== tests ${failed ? 'FAILED' : 'passed'} in ${minutes} min${runs.length > 1 ? ` (suite: exit ${codes[0]}, browser journeys: exit ${codes[1]})` : ''}`,
);
process.exit(failed ? 1 : 0);
