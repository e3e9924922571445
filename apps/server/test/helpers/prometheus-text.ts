import { spawnSync } from 'node:child_process';

/** One sample of a scrape: its series name, its labels and its value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a text-format (0.0.4) scrape; a line that is neither a comment nor a sample fails the test. */
export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL))
      labels[name!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when none; throws when several. */
export function sampleValue(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** The metric families (# TYPE lines) of a scrape. */
export const familiesOf = (text: string): Map<string, string> =>
  new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!] as const));

/**
 * `promtool check metrics` on the scrape (the Prometheus project's own parser and linter), when
 * promtool is installed (CI installs Debian's `prometheus` package): its output, '' when clean.
 */
export function promtoolProblems(text: string): string | null {
  const run = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (run.error) return null;
  return `${run.stdout}${run.stderr}`.trim();
}
