import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { MetricsScrape } from './metrics-scrape.js';

/** The IPC messages of a worker's `/metrics` (METRICS_TOKEN): the question to the primary and its answer. */
const ASK = 'inkstream:metrics-scrape';
const ANSWER = 'inkstream:metrics-scrape-answer';
/** prom-client's own wait for the workers is 5 s; a little more for the way there and back. */
const ASK_TIMEOUT_MS = 7_000;

interface Answer {
  type: typeof ANSWER;
  id: string;
  text?: string;
  error?: string;
}

/**
 * The cluster primary's side (WEB_CONCURRENCY > 1, metrics on): prom-client's AggregatorRegistry
 * asks every worker for its registry and sums them (gauges read from the database carry their own
 * aggregator, `first` or `max`, so N workers are not counted N times). It answers the workers'
 * token route over IPC; METRICS_LISTEN is served by the primary with the same text.
 */
export function createPrimaryMetrics(): MetricsScrape & { listen(): void } {
  const aggregator = new AggregatorRegistry();
  const text = () => aggregator.clusterMetrics();
  return {
    contentType: aggregator.contentType,
    text,
    listen() {
      cluster.on('message', (worker: Worker, message: unknown) => {
        if (!isAsk(message)) return;
        const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
          if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer });
        };
        text().then(
          (body) => reply({ text: body }),
          (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
        );
      });
    },
  };
}

const isAsk = (message: unknown): message is { type: typeof ASK; id: string } =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === ASK;

/**
 * A cluster worker's side: its app's registry is what it gives the primary's AggregatorRegistry
 * (constructing one here installs prom-client's answering listener), and its token route asks
 * the primary for the whole node's sum.
 */
export function clusterWorkerScrape(registry: Registry): MetricsScrape {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
  return {
    contentType: registry.contentType,
    text: () =>
      new Promise<string>((resolve, reject) => {
        const id = randomUUID();
        const timer = setTimeout(() => {
          process.off('message', onMessage);
          reject(new Error('metrics: the cluster primary did not answer'));
        }, ASK_TIMEOUT_MS);
        function onMessage(message: unknown) {
          const answer = message as Partial<Answer> | null;
          if (answer?.type !== ANSWER || answer.id !== id) return;
          clearTimeout(timer);
          process.off('message', onMessage);
          if (answer.text !== undefined) resolve(answer.text);
          else reject(new Error(`metrics: the cluster primary could not sum the workers: ${answer.error ?? 'unknown error'}`));
        }
        process.on('message', onMessage);
        process.send!({ type: ASK, id });
      }),
  };
}
