import type { ImportJobProgress } from '@inkstream/contracts';
import type { ImportProgress } from '../import/import-progress.js';

/**
 * The importer's progress (import-progress.ts) as a job's progress: chapters and pages done out of
 * their totals, at most once a second while pages go by, at once when the phase changes.
 */
export function createJobProgress(report: (progress: ImportJobProgress) => void, options: { everyMs?: number; now?: () => number } = {}) {
  const now = options.now ?? (() => performance.now());
  const everyMs = options.everyMs ?? 1000;
  const state: ImportJobProgress = { phase: 'checking', chapters_done: 0, chapters_total: 0, pages_done: 0, pages_total: 0, percent: 0 };
  let lastShown = -Infinity;
  let startedAt = now();

  const percent = () => {
    if (state.phase === 'done') return 100;
    if (state.pages_total > 0) return Math.min(99, Math.floor((state.pages_done / state.pages_total) * 100));
    if (state.chapters_total > 0) return Math.min(99, Math.floor((state.chapters_done / state.chapters_total) * 100));
    return 0;
  };
  const show = (force: boolean) => {
    const at = now();
    if (!force && at - lastShown < everyMs) return;
    lastShown = at;
    report({ ...state, percent: percent() });
  };
  const elapsedSeconds = () => (now() - startedAt) / 1000;

  const progress: ImportProgress = {
    start(total) {
      Object.assign(state, { phase: 'pages', pages_total: total, pages_done: 0 });
      startedAt = now();
      show(true);
    },
    advance(pages) {
      state.pages_done += pages;
      show(false);
    },
    finish() {
      state.phase = 'finishing';
      show(true);
    },
    rate() {
      const seconds = elapsedSeconds();
      return seconds > 0 ? state.pages_done / seconds : 0;
    },
    elapsedSeconds,
    chapters(total) {
      state.chapters_total = total;
      show(true);
    },
    chapterDone() {
      state.chapters_done += 1;
      show(false);
    },
  };

  return {
    progress,
    /** The importer's status lines (checking the files…): the first phase. */
    log: () => show(true),
    done() {
      state.phase = 'done';
      state.chapters_done = state.chapters_total;
      show(true);
    },
  };
}
