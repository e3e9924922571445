import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Sentences of docs/ARCHITECTURE.md that name files, held to the code (issue 57 item 6): a map
// that forgets a module or a stage, or a claim about who reads a table, fails here instead of
// going stale. The floors table and the events table have their own tests
// (architecture-floors.test.ts, architecture-events.test.ts); the rules the lint scripts enforce
// are tested on fixtures (check-imports-server.test.ts, check-module-floors.test.ts).
const repo = path.resolve(import.meta.dirname, '../../..');
const source = path.join(repo, 'apps/server/src');
const architecture = readFileSync(path.join(repo, 'docs/ARCHITECTURE.md'), 'utf8');

function section(heading: string): string {
  const start = architecture.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no "## ${heading}" in docs/ARCHITECTURE.md`);
  const end = architecture.indexOf('\n## ', start + 1);
  return architecture.slice(start, end < 0 ? undefined : end);
}

/** Non-test TypeScript files under `dir`, relative to it. */
function sourceFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full, `${prefix}${name}/`);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [`${prefix}${name}`] : [];
  });
}

describe('docs/ARCHITECTURE.md', () => {
  it('maps every module folder and every file of the wiring root', () => {
    const map = section('Map of the code');
    const mappedModules = [...map.matchAll(/^ {4}([a-z-]+)\/ /gm)].map((match) => match[1]);
    const modules = readdirSync(path.join(source, 'modules')).filter((name) => statSync(path.join(source, 'modules', name)).isDirectory());
    expect([...mappedModules].sort()).toEqual([...modules].sort());
    const rootFiles = readdirSync(source).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    const stages = readdirSync(path.join(source, 'wiring'));
    for (const file of rootFiles) expect(map, `src/${file} in the map`).toContain(file);
    // The wiring root's stages are named in its line of the map.
    const lines = map.split('\n');
    const first = lines.findIndex((line) => line.startsWith('  wiring/'));
    const next = lines.findIndex((line, at) => at > first && !/^ {10,}\S/.test(line));
    const wiringLine = lines.slice(first, next).join(' ');
    for (const stage of stages) expect(wiringLine, `wiring/${stage} in the map`).toContain(stage);
  });

  it('names exactly the files that name chapter_grants (only the access module decides from them)', () => {
    const claim = section('Who may read what');
    const start = claim.indexOf('Files naming `chapter_grants`');
    expect(start).toBeGreaterThan(0);
    const listed = [...claim.slice(start, claim.indexOf('\n\n', start)).matchAll(/`([a-z-]+\/[\w./-]+\.ts)`/g)].map((match) => match[1]);
    const naming = sourceFiles(path.join(source, 'modules')).filter((file) =>
      readFileSync(path.join(source, 'modules', file), 'utf8').includes('chapter_grants'),
    );
    expect([...listed].sort()).toEqual(naming.sort());
    // Who decides: the files outside access/ that name the table never ask the access rule's terms.
    for (const file of naming.filter((name) => !name.startsWith('access/'))) {
      expect(readFileSync(path.join(source, 'modules', file), 'utf8'), file).not.toMatch(/chapterAccessOf|readerTermsSql/);
    }
  });
});
