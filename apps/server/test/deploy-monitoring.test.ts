import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { knownSeriesNames } from './helpers/metric-families.js';

/**
 * The monitoring files in deploy/ checked by the tools that will read them: Prometheus's promtool
 * (rules, their unit tests, the example configuration, and the dashboard's queries as PromQL) and a
 * JSON parse of the Grafana dashboard. Every metric a query names must be one the server exposes
 * (helpers/metric-families.ts). Nothing here touches a database, so it runs once, with SQLite.
 * promtool comes from Debian's `prometheus` package (.ci/run installs it): without it this fails.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const PROMETHEUS_DIR = path.join(ROOT, 'deploy/prometheus');
const DASHBOARD = path.join(ROOT, 'deploy/grafana/inkstream.json');
const OPERATIONS = path.join(ROOT, 'docs/OPERATIONS.md');

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function scratchDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'inkstream-monitoring-'));
  scratch.push(dir);
  return dir;
}

function promtool(args: string[], cwd: string): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd, encoding: 'utf8', timeout: 20_000 });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error("promtool is not installed: install Debian's `prometheus` package (apt-get install prometheus), as .ci/run does");
  }
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
function alertRules(): AlertRule[] {
  const file = parseYaml(readFileSync(path.join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8')) as {
    groups: { name: string; rules: AlertRule[] }[];
  };
  return file.groups.flatMap((group) => group.rules);
}

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: { expr?: string; refId: string; datasource?: { uid: string } }[];
}
function dashboard() {
  return JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
    __inputs: { name: string; type: string; pluginId: string }[];
    templating: { list: { name: string; query: { query: string } }[] };
    panels: Panel[];
    schemaVersion: number;
  };
}

/** Grafana's variables, replaced by what Grafana would put there, so promtool can parse the query. */
function asPromQl(expr: string): string {
  return expr.replaceAll('$__rate_interval', '5m').replaceAll('$node', '.*');
}

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset']);
/**
 * The series names a PromQL expression reads: label matchers, label lists, strings and durations
 * removed, then every identifier that is neither a keyword nor called as a function.
 */
function seriesNames(expr: string): string[] {
  const bare = asPromQl(expr)
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ');
  const names: string[] = [];
  for (const match of bare.matchAll(/(?<![\w.])([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    if (match[2] || KEYWORDS.has(match[1]!)) continue;
    names.push(match[1]!);
  }
  return names;
}

/** GitHub's anchor of a Markdown heading. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

describe.skipIf(process.env.INKSTREAM_TEST_DB === 'postgres')('monitoring files in deploy/', () => {
  it('the alert rules pass promtool check rules, and their unit tests pass promtool test rules', () => {
    const check = promtool(['check', 'rules', 'alerts.yml'], PROMETHEUS_DIR);
    expect(check.output).toContain('SUCCESS: 15 rules found');
    expect(check.status).toBe(0);
    const test = promtool(['test', 'rules', 'alerts.test.yml'], PROMETHEUS_DIR);
    expect(test.output).toContain('SUCCESS');
    expect(test.output).not.toContain('FAILED');
    expect(test.status).toBe(0);
  });

  it('the unit tests can fail: the outbox alert at 20 minutes instead of 15 is caught', () => {
    const dir = scratchDir();
    const rules = readFileSync(path.join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8');
    // 900 s is the 15 minutes; 1200 s (20 minutes) must not pass the tests written for 15.
    const changed = rules.replace(
      'max(inkstream_mail_outbox_oldest_queued_age_seconds) > 900',
      'max(inkstream_mail_outbox_oldest_queued_age_seconds) > 1200',
    );
    expect(changed).not.toBe(rules);
    writeFileSync(path.join(dir, 'alerts.yml'), changed);
    copyFileSync(path.join(PROMETHEUS_DIR, 'alerts.test.yml'), path.join(dir, 'alerts.test.yml'));
    const test = promtool(['test', 'rules', 'alerts.test.yml'], dir);
    expect(test.status).toBe(1);
    expect(test.output).toContain('FAILED');
    expect(test.output).toContain('alertname: MailOutboxStuck');
  });

  it('the example Prometheus configuration passes promtool check config', () => {
    const check = promtool(['check', 'config', 'prometheus.yml'], PROMETHEUS_DIR);
    expect(check.output).toContain('SUCCESS: 1 rule files found');
    expect(check.status).toBe(0);
  });

  it('every alert has a severity, a summary, a description and a runbook that is a heading of docs/OPERATIONS.md', () => {
    const headings = new Set(
      readFileSync(OPERATIONS, 'utf8')
        .split('\n')
        .filter((line) => /^#{2,4} /.test(line))
        .map((line) => anchor(line.replace(/^#+ /, ''))),
    );
    const rules = alertRules();
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'PaymentNotificationsRefused',
        'PaymentNotificationsStopped',
        'MailOutboxStuck',
        'MailOutboxFailing',
        'JobLag',
        'HighErrorRate',
        'ChapterReadSlow',
        'EventLoopLag',
        'SearchIndexStale',
        'DataDirNearlyFull',
        'InkstreamDown',
      ]),
    );
    for (const rule of rules) {
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.annotations?.description, rule.alert).toBeTruthy();
      const runbook = rule.annotations?.runbook_url ?? '';
      expect(runbook, rule.alert).toMatch(/^docs\/OPERATIONS\.md#[a-z0-9-]+$/);
      expect(headings.has(runbook.split('#')[1]!), `${rule.alert}: ${runbook} is no heading of docs/OPERATIONS.md`).toBe(true);
    }
  });

  it('the Grafana dashboard is JSON Grafana imports: a Prometheus input, a node variable, every panel with queries', () => {
    const board = dashboard();
    expect(board.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(board.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' })]);
    expect(board.templating.list.map((variable) => variable.name)).toEqual(['node']);
    const panels = board.panels.filter((panel) => panel.type !== 'row');
    expect(new Set(board.panels.map((panel) => panel.id)).size).toBe(board.panels.length);
    expect(panels.length).toBeGreaterThanOrEqual(30);
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe('${DS_PROMETHEUS}');
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(target.expr, `${panel.title} ${target.refId}`).toBeTruthy();
        expect(target.datasource?.uid, panel.title).toBe('${DS_PROMETHEUS}');
      }
    }
    const titles = panels.map((panel) => panel.title.toLowerCase());
    for (const topic of [
      'chapter read',
      'cache hit',
      'orders',
      'notifications',
      'incidents',
      'outbox',
      'jobs',
      'search index',
      'event loop',
      'data_dir',
    ]) {
      expect(
        titles.some((title) => title.includes(topic)),
        topic,
      ).toBe(true);
    }
  });

  it("the dashboard's queries are PromQL promtool parses", () => {
    const dir = scratchDir();
    const rules = dashboard()
      .panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel, target })))
      .map(({ panel, target }) => ({ record: `dashboard:panel_${panel.id}_${target.refId}`, expr: asPromQl(target.expr!) }));
    writeFileSync(path.join(dir, 'dashboard-queries.yml'), JSON.stringify({ groups: [{ name: 'dashboard', rules }] }));
    const check = promtool(['check', 'rules', 'dashboard-queries.yml'], dir);
    expect(check.output).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(check.status).toBe(0);
  });

  it('the alerts and the dashboard name only metric families the server exposes', () => {
    const known = knownSeriesNames();
    // The check itself: it finds the names, and it would catch one the server does not expose.
    expect(seriesNames('sum by (le) (rate(inkstream_x_bucket{route="/a/:b", le!="1"}[5m])) > 1 and time() - up offset 5m')).toEqual([
      'inkstream_x_bucket',
      'up',
    ]);
    expect(known.has('inkstream_x_bucket')).toBe(false);

    const queries = [
      ...alertRules().map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr })),
      ...dashboard().panels.flatMap((panel) =>
        (panel.targets ?? []).map((target) => ({ where: `panel "${panel.title}" ${target.refId}`, expr: target.expr! })),
      ),
    ];
    const unknown = queries.flatMap(({ where, expr }) =>
      seriesNames(expr)
        .filter((name) => !known.has(name))
        .map((name) => `${where}: ${name}`),
    );
    expect(unknown).toEqual([]);
    // Every family the alerts are about is read somewhere.
    const named = new Set(queries.flatMap(({ expr }) => seriesNames(expr)));
    for (const name of [
      'inkstream_payment_notifications_refused_total',
      'inkstream_payment_notifications_received_total',
      'inkstream_orders_total',
      'inkstream_mail_outbox_oldest_queued_age_seconds',
      'inkstream_jobs_oldest_due_age_seconds',
      'inkstream_http_requests_total',
      'inkstream_http_request_duration_seconds_bucket',
      'nodejs_eventloop_lag_p99_seconds',
      'inkstream_search_index_last_rebuild_timestamp_seconds',
      'inkstream_data_dir_free_bytes',
    ]) {
      expect(named.has(name), name).toBe(true);
    }
  });
});
