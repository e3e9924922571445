import type { Registry } from 'prom-client';

/**
 * Counters and histograms for the paths every request takes (HTTP, the caches, database
 * statements), registered on a prom-client Registry as metrics of their own.
 *
 * Why not prom-client's Counter and Histogram there: their label children re-hash and re-check the
 * labels at every `inc()` and `observe()` (prom-client 15), about 0.3 µs each, and a public answer
 * replayed from the cache front costs the server 13 µs in all: three such calls were a 20 % loss
 * (issue 44 asks for 5 % at most, `npm run bench:metrics`). Here a child is a plain object bound once
 * to its label values; counting is an addition, and the labels are written out only at scrape.
 */

export interface CounterChild {
  inc(): void;
}

export interface HistogramChild {
  observe(value: number): void;
}

interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/** What a Registry asks of a metric (prom-client's own metrics have the same shape). */
interface RegistryMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; aggregator: 'sum'; values: MetricValue[] }>;
  reset(): void;
}

interface Definition<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
}

/** Children by their label values (`\u0000`-joined: label values never hold it). */
function childTable<C>(labelNames: readonly string[], make: (labels: Record<string, string>) => C) {
  const children = new Map<string, { labels: Record<string, string>; child: C }>();
  return {
    child(values: readonly string[]): C {
      if (values.length !== labelNames.length) throw new Error(`expected ${labelNames.length} label values, got ${values.length}`);
      const key = values.join('\u0000');
      let found = children.get(key);
      if (!found) {
        const labels = Object.fromEntries(labelNames.map((name, index) => [name, values[index]!]));
        found = { labels, child: make(labels) };
        children.set(key, found);
      }
      return found.child;
    },
    entries: () => children.values(),
    clear: () => children.clear(),
  };
}

/** A counter whose children are bound once (`child('GET', '2xx')`) and then only added to. */
export function hotCounter<L extends string>(registry: Registry, definition: Definition<L>) {
  const children = childTable(definition.labelNames, () => {
    const state = { value: 0 };
    const child: CounterChild = {
      inc() {
        state.value += 1;
      },
    };
    return { state, child };
  });
  const metric: RegistryMetric = {
    name: definition.name,
    help: definition.help,
    type: 'counter',
    aggregator: 'sum',
    get: async () => ({
      name: definition.name,
      help: definition.help,
      type: 'counter',
      aggregator: 'sum',
      values: [...children.entries()].map(({ labels, child }) => ({ labels: { ...labels }, value: child.state.value })),
    }),
    reset: () => children.clear(),
  };
  registry.registerMetric(metric as never);
  return {
    child: (...values: string[]): CounterChild => children.child(values).child,
  };
}

/** A histogram of cumulative buckets whose children are bound once and then only observed into. */
export function hotHistogram<L extends string>(registry: Registry, definition: Definition<L> & { buckets: readonly number[] }) {
  const bounds = [...definition.buckets].sort((a, b) => a - b);
  const children = childTable(definition.labelNames, () => {
    // counts[i]: observations in (bounds[i-1], bounds[i]]; the last slot: above every bound.
    const state = { counts: new Float64Array(bounds.length + 1), sum: 0, count: 0 };
    const child: HistogramChild = {
      observe(value) {
        let index = 0;
        while (index < bounds.length && value > bounds[index]!) index += 1;
        state.counts[index]! += 1;
        state.sum += value;
        state.count += 1;
      },
    };
    return { state, child };
  });
  const metric: RegistryMetric = {
    name: definition.name,
    help: definition.help,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => {
      const values: MetricValue[] = [];
      for (const { labels, child } of children.entries()) {
        const { counts, sum, count } = child.state;
        let cumulative = 0;
        bounds.forEach((bound, index) => {
          cumulative += counts[index]!;
          values.push({ labels: { ...labels, le: bound }, value: cumulative, metricName: `${definition.name}_bucket` });
        });
        values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: `${definition.name}_bucket` });
        values.push({ labels: { ...labels }, value: sum, metricName: `${definition.name}_sum` });
        values.push({ labels: { ...labels }, value: count, metricName: `${definition.name}_count` });
      }
      return { name: definition.name, help: definition.help, type: 'histogram', aggregator: 'sum', values };
    },
    reset: () => children.clear(),
  };
  registry.registerMetric(metric as never);
  return {
    child: (...values: string[]): HistogramChild => children.child(values).child,
  };
}
