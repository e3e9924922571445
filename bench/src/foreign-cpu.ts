import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * Measures how much CPU other programs used while the benchmark ran (Linux /proc): on a shared machine
 * a busy neighbour inflates tail latencies, and the report must say so rather than blame the server.
 */
export interface ForeignCpuMeter {
  /** Average number of cores kept busy by processes other than `pids`, or null without /proc. */
  stop(): number | null;
}

function machineTicks(): { busy: number; total: number } | null {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return null;
  }
}

export function processTicks(pid: number): number {
  try {
    // Fields after the command name, which may itself contain spaces or parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11] ?? 0) + Number(fields[12] ?? 0); // utime, stime
  } catch {
    return 0;
  }
}

export function startForeignCpuMeter(pids: readonly number[]): ForeignCpuMeter {
  const ours = () => pids.reduce((sum, pid) => sum + processTicks(pid), 0);
  const machineStart = machineTicks();
  const oursStart = ours();
  return {
    stop() {
      const machineEnd = machineTicks();
      if (!machineStart || !machineEnd || machineEnd.total <= machineStart.total) return null;
      const foreignBusy = machineEnd.busy - machineStart.busy - (ours() - oursStart);
      // Ticks of all cores together: divided by the core count they give elapsed ticks of one core.
      return Math.max(0, (foreignBusy * os.cpus().length) / (machineEnd.total - machineStart.total));
    },
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
export const TICKS_PER_SECOND = 100;

/** Average number of cores one process kept busy between start and stop (its CPU time over the elapsed time). */
export function startProcessCpuMeter(pid: number): { stop(): number | null } {
  const machineStart = machineTicks();
  const start = processTicks(pid);
  return {
    stop() {
      const machineEnd = machineTicks();
      if (!machineStart || !machineEnd || machineEnd.total <= machineStart.total) return null;
      return ((processTicks(pid) - start) * os.cpus().length) / (machineEnd.total - machineStart.total);
    },
  };
}
