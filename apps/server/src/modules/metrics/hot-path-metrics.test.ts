import { AggregatorRegistry, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { hotCounter, hotHistogram } from './hot-path-metrics.js';

describe('hot-path metrics', () => {
  it('writes a counter and a histogram in the exposition format, buckets cumulative and `le` inclusive', async () => {
    const registry = new Registry();
    registry.setDefaultLabels({ node: 'n1' });
    const requests = hotCounter(registry, { name: 'x_requests_total', help: 'Requests.', labelNames: ['route'] });
    const durations = hotHistogram(registry, { name: 'x_seconds', help: 'Durations.', labelNames: ['route'], buckets: [0.1, 1] });
    const books = requests.child('/books');
    books.inc();
    books.inc();
    requests.child('/books').inc(); // the same child again
    const timing = durations.child('/books');
    for (const seconds of [0.05, 0.1, 0.5, 3]) timing.observe(seconds);

    expect(await registry.metrics()).toBe(
      [
        '# HELP x_requests_total Requests.',
        '# TYPE x_requests_total counter',
        'x_requests_total{route="/books",node="n1"} 3',
        '',
        '# HELP x_seconds Durations.',
        '# TYPE x_seconds histogram',
        'x_seconds_bucket{route="/books",le="0.1",node="n1"} 2',
        'x_seconds_bucket{route="/books",le="1",node="n1"} 3',
        'x_seconds_bucket{route="/books",le="+Inf",node="n1"} 4',
        'x_seconds_sum{route="/books",node="n1"} 3.65',
        'x_seconds_count{route="/books",node="n1"} 4',
        '',
      ].join('\n'),
    );
  });

  it('sums over cluster workers as prom-client does its own metrics', async () => {
    const workers = [new Registry(), new Registry()];
    workers.forEach((registry, index) => {
      const counter = hotCounter(registry, { name: 'x_total', help: 'X.', labelNames: ['kind'] });
      for (let i = 0; i <= index; i += 1) counter.child('a').inc();
    });
    const summed = AggregatorRegistry.aggregate(await Promise.all(workers.map((registry) => registry.getMetricsAsJSON())));
    expect(await summed.metrics()).toContain('x_total{kind="a"} 3');
  });

  it('refuses a child with the wrong number of label values', () => {
    const counter = hotCounter(new Registry(), { name: 'y_total', help: 'Y.', labelNames: ['a', 'b'] });
    expect(() => counter.child('only one')).toThrow('expected 2 label values, got 1');
  });
});
