import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md "Floors of modules" is the checker's FLOORS (apps/server/.dependency-cruiser.mjs)
// as a table: the same floors in the same order, the same modules on each, the same words.
const repo = path.resolve(import.meta.dirname, '../../..');

interface Floor {
  floor: string;
  says: string;
  modules: string[];
}
const configUrl = pathToFileURL(path.join(repo, 'apps/server/.dependency-cruiser.mjs')).href;
const { FLOORS } = (await import(configUrl)) as { FLOORS: Floor[] };

/** The table's rows, top floor first: number, name, modules, what it holds. */
function floorsTable() {
  const text = readFileSync(path.join(repo, 'docs/ARCHITECTURE.md'), 'utf8');
  const section = text.slice(text.indexOf('### Floors of modules'));
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);
  const table = [];
  for (const row of rows) {
    const cells = row
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    table.push({ number: Number(cells[0]), floor: cells[1]!, modules: cells[2]!.split(', '), says: cells[3]! });
    if (cells[0] === '1') break;
  }
  return table;
}

describe('docs/ARCHITECTURE.md floors of modules', () => {
  it('lists the checker’s floors, top down, with their modules and words', () => {
    const documented = floorsTable();
    const configured = [...FLOORS].reverse().map(({ floor, modules, says }, at) => ({
      number: FLOORS.length - at,
      floor,
      modules: [...modules].sort(),
      says,
    }));
    expect(documented).toEqual(configured);
  });

  it('places every module folder on exactly one floor', () => {
    const folders = readdirSync(path.join(repo, 'apps/server/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const placed = FLOORS.flatMap((floor) => floor.modules).sort();
    expect(placed).toEqual(folders);
  });
});
