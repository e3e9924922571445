import { readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import first from './locales/en-us/first';
import reading from './locales/en-us/reading';
import rest from './locales/en-us/rest';

/**
 * The language arrives in parts (index.ts): the book list renders with the first part alone, the
 * reading screens with the first and the reading part. A text of a namespace neither part holds
 * would show its key instead, so this walks each screen's imports (static and lazy: a dialog the
 * screen opens later renders with the same parts) and lists every namespace they translate with.
 */
const SOURCE_ROOT = path.resolve(import.meta.dirname, '..');
const FIRST = Object.keys(first).sort();
const READING = Object.keys(reading).sort();

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** What a module's imports lead to: for a barrel (index.ts of re-exports), only the files behind the names imported. */
function importedFiles(file: string, source: string): string[] {
  const files: string[] = [];
  for (const match of source.matchAll(/(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]/g)) {
    if (match[1]) continue;
    const target = resolveImport(file, match[3]!);
    if (!target) continue;
    const names = /\{([^}]*)\}/
      .exec(match[2]!)?.[1]
      ?.split(',')
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      );
    files.push(...(isBarrel(target) && names ? throughBarrel(target, names) : [target]));
  }
  for (const match of source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const target = resolveImport(file, match[1]!);
    if (target) files.push(target);
  }
  return files;
}

const isBarrel = (file: string) => /[\\/]index\.tsx?$/.test(file);

function throughBarrel(barrel: string, names: string[]): string[] {
  const source = readFileSync(barrel, 'utf8');
  const files: string[] = [];
  for (const match of source.matchAll(/export\s+(?:type\s+)?(\*|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]/g)) {
    const target = resolveImport(barrel, match[2]!);
    if (!target) continue;
    const exported =
      match[1] === '*'
        ? null
        : match[1]!
            .slice(1, -1)
            .split(',')
            .map((name) =>
              name
                .trim()
                .split(/\s+as\s+/)
                .at(-1)!,
            );
    if (!exported || exported.some((name) => names.includes(name))) files.push(target);
  }
  return files;
}

/** Every namespace the modules reachable from `entry` translate with, and where. */
function namespacesOf(entry: string): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const note = (namespace: string, file: string) => used.set(namespace, [...(used.get(namespace) ?? []), path.relative(SOURCE_ROOT, file)]);
  const seen = new Set<string>();
  const queue = [path.join(SOURCE_ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.test\.tsx?$/.test(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/useTranslation\(\s*(?:'([^']+)')?\s*\)/g)) note(match[1] ?? 'common', file);
    for (const match of source.matchAll(/\bt\(\s*['`]([a-z-]+):/g)) note(match[1]!, file);
    queue.push(...importedFiles(file, source));
  }
  return used;
}

const outside = (used: Map<string, string[]>, allowed: string[]) =>
  Object.fromEntries([...used].filter(([namespace]) => !allowed.includes(namespace)));

describe('the parts of a language', () => {
  it('are the landing page’s, the reading screens’ and the rest, each namespace in one', () => {
    expect(FIRST).toEqual(['books', 'common']);
    expect(READING).toEqual([
      'chapters',
      'coins',
      'comments',
      'discovery',
      'offline',
      'paged',
      'plans',
      'ratings',
      'reader',
      'readingsettings',
    ]);
    const all = [...FIRST, ...READING, ...Object.keys(rest)];
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(rest)).toContain('profile');
  });

  it('hold every text the book list shows, with the first part alone', () => {
    expect(outside(namespacesOf('routes/BookListPage.tsx'), FIRST)).toEqual({});
  });

  for (const screen of ['ChapterListPage', 'ReadingPage', 'SearchPage', 'SchedulePage', 'RankingsPage', 'AuthorPage', 'OfflinePage']) {
    it(`hold every text the ${screen} shows, with the first and the reading part`, () => {
      const used = namespacesOf(`routes/${screen}.tsx`);
      expect(used.has('common')).toBe(true);
      expect(outside(used, [...FIRST, ...READING])).toEqual({});
    });
  }

  it('would see a text of another part (the walk finds the reading notice’s plan names)', () => {
    expect(namespacesOf('routes/ReadingPage.tsx').get('plans')).toContain(path.join('features', 'reading', 'ReadingNotice.tsx'));
  });
});
