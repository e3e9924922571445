import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md "After a commit" lists every domain event in a table: the same events as
// db/domain-events.ts declares (DomainEventMap), and each one raised somewhere in the server, so
// the table can neither miss an event (order-changed once was) nor list one nobody raises.
const repo = path.resolve(import.meta.dirname, '../../..');
const source = path.join(repo, 'apps/server/src');

/** The event names DomainEventMap declares, read from its syntax. */
function declaredEvents(): string[] {
  const file = path.join(source, 'db/domain-events.ts');
  const tree = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const map = tree.statements.find((node) => ts.isInterfaceDeclaration(node) && node.name.text === 'DomainEventMap');
  if (!map || !ts.isInterfaceDeclaration(map)) throw new Error('no DomainEventMap in db/domain-events.ts');
  return map.members.map((member) => (member.name as ts.StringLiteral).text);
}

/** The first column of the events table in the "After a commit" section. */
function documentedEvents(): string[] {
  const text = readFileSync(path.join(repo, 'docs/ARCHITECTURE.md'), 'utf8');
  const start = text.indexOf('## After a commit');
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  const lines = section.split('\n');
  const header = lines.findIndex((line) => /^\|\s*Event\s*\|/.test(line));
  if (header < 0) throw new Error('no events table in "After a commit"');
  const rows = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|')[1]!.trim().replace(/`/g, ''));
  }
  return rows;
}

/** Every non-test source file of the server, as text. */
function sourceTexts(dir = source): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceTexts(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && full !== path.join(source, 'db/domain-events.ts')
      ? [readFileSync(full, 'utf8')]
      : [];
  });
}

describe('docs/ARCHITECTURE.md, "After a commit"', () => {
  it('lists exactly the events db/domain-events.ts declares', () => {
    const declared = declaredEvents();
    expect(declared.length).toBeGreaterThanOrEqual(12);
    expect([...documentedEvents()].sort()).toEqual([...declared].sort());
  });

  it('lists no event that nothing raises', () => {
    const texts = sourceTexts();
    const unraised = declaredEvents().filter((event) => !texts.some((text) => text.includes(`type: '${event}'`)));
    expect(unraised).toEqual([]);
  });
});
