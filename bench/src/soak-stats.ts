import { EXPECTED_STATUS, SOAK_KINDS, type SoakKind } from './soak-mix.js';

interface Bucket {
  latencies: number[];
  errors: number;
}

interface MinuteBucket extends Bucket {
  rssMb: number[];
  serverCpuCores: number | null;
  foreignCpuCores: number | null;
}

interface KindBucket extends Bucket {
  statuses: Map<number, number>;
}

export interface MinuteSummary {
  minute: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  /** Mean of the once-a-second RSS samples taken during the minute. */
  rssMb: number | null;
  serverCpuCores: number | null;
  foreignCpuCores: number | null;
}

export interface KindSummary {
  kind: SoakKind;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  /** Statuses other than the expected one, with counts, e.g. "429 ×3". */
  unexpected: string;
}

/** Everything the soak saw, bucketed by minute (for the trend) and by kind of request (for the mix). */
export function createSoakRecorder(minutes: number) {
  const byMinute: MinuteBucket[] = Array.from({ length: minutes }, () => ({
    latencies: [],
    errors: 0,
    rssMb: [],
    serverCpuCores: null,
    foreignCpuCores: null,
  }));
  const byKind = new Map<SoakKind, KindBucket>(SOAK_KINDS.map((kind) => [kind, { latencies: [], errors: 0, statuses: new Map() }]));
  const minuteAt = (minute: number) => byMinute[Math.min(Math.max(0, minute), minutes - 1)] as MinuteBucket;
  let socketErrors = 0;

  return {
    response(minute: number, kind: SoakKind, status: number, latencyMs: number): void {
      const bucket = minuteAt(minute);
      const kindBucket = byKind.get(kind) as KindBucket;
      bucket.latencies.push(latencyMs);
      kindBucket.latencies.push(latencyMs);
      kindBucket.statuses.set(status, (kindBucket.statuses.get(status) ?? 0) + 1);
      if (status !== EXPECTED_STATUS[kind]) {
        bucket.errors++;
        kindBucket.errors++;
      }
    },
    /** A connection error or a timeout: no answer, so no kind and no latency. */
    socketError(minute: number): void {
      minuteAt(minute).errors++;
      socketErrors++;
    },
    memory(minute: number, rssMb: number | null): void {
      if (rssMb !== null) minuteAt(minute).rssMb.push(rssMb);
    },
    cpu(minute: number, serverCores: number | null, foreignCores: number | null): void {
      Object.assign(minuteAt(minute), { serverCpuCores: serverCores, foreignCpuCores: foreignCores });
    },
    socketErrors: () => socketErrors,
    minutes(): MinuteSummary[] {
      return byMinute.map((bucket, index) => {
        const sorted = [...bucket.latencies].sort((a, b) => a - b);
        return {
          minute: index + 1,
          requestsPerSecond: bucket.latencies.length / 60,
          p50Ms: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
          maxMs: sorted[sorted.length - 1] ?? Number.NaN,
          errors: bucket.errors,
          rssMb: bucket.rssMb.length > 0 ? bucket.rssMb.reduce((sum, value) => sum + value, 0) / bucket.rssMb.length : null,
          serverCpuCores: bucket.serverCpuCores,
          foreignCpuCores: bucket.foreignCpuCores,
        };
      });
    },
    kinds(): KindSummary[] {
      return SOAK_KINDS.map((kind) => {
        const bucket = byKind.get(kind) as KindBucket;
        const sorted = [...bucket.latencies].sort((a, b) => a - b);
        const unexpected = [...bucket.statuses]
          .filter(([status]) => status !== EXPECTED_STATUS[kind])
          .map(([status, count]) => `${status} ×${count}`)
          .join(', ');
        return {
          kind,
          requests: sorted.length,
          p50Ms: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
          maxMs: sorted[sorted.length - 1] ?? Number.NaN,
          errors: bucket.errors,
          unexpected,
        };
      });
    },
  };
}

export type SoakRecorder = ReturnType<typeof createSoakRecorder>;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

export const MEMORY_TOLERANCE = 0.1;

export interface SoakVerdict {
  errors: number;
  /** Last minute's mean RSS over minute two's, or null when either was not measured. */
  memoryRatio: number | null;
  passed: boolean;
}

/**
 * Passes with no error at all and the last minute's memory within 10 % of minute two's (minute one
 * holds start-up, JIT compilation and the caches filling; from minute two the process should be flat).
 */
export function judgeSoak(minutes: readonly MinuteSummary[], serverAlive: boolean): SoakVerdict {
  const errors = minutes.reduce((sum, minute) => sum + minute.errors, 0);
  const second = minutes[1]?.rssMb ?? null;
  const last = minutes[minutes.length - 1]?.rssMb ?? null;
  const memoryRatio = second !== null && last !== null && second > 0 ? last / second : null;
  const memoryFlat = memoryRatio !== null && Math.abs(memoryRatio - 1) <= MEMORY_TOLERANCE;
  return { errors, memoryRatio, passed: serverAlive && errors === 0 && memoryFlat };
}
