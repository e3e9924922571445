/**
 * The import's progress on stderr: pages done out of the total, pages per second and the time
 * left. On a terminal it is one line rewritten in place; in a log (CI, `2> file`) it is a line
 * every few seconds, so the log stays short and still shows that the import moves.
 */

export interface ProgressOutput {
  /** Writes a whole line (a log). */
  line(text: string): void;
  /** Rewrites the status line in place; present only on a terminal. */
  status?: (text: string) => void;
}

export interface ImportProgress {
  start(total: number): void;
  advance(pages: number): void;
  finish(): void;
  /** Pages per second over the whole run so far. */
  rate(): number;
  elapsedSeconds(): number;
  /** Optional (the console's upload jobs): how many chapters will be written, told once before the pages. */
  chapters?(total: number): void;
  /** Optional: one chapter is finished (saved, or failed and reported). */
  chapterDone?(): void;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  return minutes < 60 ? `${minutes} min ${whole % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function createImportProgress(output: ProgressOutput, options: { logEveryMs?: number; now?: () => number } = {}): ImportProgress {
  const now = options.now ?? (() => performance.now());
  const logEveryMs = options.logEveryMs ?? 5000;
  const redrawEveryMs = 100;
  let total = 0;
  let done = 0;
  let startedAt = now();
  let lastShown = -Infinity;

  const elapsedSeconds = () => (now() - startedAt) / 1000;
  const rate = () => {
    const seconds = elapsedSeconds();
    return seconds > 0 ? done / seconds : 0;
  };
  const describe = () => {
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
    const speed = rate();
    const left = done >= total ? 'done' : speed > 0 ? `about ${formatDuration((total - done) / speed)} left` : 'estimating time left';
    return `pages ${done}/${total} (${percent}%) · ${speed.toFixed(1)} pages/s · ${left}`;
  };
  const show = (force: boolean) => {
    const at = now();
    if (!force && at - lastShown < (output.status ? redrawEveryMs : logEveryMs)) return;
    lastShown = at;
    if (output.status) output.status(`\r\x1b[2K${describe()}`);
    else output.line(describe());
  };

  return {
    start(count) {
      total = count;
      done = 0;
      startedAt = now();
      show(true);
    },
    advance(pages) {
      done += pages;
      show(false);
    },
    finish() {
      if (output.status) output.status(`\r\x1b[2K`);
      output.line(describe());
    },
    rate,
    elapsedSeconds,
  };
}
