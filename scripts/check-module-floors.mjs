// The server's layers and floors of modules (docs/ARCHITECTURE.md "Layers"), checked by
// dependency-cruiser with the rules of apps/server/.dependency-cruiser.mjs: the floor (plugins/,
// lib/, http/, db/) knows no domain, nothing but the wiring root imports the root, no module
// imports a module of a floor above its own, no module folders import each other (directly or
// through others), no import loop among files. Run by `npm run lint`; prints each broken rule and
// exits 1. It fails too on a module folder placed on no floor. No exception is listed: a new
// upward import or module loop fails until it is undone.
//
// Usage: node scripts/check-module-floors.mjs [source directory] (default apps/server/src; the test
// in apps/server/test runs it on fixture trees).
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import rules, { FLOORS } from '../apps/server/.dependency-cruiser.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.resolve(process.argv[2] ?? path.join(ROOT, 'apps/server/src'));

const { output } = await cruise(['.'], {
  ...rules.options,
  baseDir: SOURCE,
  validate: true,
  ruleSet: { forbidden: rules.forbidden },
});

const comments = new Map(rules.forbidden.map((rule) => [rule.name, rule.comment]));
const nameOf = (step) => (typeof step === 'string' ? step : step.name);
const problems = [];
const loopsSeen = new Set();
for (const violation of output.summary.violations) {
  if (violation.rule.severity === 'ignore') continue;
  const comment = comments.get(violation.rule.name) ?? violation.rule.name;
  if (violation.type === 'cycle' && violation.cycle) {
    const steps = [violation.from, ...violation.cycle.map(nameOf)];
    const key = [...new Set(steps)].sort().join(' ');
    if (loopsSeen.has(key)) continue;
    loopsSeen.add(key);
    const what = violation.rule.name === 'no-file-loop' ? `import loop among ${steps.length - 1} files` : 'module loop';
    problems.push(`${what}: ${steps.join(' → ')} (${violation.rule.name}: ${comment})`);
  } else problems.push(`${violation.from} imports ${violation.to} (${violation.rule.name}: ${comment})`);
}

// A module folder on no floor would be held to nothing: each one is placed.
const placed = new Set(FLOORS.flatMap((floor) => floor.modules));
const folders = new Set(output.modules.map((module) => /^modules\/([^/]+)\//.exec(module.source)?.[1]).filter(Boolean));
for (const folder of [...folders].sort())
  if (!placed.has(folder)) problems.push(`modules/${folder}/ is on no floor: add it to FLOORS in apps/server/.dependency-cruiser.mjs`);

const where = path.relative(ROOT, SOURCE) || '.';
if (problems.length > 0) {
  console.error(`check-module-floors: ${problems.length} problem(s) in ${where}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `check-module-floors: ${output.summary.totalCruised} files in ${where}, ${FLOORS.length} floors of modules, no import up a floor, ` +
    `no module loop, no file loop, the floor knows no domain, the root on top`,
);
